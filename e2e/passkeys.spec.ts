// Passkeys, as a client meets them in Chromium with its virtual authenticator (the DevTools
// protocol's WebAuthn domain stands in for a phone's or laptop's screen lock): a passkey is added in
// the settings with the password, signs the client in on its own (no password, no code, no mail),
// is renamed, and once removed signs no one in. The stack runs on http://localhost, as WebAuthn
// refuses an IP address for a relying party. EN at 1440 px and RU at 360 px, each checked with axe.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe';
import { chooseMenu, DEMO_BUSINESS, DEMO_PERSONAL, label, signInThroughUi, signOutThroughMenu, texts, unexpectedProblems, type Language } from './support/identity';
import { screenshot, startStack, type Stack } from './support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ host: 'localhost' });
});
afterAll(() => stack?.close());

/** A platform authenticator that keeps discoverable credentials and verifies the person at once. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** The next ceremonies fail the person's verification, as a cancelled prompt does. */
    setUserVerified: (isUserVerified: boolean) => cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified }),
  };
}

/** Adds a passkey named `name` in the settings; ends with it in the list. */
async function addPasskey(page: Page, language: Language, password: string, name: string): Promise<void> {
  const settings = texts(language, 'settings');
  await chooseMenu(page, language, 'settings');
  await page.getByRole('heading', { name: settings('passkeys.title') }).waitFor();
  await page.getByText(settings('passkeys.none')).waitFor();
  await page.getByRole('button', { name: settings('passkeys.add') }).click();
  await page.getByLabel(label(settings('passkeys.password'))).fill(password);
  const nameField = page.getByLabel(label(settings('passkeys.name')));
  // A name is suggested from the device (Chromium here says Linux).
  expect(await nameField.inputValue()).toBe(settings('passkeys.defaultName').replace('{{device}}', 'Linux'));
  await nameField.fill(name);
  await page.getByRole('button', { name: settings('passkeys.continue') }).click();
  await page.getByText(settings('passkeys.addedNow').replace('{{name}}', name)).waitFor();
  await page.getByRole('list', { name: settings('passkeys.listLabel') }).getByText(name, { exact: true }).waitFor();
}

/** On /login, the passkey button alone signs the client in. */
async function signInWithPasskey(page: Page, language: Language): Promise<void> {
  await page.getByRole('button', { name: texts(language, 'auth')('passkey.signIn') }).click();
  await page.waitForURL('**/kabinet');
}

/** Removes the passkey named `name` in the settings, confirming in the dialog. */
async function removePasskey(page: Page, language: Language, name: string): Promise<void> {
  const settings = texts(language, 'settings');
  await page.getByRole('button', { name: settings('passkeys.removeLabel').replace('{{name}}', name) }).click();
  const dialog = page.getByRole('dialog', { name: settings('passkeys.removeTitle').replace('{{name}}', name) });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: settings('passkeys.remove') }).click();
  await page.getByText(settings('passkeys.removed')).waitFor();
  await page.getByText(settings('passkeys.none')).waitFor();
}

/** Whether a script the page has loaded so far carries the WebAuthn library (its own error text). */
async function webAuthnLibraryLoaded(page: Page): Promise<boolean> {
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('.js')));
  for (const script of scripts) {
    if ((await (await page.request.get(script)).text()).includes('WebAuthn is not supported in this browser')) return true;
  }
  return false;
}

const section = (page: Page, language: Language) => page.getByRole('region', { name: texts(language, 'settings')('passkeys.title') });

describe('passkeys', () => {
  it('EN, 1440 px: added in the settings, signs in without password or code, renamed, removed', async () => {
    const { page, context, problems } = await stack.newPage({ language: 'en', width: 1440 });
    const authenticator = await addVirtualAuthenticator(context, page);
    const settings = texts('en', 'settings');
    // The sign-in page comes without the WebAuthn library: it is fetched when a ceremony is near.
    await page.goto('/login');
    await page.getByRole('button', { name: texts('en', 'auth')('passkey.signIn') }).waitFor();
    expect(await webAuthnLibraryLoaded(page)).toBe(false);
    await signInThroughUi(stack, page, 'en', DEMO_PERSONAL.email, DEMO_PERSONAL.password);

    // A wrong password is refused before the browser's ceremony starts.
    await chooseMenu(page, 'en', 'settings');
    await page.getByRole('button', { name: settings('passkeys.add') }).click();
    await page.getByLabel(label(settings('passkeys.password'))).fill('Not-the-password-1');
    await page.getByRole('button', { name: settings('passkeys.continue') }).click();
    await page.getByText(texts('en', 'validation')('password.wrongCurrent')).waitFor();
    expect(await authenticator.credentials()).toEqual([]);
    await section(page, 'en').scrollIntoViewIfNeeded();
    await screenshot(page, 'passkeys-add-en-1440');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: settings('passkeys.cancel') }).click();

    const beforeAdding = stack.mail.mails.length;
    await addPasskey(page, 'en', DEMO_PERSONAL.password, 'Work laptop');
    // The client is told of the new passkey; the mail leaves through the outbox, after the answer.
    await stack.mail.waitFor(DEMO_PERSONAL.email, undefined, { since: beforeAdding });
    expect(await webAuthnLibraryLoaded(page)).toBe(true);
    const [credential] = await authenticator.credentials();
    expect(credential?.isResidentCredential).toBe(true);
    await section(page, 'en').scrollIntoViewIfNeeded();
    await screenshot(page, 'passkeys-settings-en-1440');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await signOutThroughMenu(page, 'en');

    await page.getByRole('button', { name: texts('en', 'auth')('passkey.signIn') }).waitFor();
    await screenshot(page, 'passkeys-login-en-1440');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const mailsBefore = stack.mail.mails.length;
    await signInWithPasskey(page, 'en');
    expect(stack.mail.mails.length).toBe(mailsBefore);

    await chooseMenu(page, 'en', 'settings');
    const item = section(page, 'en').getByRole('listitem');
    await item.getByText('Work laptop', { exact: true }).waitFor();
    expect(await item.getByText(settings('passkeys.neverUsed')).count()).toBe(0);
    await page.getByRole('button', { name: settings('passkeys.renameLabel').replace('{{name}}', 'Work laptop') }).click();
    await page.getByLabel(label(settings('passkeys.newName'))).fill('Home laptop');
    await page.getByRole('button', { name: settings('passkeys.save') }).click();
    await page.getByText(settings('passkeys.renamed')).waitFor();
    await item.getByText('Home laptop', { exact: true }).waitFor();
    await removePasskey(page, 'en', 'Home laptop');
    await signOutThroughMenu(page, 'en');

    // The authenticator still holds the credential, but the bank no longer knows it.
    expect(await authenticator.credentials()).toHaveLength(1);
    await page.getByRole('button', { name: texts('en', 'auth')('passkey.signIn') }).click();
    await page.getByText(texts('en', 'auth')('passkey.notRecognised')).waitFor();
    expect(page.url()).toMatch(/\/login$/);
    expect(unexpectedProblems(problems)).toEqual([]);
  });

  it('RU, 360 px: added in Russian, a cancelled prompt only says so, then sign-in with the passkey', async () => {
    const { page, context, problems } = await stack.newPage({ language: 'ru', width: 360 });
    const authenticator = await addVirtualAuthenticator(context, page);
    const auth = texts('ru', 'auth');
    await signInThroughUi(stack, page, 'ru', DEMO_BUSINESS.email, DEMO_BUSINESS.password);
    await addPasskey(page, 'ru', DEMO_BUSINESS.password, 'Рабочий ноутбук');
    await section(page, 'ru').scrollIntoViewIfNeeded();
    await screenshot(page, 'passkeys-settings-ru-360');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await signOutThroughMenu(page, 'ru');

    // The person does not confirm: the page stays calm and offers the other ways in.
    await authenticator.setUserVerified(false);
    await page.getByRole('button', { name: auth('passkey.signIn') }).click();
    await page.getByText(auth('passkey.cancelled')).waitFor();
    await screenshot(page, 'passkeys-login-ru-360');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await authenticator.setUserVerified(true);

    await signInWithPasskey(page, 'ru');
    await chooseMenu(page, 'ru', 'settings');
    await section(page, 'ru').getByText('Рабочий ноутбук', { exact: true }).waitFor();
    await removePasskey(page, 'ru', 'Рабочий ноутбук');
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});
