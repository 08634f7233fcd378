// Two-factor sign-in with an authenticator app, as a client meets it in Chromium: turned on in the
// settings (QR code and secret, confirmed with the app's code, ten recovery codes shown once), then
// sign-in asks for the app's code instead of mailing one, and a recovery code works in its place.
// The app's codes are computed from the secret on the screen, as an authenticator app would.
// EN at 1440 px and RU at 360 px, each checked with axe.
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe';
import { chooseMenu, DEMO_BUSINESS, DEMO_PERSONAL, label, signInThroughUi, signOutThroughMenu, texts, unexpectedProblems, type Language } from './support/identity';
import { screenshot, startStack, type Stack } from './support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());


/** The app's code for a secret, `steps` time steps from now (the code that turned it on is spent). */
const appCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Turns two-factor sign-in on in the settings; answers the secret and the recovery codes. */
async function turnOn(page: Page, language: Language, password: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const settings = texts(language, 'settings');
  await chooseMenu(page, language, 'settings');
  await page.getByRole('heading', { name: settings('twoFactor.title') }).waitFor();
  await page.getByRole('button', { name: settings('twoFactor.turnOn') }).click();
  const secret = (await page.getByTestId('authenticator-secret').textContent())!.trim();
  await page.getByRole('img', { name: settings('twoFactor.qrAlt') }).waitFor();
  await page.getByLabel(label(settings('twoFactor.password'))).fill(password);
  await page.getByLabel(label(settings('twoFactor.code'))).fill(await appCode(secret));
  await page.getByRole('button', { name: settings('twoFactor.confirm') }).click();
  await page.getByText(settings('twoFactor.onNow')).waitFor();
  const recoveryCodes = (await page.getByRole('list', { name: settings('twoFactor.codesTitle') }).locator('code').allTextContents()).map((code) => code.trim());
  return { secret, recoveryCodes };
}

/** Step 1 of sign-in; the screen then asks for the app's code, and no mail is sent. */
async function startSignIn(page: Page, language: Language, user: { email: string; password: string }): Promise<void> {
  const auth = texts(language, 'auth');
  await page.goto('/login');
  await page.getByLabel(label(auth('fields.email'))).fill(user.email);
  await page.getByLabel(label(auth('fields.password'))).fill(user.password);
  await page.getByRole('button', { name: auth('login.submit') }).click();
  await page.getByRole('heading', { name: auth('authenticator.title') }).waitFor();
}

describe('two-factor sign-in with an authenticator app', () => {
  it('EN, 1440 px: turned on in the settings, then sign-in with the app’s code and with a recovery code', async () => {
    const { page, problems } = await stack.newPage({ language: 'en', width: 1440 });
    const auth = texts('en', 'auth');
    await signInThroughUi(stack, page, 'en', DEMO_PERSONAL.email, DEMO_PERSONAL.password);
    const { secret, recoveryCodes } = await turnOn(page, 'en', DEMO_PERSONAL.password);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await screenshot(page, 'two-factor-codes-en-1440');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: texts('en', 'settings')('twoFactor.saved') }).click();
    await page.getByText(texts('en', 'settings')('twoFactor.onText')).waitFor();
    await signOutThroughMenu(page, 'en');

    const mailsBefore = stack.mail.mails.length;
    await startSignIn(page, 'en', DEMO_PERSONAL);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByLabel(label(auth('fields.authenticatorCode'))).fill(await appCode(secret, 1));
    await page.getByRole('button', { name: auth('code.submit') }).click();
    await page.waitForURL('**/kabinet');
    expect(stack.mail.mails.length).toBe(mailsBefore);
    await signOutThroughMenu(page, 'en');

    await startSignIn(page, 'en', DEMO_PERSONAL);
    await page.getByRole('button', { name: auth('authenticator.useRecovery') }).click();
    await page.getByLabel(label(auth('fields.recoveryCode'))).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: auth('code.submit') }).click();
    await page.waitForURL('**/kabinet');
    expect(unexpectedProblems(problems)).toEqual([]);
  });

  it('RU, 360 px: turned on in Russian, then sign-in with the app’s code', async () => {
    const { page, problems } = await stack.newPage({ language: 'ru', width: 360 });
    const auth = texts('ru', 'auth');
    await signInThroughUi(stack, page, 'ru', DEMO_BUSINESS.email, DEMO_BUSINESS.password);
    const { secret, recoveryCodes } = await turnOn(page, 'ru', DEMO_BUSINESS.password);
    expect(recoveryCodes).toHaveLength(10);
    await screenshot(page, 'two-factor-codes-ru-360');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await signOutThroughMenu(page, 'ru');

    await startSignIn(page, 'ru', DEMO_BUSINESS);
    await screenshot(page, 'two-factor-sign-in-ru-360');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByLabel(label(auth('fields.authenticatorCode'))).fill(await appCode(secret, 1));
    await page.getByRole('button', { name: auth('code.submit') }).click();
    await page.waitForURL('**/kabinet');
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});
