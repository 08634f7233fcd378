import path from 'node:path';
import type { Page } from 'playwright-core';
import { texts } from './identity';
import { SCREENSHOT_DIR, type Stack } from './stack';

/** An account as GET /api/account/list answers it. */
export interface Account {
  number: string;
  balance: string;
  bookedBalance: string;
  currency: string;
  key: string;
}

/** A row of GET /api/transaction/list; only what specs read is typed. */
export interface Transaction {
  transactionNumber: string;
  fromAccount: string;
  toAccount: string;
  recipient: string;
  amount: string;
  fee: string;
  currency: string;
  direction: 'IN' | 'OUT';
  transactionType: string;
  reference: string;
  transactionStatus: string;
}

/** Calls the API as a signed-in client, the way specs check what the screens did. */
export function apiAs(stack: Stack, token: string) {
  return {
    async get<T>(path: string): Promise<T> {
      const response = await fetch(`${stack.baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}

/** The client's account in a currency; the spec fails plainly when the seed gave none. */
export function accountIn(accounts: Account[], currency: string): Account {
  const account = accounts.find((candidate) => candidate.currency === currency);
  if (!account) throw new Error(`No ${currency} account among ${accounts.map((candidate) => candidate.currency).join(', ')}`);
  return account;
}

/** Minor units of a two-decimal amount ("1250.5" → 125050n). */
export function minorOf(amount: string, scale = 2): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const minor = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  return negative ? -minor : minor;
}

/** Minor units back to a decimal string with `scale` decimals. */
export function fromMinor(minor: bigint, scale = 2): string {
  const digits = minor.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

function rateParts(rate: string): { numerator: bigint; denominator: bigint } {
  const [whole = '0', fraction = ''] = rate.split('.');
  return { numerator: BigInt(`${whole}${fraction}`), denominator: 10n ** BigInt(fraction.length) };
}

/** amount × rate rounded down to the target scale: what the bank credits. */
export function amountToReceive(amount: string, fromScale: number, toScale: number, rate: string): string {
  const { numerator, denominator } = rateParts(rate);
  return fromMinor((minorOf(amount, fromScale) * numerator * 10n ** BigInt(toScale)) / (denominator * 10n ** BigInt(fromScale)), toScale);
}

/** The least amount (rounded up to the source scale) that buys `toAmount` at `rate`. */
export function amountToSell(toAmount: string, fromScale: number, toScale: number, rate: string): string {
  const { numerator, denominator } = rateParts(rate);
  const top = minorOf(toAmount, toScale) * denominator * 10n ** BigInt(fromScale);
  const bottom = numerator * 10n ** BigInt(toScale);
  return fromMinor(top / bottom + (top % bottom === 0n ? 0n : 1n), fromScale);
}

/** An amount as the screens show it: thousands grouped, the language's decimal mark. */
export function formatAmount(amount: string, language: 'en' | 'ru'): string {
  const [whole = '0', fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, language === 'ru' ? '\u202f' : ',');
  return fraction === undefined ? grouped : `${grouped}${language === 'ru' ? ',' : '.'}${fraction}`;
}

/** An account number as the screens print it, in groups of four. */
export function groupedNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1\u00a0');
}

/** Fills {{name}} placeholders of a translation the way i18next does. */
export function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');
}

/** Chooses a cabinet screen in the side menu (opening the menu first in a narrow window). */
export async function chooseScreen(page: Page, language: 'en' | 'ru', key: string): Promise<void> {
  const cabinet = texts(language, 'cabinet');
  const toggle = page.getByRole('button', { name: cabinet('menu.expand') });
  if (await toggle.isVisible()) await toggle.click();
  const menu = page.getByRole('navigation', { name: cabinet('menu.navigation') });
  await menu.getByRole('button', { name: cabinet(`menu.items.${key}`), exact: true }).click();
}

/** A screenshot of what the window shows (a dialog over the page), under e2e/screenshots. */
export async function windowScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}
