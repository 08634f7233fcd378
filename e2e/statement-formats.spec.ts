// Proves the bank formats as the demo client downloads them from the statement tab in Chromium: an
// account chosen in the filters, "CAMT.053 (XML)" and "MT940" each give a file named after the
// account whose balances are the statement's (camt.053's OPBD/CLBD, MT940's :60F:/:62F:) with one
// entry per booked row; EN at 1440 px and RU at 360 px (filters folded on a phone), axe-clean,
// without console errors or CSP violations.
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { StatementPage } from '@bank/contracts/statement/statement-row';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe';
import { DEMO_PERSONAL, texts, type Language } from './support/identity';
import { apiAs, type Account } from './support/money';
import { openCabinetAs, signInThroughApi, type SignedInUser } from './support/session';
import { screenshot, startStack, type Stack } from './support/stack';

interface Mt940Statement {
  accountIdentification: string;
  transactions: { reference: string }[];
}
const { Parser } = createRequire(import.meta.url)('mt940js') as { Parser: new () => { parse(text: string): Mt940Statement[] } };

let stack: Stack;
let demo: SignedInUser;
let demoAccounts: Account[];

beforeAll(async () => {
  stack = await startStack();
  demo = await signInThroughApi(stack, DEMO_PERSONAL.email, DEMO_PERSONAL.password);
  demoAccounts = await apiAs(stack, demo.userToken).get<Account[]>('account/list');
});
afterAll(() => stack?.close());

function accountIn(currency: string): Account {
  return demoAccounts.find((account) => account.currency === currency)!;
}

/** The statement of one account as the server answers it (the screen's default period: all of it). */
async function answer(accountNumber: string): Promise<StatementPage> {
  const url = new URL(`${stack.baseUrl}/api/statement`);
  for (const [key, value] of Object.entries({ accountNumber, timeZone: 'UTC', limit: '100' })) url.searchParams.set(key, value);
  const response = await fetch(url, { headers: { authorization: `Bearer ${demo.userToken}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as StatementPage;
}

/** Transaction numbers of the rows that moved money (pending ones are not in bank statements), oldest first. */
function bookedNumbers(page: StatementPage): string[] {
  return [...page.rows].reverse().filter((row) => row.creditTurnover !== row.debitTurnover).map((row) => row.transactionNumber);
}

async function openStatementOf(language: Language, width: number, account: Account) {
  // The browser tells the server its zone; a browser in UTC keeps the files comparable with answer().
  const opened = await stack.newPage({ language, width, height: 900, timeZone: 'UTC' });
  const { page } = opened;
  await openCabinetAs(page, demo, language);
  const accounts = texts(language, 'accounts');
  const t = texts(language, 'statement');
  await page.getByRole('heading', { level: 1, name: accounts('title') }).waitFor();
  await page.getByRole('tab', { name: accounts('tabs.statement') }).click();
  await page.getByRole('heading', { level: 2, name: t('title') }).waitFor();
  // On a phone the filters are folded until asked for. The panel renders with the statement's
  // first answer, and the page may still be laying out when it is first clicked: unfold it until
  // its account field shows.
  const accountField = page.getByRole('form', { name: /./ }).getByLabel(t('filters.account'), { exact: true });
  const panel = page.locator('.statement-filters-panel');
  await panel.waitFor();
  for (let attempt = 0; !(await accountField.isVisible()); attempt += 1) {
    if (attempt === 10) throw new Error('The statement filters do not unfold');
    if ((await panel.getAttribute('open')) === null) await panel.locator('> summary').click();
    await page.waitForTimeout(300);
  }
  await accountField.selectOption(account.number);
  const expected = await answer(account.number);
  await page.locator('.statement__rows[aria-busy="false"]').waitFor();
  return { ...opened, expected };
}

async function download(page: Page, language: Language, key: 'export.camt053' | 'export.mt940'): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: texts(language, 'statement')(key) }).click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

/** The texts of every element with this name in the XML, in order. */
function elements(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((match) => match[1]!);
}

async function expectFiles(page: Page, language: Language, account: Account, expected: StatementPage): Promise<void> {
  const summary = expected.accounts![0]!;
  const booked = bookedNumbers(expected);
  expect(booked.length).toBeGreaterThan(0);
  const name = new RegExp(`^statement_${account.number}(_[\\w-]+)?\\.`);

  const camt = await download(page, language, 'export.camt053');
  expect(camt.name).toMatch(new RegExp(`${name.source}xml$`));
  const xml = camt.bytes.toString('utf8');
  expect(xml.split('\n')[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
  expect(xml).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">');
  expect(elements(xml, 'Cd').filter((code) => code === 'OPBD' || code === 'CLBD')).toEqual(['OPBD', 'CLBD']);
  // The first two amounts of the statement are its opening and closing balances.
  expect(elements(xml, 'Amt').slice(0, 2)).toEqual([summary.openingBalance, summary.closingBalance]);
  expect(elements(xml, 'NtryRef')).toEqual(booked);

  const mt940 = await download(page, language, 'export.mt940');
  expect(mt940.name).toMatch(new RegExp(`${name.source}sta$`));
  const text = mt940.bytes.toString('latin1');
  expect(text).toMatch(/^[A-Za-z0-9/\-?:().,'+ \r\n]*$/);
  const lines = text.split('\r\n');
  expect(lines[0]).toMatch(/^:20:[A-Z0-9]{16}$/);
  expect(lines[1]).toBe(`:25:${account.number}`);
  expect(lines.find((line) => line.startsWith(':60F:'))).toMatch(new RegExp(`^:60F:C\\d{6}${account.currency}${summary.openingBalance.replace('.', ',')}$`));
  expect(lines.find((line) => line.startsWith(':62F:'))).toMatch(new RegExp(`^:62F:C\\d{6}${account.currency}${summary.closingBalance.replace('.', ',')}$`));
  const messages = new Parser().parse(text);
  expect(messages.flatMap((message) => message.transactions.map((transaction) => transaction.reference))).toEqual(booked);
}

describe('bank formats from the statement tab', () => {
  it('EN, 1440 px: CAMT.053 and MT940 of the EUR account', async () => {
    const account = accountIn('EUR');
    const { page, problems, expected } = await openStatementOf('en', 1440, account);
    await expectFiles(page, 'en', account, expected);
    await screenshot(page, 'statement-formats-en-1440');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('RU, 360 px: CAMT.053 and MT940 of the USD account', async () => {
    const account = accountIn('USD');
    const { page, problems, expected } = await openStatementOf('ru', 360, account);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectFiles(page, 'ru', account, expected);
    await screenshot(page, 'statement-formats-ru-360');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
