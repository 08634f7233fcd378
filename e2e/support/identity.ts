import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { Stack } from './stack';

export type Language = 'en' | 'ru';

type Texts = { [key: string]: string | Texts };

/** The interface texts of a namespace, read from the app's own translation files. */
export function texts(language: Language, namespace: string): (key: string) => string {
  const tree = JSON.parse(readFileSync(path.resolve('apps/web/src/locales', language, `${namespace}.json`), 'utf8')) as Texts;
  return (key) => {
    const value = key.split('.').reduce<string | Texts | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
    if (typeof value !== 'string') throw new Error(`No text ${language}/${namespace}:${key}`);
    return value;
  };
}

/** The one-time code of the first mail to `email` after `since` (an index into the received mails). */
export async function codeFromMail(stack: Stack, email: string, since: number): Promise<string> {
  const mail = await stack.mail.waitFor(email, /\b\d{6}\b/, { since });
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

/** The reset link of the first mail to `email` after `since`, pointing at the stack's server. */
export async function resetLinkFromMail(stack: Stack, email: string, since: number): Promise<string> {
  const mail = await stack.mail.waitFor(email, /reset_password\?token=/, { since });
  const link = /(https?:\/\/\S+\/reset_password\?token=[\w%-]+)/.exec(mail.text)![1]!;
  return link;
}

/** The demo data's identified clients (the seed of a development server). */
export const DEMO_PERSONAL = { email: 'demo@bank.example', password: 'DemoBank2024' };
export const DEMO_BUSINESS = { email: 'corp@bank.example', password: 'DemoBank2024' };

let counter = 0;
/** A new client's registration data: unique e-mail and phone, a password meeting the rules. */
export function newClient(prefix: string) {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}`;
  return {
    email: `${prefix}-${unique}@example.com`,
    phone: `+44 7700 9${String(counter).padStart(5, '0')}`,
    password: 'Journey2024pass',
  };
}

/** Types the code of the code step as a person would and confirms it. */
export async function enterCode(page: Page, language: Language, code: string): Promise<void> {
  const auth = texts(language, 'auth');
  await page.getByLabel(label(auth('fields.code'))).fill(code);
  await page.getByRole('button', { name: auth('code.submit') }).click();
}

/** Signs in on /login: e-mail and password, then the code read from the mail. Ends in the cabinet. */
export async function signInThroughUi(stack: Stack, page: Page, language: Language, email: string, password: string): Promise<void> {
  const auth = texts(language, 'auth');
  await page.goto('/login');
  await page.getByLabel(label(auth('fields.email'))).fill(email);
  await page.getByLabel(label(auth('fields.password'))).fill(password);
  const since = stack.mail.mails.length;
  await page.getByRole('button', { name: auth('login.submit') }).click();
  await page.getByRole('heading', { name: auth('code.title') }).waitFor();
  await enterCode(page, language, await codeFromMail(stack, email, since));
  await page.waitForURL('**/kabinet');
}

/** Registers on /register and finishes with the mailed code. Ends in the cabinet. */
export async function registerThroughUi(
  stack: Stack,
  page: Page,
  language: Language,
  client: { email: string; phone: string; password: string },
  accountType: 'personal' | 'business',
): Promise<void> {
  const auth = texts(language, 'auth');
  await page.goto('/register');
  await page.getByLabel(label(auth('fields.email'))).fill(client.email);
  await page.getByLabel(label(auth('fields.phone'))).fill(client.phone);
  await page.getByLabel(label(auth('fields.password'))).fill(client.password);
  await page.getByLabel(label(auth('fields.accountType'))).selectOption({ label: auth(accountType === 'business' ? 'register.corporate' : 'register.individual') });
  const since = stack.mail.mails.length;
  await page.getByRole('button', { name: auth('register.submit') }).click();
  await page.getByRole('heading', { name: auth('code.title') }).waitFor();
  await enterCode(page, language, await codeFromMail(stack, client.email, since));
  await page.waitForURL('**/kabinet');
}

/** The entries of the cabinet's side menu, as shown (opening the menu first in a narrow window). */
export async function menuEntries(page: Page, language: Language): Promise<string[]> {
  await openMenu(page, language);
  const cabinet = texts(language, 'cabinet');
  return page.getByRole('navigation', { name: cabinet('menu.navigation') }).getByRole('button').allTextContents();
}

/** Opens the side menu when it is collapsed. */
export async function openMenu(page: Page, language: Language): Promise<void> {
  const cabinet = texts(language, 'cabinet');
  const toggle = page.getByRole('button', { name: cabinet('menu.expand') }).or(page.getByRole('button', { name: cabinet('menu.collapse') }));
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('navigation', { name: cabinet('menu.navigation') }).waitFor();
}

/** Chooses a menu entry (docs/product.md#screens-and-routes: screens follow the menu). */
export async function chooseMenu(page: Page, language: Language, key: string): Promise<void> {
  await openMenu(page, language);
  const cabinet = texts(language, 'cabinet');
  await page.getByRole('navigation', { name: cabinet('menu.navigation') }).getByRole('button', { name: cabinet(`menu.items.${key}`) }).click();
}

/** Signs out through the menu. */
export async function signOutThroughMenu(page: Page, language: Language): Promise<void> {
  await openMenu(page, language);
  await page.getByRole('button', { name: texts(language, 'cabinet')('menu.logout') }).click();
  await page.waitForURL('**/login');
}

/** Browser noise that an expected refusal (401, 400) causes; anything else is a real problem. */
export function unexpectedProblems(problems: string[]): string[] {
  return problems.filter((problem) => !/Failed to load resource: the server responded with a status of (400|401|404|409|429)/.test(problem));
}

/** Fills the personal KYC form as a person would. */
export async function fillPersonalKyc(page: Page, language: Language, details: { firstName: string; lastName: string; country: string; phone: string }) {
  const kyc = texts(language, 'kyc');
  await page.getByLabel(label(kyc('fields.firstName'))).fill(details.firstName);
  await page.getByLabel(label(kyc('fields.lastName'))).fill(details.lastName);
  await page.getByLabel(label(kyc('fields.phoneNumber'))).fill(details.phone);
  await page.getByLabel(label(kyc('fields.country'))).selectOption({ label: details.country });
  await page.getByLabel(label(kyc('fields.city'))).fill(language === 'ru' ? 'Алматы' : 'Almaty');
  await page.getByLabel(label(kyc('fields.address'))).fill(language === 'ru' ? 'пр. Абая, 12, кв. 5' : '12 Abay Avenue, flat 5');
  await page.getByLabel(label(kyc('fields.identityCardType'))).selectOption({ label: kyc('documentTypes.passport') });
  await page.getByLabel(label(kyc('fields.identityCardId'))).fill('N12345678');
  await page.getByLabel(label(kyc('sources.salary'))).check();
  await page.getByLabel(label('USD')).check();
}

/**
 * Matches a field by its whole label, with or without the required mark (' *'), so 'Password'
 * finds the password field and not the 'Show password' switch beside it.
 */
export function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

/**
 * Types into a field of a screen that has just opened, and waits until its submit button accepts
 * the input. A lazy screen may still swap in its final form right after first paint (its
 * validation chunk arriving), which can drop what was typed in that instant; typing again then is
 * what a person would do.
 */
export async function fillUntilAccepted(field: Locator, value: string, submit: Locator): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await field.fill(value);
    try {
      await submit.waitFor({ state: 'visible' });
      await field.page().waitForFunction((element) => !(element as HTMLButtonElement).disabled, await submit.elementHandle(), { timeout: 2_000 });
      return;
    } catch {
      // The screen re-rendered; type again.
    }
  }
  throw new Error(`The form never accepted ${value}`);
}
