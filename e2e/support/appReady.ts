import type { Page, Response } from 'playwright-core';

/** Waits for `<html data-app="ready">`: the app has the whole page (prerender/takeOver.tsx). */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}

/**
 * Waits until the app has taken over the page just loaded (appReady). A pre-rendered page is drawn
 * before its script runs, so a test that found its button could otherwise click it while it is
 * still the page's static copy.
 * Answers that are not the app's page (a download, an API's JSON) have nothing to wait for.
 */
export async function waitForApp(page: Page, response: Response | null): Promise<void> {
  if (!response || !(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
  await appReady(page);
}

/**
 * Makes the page's goto and reload wait for the app as well, so every test does without asking;
 * a goto that asks to return on the answer's first bytes (`waitUntil: 'commit'`) is left alone.
 */
export function waitForAppOnNavigation(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await waitForApp(page, response);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await waitForApp(page, response);
    return response;
  };
}
