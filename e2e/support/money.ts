import path from 'node:path';
import type { Page } from 'playwright-core';
import { amountToSellMinor, convertMinor, decimalToMinor, formatMinor, type Currency } from '@bank/contracts/money';
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
    async post<T>(path: string, body: unknown): Promise<T> {
      const response = await fetch(`${stack.baseUrl}/api/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}

/** The client's account in a currency; the spec fails plainly when the seed gave none. */
/**
 * The body of a SEPA transfer abroad to one recipient (a university's fees account), as the bank
 * transfer form sends it: the specs' transfer that waits for the bank.
 */
export function tuitionTransferBody(fromAccount: string, amount: string, purpose: string) {
  return {
    type: 'international',
    paymentRegions: 'SEPA',
    fromAccount,
    amount,
    purpose,
    recipientDetails: {
      fullName: 'Universität Heidelberg',
      recipientType: 'business',
      recipientsAddress: 'Grabengasse 1, 69117 Heidelberg',
      country: 'DE',
      recipientsEmail: 'fees@uni-heidelberg.example',
      recipientsIban: 'DE89 3704 0044 0532 0130 00',
      recipientsSwiftBic: 'COBADEFFXXX',
      recipientsBank: 'Commerzbank AG',
      recipientsBankAddress: 'Kaiserplatz, 60311 Frankfurt am Main',
      recipientsBankCountry: 'DE',
    },
  };
}

export function accountIn(accounts: Account[], currency: string): Account {
  const account = accounts.find((candidate) => candidate.currency === currency);
  if (!account) throw new Error(`No ${currency} account among ${accounts.map((candidate) => candidate.currency).join(', ')}`);
  return account;
}

/** Minor units of an amount ("1250.5" → 125050n in EUR), by the money module of contracts. */
export function minorOf(amount: string, currency: Currency = 'EUR'): bigint {
  return decimalToMinor(amount, currency);
}

/** Minor units back to a decimal string with the currency's scale. */
export function fromMinor(minor: bigint, currency: Currency = 'EUR'): string {
  return formatMinor(minor, currency);
}

/** amount × rate rounded down to the target scale: what the bank credits. */
export function amountToReceive(amount: string, from: Currency, to: Currency, rate: string): string {
  return formatMinor(convertMinor(decimalToMinor(amount, from), from, to, rate), to);
}

/** The least amount of `from` that buys `toAmount` at `rate`. */
export function amountToSell(toAmount: string, from: Currency, to: Currency, rate: string): string {
  return formatMinor(amountToSellMinor(decimalToMinor(toAmount, to), from, to, rate), from);
}

/** Amounts as the screens show them: the web app's one formatter. */
export { formatAccountNumber as groupedNumber, formatAmount } from '../../apps/web/src/ui/formatMoney';

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
