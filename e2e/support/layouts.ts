import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { appReady } from './appReady';
import { seriousAccessibilityViolations } from './axe';
import type { Language } from './identity';
import { screenshot } from './stack';

/** The window sizes and languages every checked screen is looked at in. */
export const LAYOUTS: ReadonlyArray<{ language: Language; width: number }> = [
  { language: 'en', width: 1440 },
  { language: 'en', width: 360 },
  { language: 'ru', width: 360 },
  { language: 'ru', width: 1440 },
];

/** Chooses a language with the page's own switch, which reloads the page. */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  const button = page.getByRole('button', { name: language.toUpperCase(), exact: true });
  if ((await button.getAttribute('aria-pressed')) === 'true') return;
  await Promise.all([page.waitForEvent('load'), button.click()]);
  await appReady(page);
}

/**
 * Looks at the screen open on `page` in every layout: `ready` waits until it shows what it should in
 * that language; then axe finds no serious violation, nothing is wider than the window, and a
 * screenshot named `name-language-width` is kept. Ends in English at 1440 px.
 */
export async function checkEveryLayout(page: Page, name: string, ready: (language: Language) => Promise<void>): Promise<void> {
  for (const { language, width } of LAYOUTS) {
    await useLanguage(page, language);
    await page.setViewportSize({ width, height: 900 });
    await ready(language);
    const where = `${name}, ${language}, ${width} px`;
    expect(await seriousAccessibilityViolations(page), where).toEqual([]);
    const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, window: window.innerWidth }));
    expect(widths.content, `${where}: the page is wider than the window`).toBeLessThanOrEqual(widths.window);
    await screenshot(page, `${name}-${language}-${width}`);
  }
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * The cabinet's screen in every layout, as checkEveryLayout looks at the back office's: the language
 * chosen with the cabinet's own switch (in the side menu, open at 1440 px), then the page loaded
 * afresh at the width, so a phone sees the menu closed. Axe finds no serious violation, nothing is
 * wider than the window, and a screenshot is kept. Ends in English at 1440 px.
 */
export async function checkCabinetLayouts(page: Page, name: string, ready: (language: Language) => Promise<void>): Promise<void> {
  for (const { language, width } of [...LAYOUTS, { language: 'en' as const, width: 1440 }]) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await appReady(page);
    await useLanguage(page, language);
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await appReady(page);
    await ready(language);
    if (name === '') continue;
    const where = `${name}, ${language}, ${width} px`;
    expect(await seriousAccessibilityViolations(page), where).toEqual([]);
    const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, window: window.innerWidth }));
    expect(widths.content, `${where}: the page is wider than the window`).toBeLessThanOrEqual(widths.window);
    await screenshot(page, `${name}-${language}-${width}`);
  }
}
