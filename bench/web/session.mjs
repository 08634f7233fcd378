// Signs the demo personal client in through the sign-in screen itself (e-mail and password, then
// the mailed code), in the browser Lighthouse audits next: the web app stores its own session
// (persisted store in local storage), exactly as a client's browser would hold it.
import { chromium } from 'playwright-core';

export const DEMO_CLIENT = { email: 'demo@bank.example', password: 'DemoBank2024' };

export async function signInInBrowser({ port, server, email, password }) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.locator('input[type="email"]').fill(email);
    await page.locator('input[autocomplete="current-password"]').fill(password);
    const since = server.outputLength();
    await page.locator('button[type="submit"]').click();
    const code = await server.mailedCode(email, since);
    await page.locator('input[autocomplete="one-time-code"]').fill(code);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/kabinet**');
    await page.waitForLoadState('networkidle');
    // The audit of the cabinet must load everything afresh, as a returning client's first visit of
    // the day would after a deploy: only the session stays.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await page.close();
  } finally {
    await browser.close();
  }
}
