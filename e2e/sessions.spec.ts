// Sessions and devices, as a client meets them in Chromium: signed in on one browser (EN, 1440 px),
// then on a second browser context (RU, 360 px), which is a new device, so the alert arrives at the
// real SMTP server in Russian, with the time, the device, the address and the link to the list. The
// first browser sees both sessions, this device marked, ends the other one, and the other browser is
// signed out on its very next request. The second signs in again (now a known device: no alert),
// opens the list from the mail's link and signs out everywhere else. Each screen checked with axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from './support/axe';
import { chooseMenu, DEMO_PERSONAL, signInThroughUi, texts, unexpectedProblems, type Language } from './support/identity';
import { screenshot, startStack, type Stack } from './support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** Opens the settings and waits for the sessions list; answers its rows. */
async function openSessions(page: Page, language: Language) {
  const settings = texts(language, 'settings');
  await chooseMenu(page, language, 'settings');
  const list = page.getByRole('list', { name: settings('sessions.listLabel') });
  await list.waitFor();
  return list.getByRole('listitem');
}

/**
 * The next request of a signed-out browser (the cabinet's own refresh, or the reload's): the
 * session-expired modal, whose Ok leads to /login.
 */
async function expectSignedOut(page: Page, language: Language): Promise<void> {
  const cabinet = texts(language, 'cabinet');
  await page.reload();
  await page.getByText(cabinet('sidebarMenu.sessionExpired')).waitFor();
  await page.getByRole('button', { name: cabinet('sidebarMenu.ok') }).click();
  await page.waitForURL('**/login');
}

describe('sessions and devices', () => {
  it('lists the sessions of two browsers, ends the other one at once, and mails an alert for the new device', async () => {
    const desktop = await stack.newPage({ language: 'en', width: 1440 });
    const phone = await stack.newPage({ language: 'ru', width: 360, height: 780 });
    const en = texts('en', 'settings');
    const ru = texts('ru', 'settings');

    await signInThroughUi(stack, desktop.page, 'en', DEMO_PERSONAL.email, DEMO_PERSONAL.password);
    const beforeSecond = stack.mail.mails.length;
    await signInThroughUi(stack, phone.page, 'ru', DEMO_PERSONAL.email, DEMO_PERSONAL.password);

    // The second browser is a device the client has not used: the alert, in Russian, the language signed in with.
    const alert = await stack.mail.waitFor(DEMO_PERSONAL.email, /с устройства, с которого вы раньше не входили/, { since: beforeSecond });
    expect(alert.subject).toContain('Вход в интернет-банк с нового устройства');
    expect(alert.text).toMatch(/Время: \d{1,2} [а-я]+ \d{4} г\. в \d{2}:\d{2} UTC/);
    expect(alert.text).toMatch(/Устройство: \S*Chrome\S* \d+ на Linux/);
    expect(alert.text).toContain('IP-адрес: 127.0.0.1');
    const link = /(https?:\/\/\S+\/kabinet#sessions)/.exec(alert.text)![1]!;
    expect(link).toBe(`${stack.baseUrl}/kabinet#sessions`);

    // The first browser sees both sessions, itself marked, and ends the other.
    const rows = await openSessions(desktop.page, 'en');
    await expect.poll(() => rows.count()).toBe(2);
    const mine = rows.filter({ hasText: en('sessions.thisDevice') });
    expect(await mine.count()).toBe(1);
    await expect.poll(async () => (await mine.textContent()) ?? '').toContain('127.0.0.•••');
    await screenshot(desktop.page, 'sessions-en-1440');
    expect(await seriousAccessibilityViolations(desktop.page)).toEqual([]);
    const other = rows.filter({ hasNotText: en('sessions.thisDevice') });
    await other.getByRole('button', { name: en('sessions.endOne') }).click();
    await desktop.page.getByText(en('sessions.ended')).waitFor();
    await expect.poll(() => rows.count()).toBe(1);

    // The phone's very next request is refused.
    await expectSignedOut(phone.page, 'ru');

    // Signed in again on the phone: a known device now, so no second alert.
    const beforeAgain = stack.mail.mails.length;
    await signInThroughUi(stack, phone.page, 'ru', DEMO_PERSONAL.email, DEMO_PERSONAL.password);
    // The mail's link opens the settings at the list.
    await phone.page.goto(link);
    const phoneRows = phone.page.getByRole('list', { name: ru('sessions.listLabel') }).getByRole('listitem');
    await expect.poll(() => phoneRows.count()).toBe(2);
    await phone.page.getByRole('heading', { name: ru('sessions.title') }).waitFor();
    await screenshot(phone.page, 'sessions-ru-360');
    expect(await seriousAccessibilityViolations(phone.page)).toEqual([]);
    await phone.page.getByRole('button', { name: ru('sessions.endOthers') }).click();
    await phone.page.getByText(ru('sessions.endedOthers')).waitFor();
    await expect.poll(() => phoneRows.count()).toBe(1);
    await expectSignedOut(desktop.page, 'en');
    // No alert came for the known device (only the sign-in code was mailed).
    expect(stack.mail.mails.slice(beforeAgain).filter((mail) => /нового устройства|new device/.test(mail.subject))).toEqual([]);

    expect(unexpectedProblems(desktop.problems)).toEqual([]);
    expect(unexpectedProblems(phone.problems)).toEqual([]);
  });
});
