// Proves term deposits on the client's screens in Chromium, in EN and RU: a newly identified client
// with money (registered, identified by compliance and funded by an incoming payment two operators
// booked) finds no deposits; an amount below the minimum, and one the bank refuses above the limit
// of one operation, are each shown under the amount field; the client opens a deposit from the
// quote (every figure on the quote screen is the API's quote for the same terms, and exactly the
// total debit leaves the account), sees it listed with its rate, next payout and maturity, opens a
// second one and closes it early after a confirmation that states what is returned and what is
// forfeited; the list then shows it closed and the principal is back. Every screen and dialog is
// checked with axe at 360 and 1440 px, and for console errors and CSP violations.
import type { Deposit, DepositCloseQuote, DepositQuote, ListDepositsResponse } from '@bank/contracts/deposits/index';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAccountNumber, formatAmount, formatMoney } from '../apps/web/src/ui/formatMoney';
import { seriousAccessibilityViolations } from './support/axe';
import { identifiedClientWithMoney, signInOperators, type Operators } from './support/clients';
import { texts, unexpectedProblems, type Language } from './support/identity';
import { accountIn, apiAs, chooseScreen, interpolate, minorOf, windowScreenshot, type Account } from './support/money';
import { openCabinetAs } from './support/session';
import { screenshot, startStack, type Stack } from './support/stack';

let stack: Stack;
let operators: Operators;
beforeAll(async () => {
  stack = await startStack();
  operators = await signInOperators(stack);
});
afterAll(() => stack?.close());

const WIDTHS = [360, 1440] as const;

/** A bank date as the screens write it (docs/product.md#screens-and-routes: the Russian locale, whatever the language). */
function shownDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('ru-RU', { timeZone: 'UTC' });
}

/** Axe finds nothing serious at either width; the window is left as it was. */
async function expectAccessibleAtBothWidths(page: Page): Promise<void> {
  const original = page.viewportSize()!;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: original.height });
    expect({ width, violations: await seriousAccessibilityViolations(page) }).toEqual({ width, violations: [] });
  }
  await page.setViewportSize(original);
}

interface Terms {
  currency: 'EUR' | 'USD';
  accNumberFrom: string;
  amount: string;
  termMonths: number;
  payoutMonths: number;
}

function quoteQuery(terms: Terms): string {
  return `deposit/quote?${new URLSearchParams(Object.entries(terms).map(([key, value]) => [key, String(value)]))}`;
}

/** Types the terms into the opening form as a person would and asks for the quote. */
async function calculate(page: Page, language: Language, terms: Terms): Promise<void> {
  const d = texts(language, 'deposits');
  const form = page.getByRole('region', { name: d('open.title'), exact: true });
  await form.getByLabel(d('open.fields.currency')).selectOption(terms.currency);
  await form.getByLabel(d('open.fields.accNumberFrom')).selectOption(terms.accNumberFrom);
  await form.getByLabel(d('open.fields.amount')).fill(terms.amount);
  await form.getByLabel(d('open.fields.termMonths')).fill(String(terms.termMonths));
  await form.getByLabel(d('open.fields.payoutMonths')).selectOption(String(terms.payoutMonths));
  await form.getByRole('button', { name: d('open.calculate') }).click();
}

/** The quote screen shows the API's quote for the same terms, figure by figure. */
async function expectQuoteShown(page: Page, language: Language, quote: DepositQuote): Promise<void> {
  const d = texts(language, 'deposits');
  const money = (amount: string) => formatMoney(amount, quote.currency, language);
  const card = page.getByRole('region', { name: d('quote.title'), exact: true });
  const value = (row: string) => card.locator(`[data-row="${row}"] dd`).textContent();
  const fee = formatMoney(quote.openingFee.amount, quote.openingFee.currency, language);
  expect(await value('amount')).toBe(money(quote.amount));
  expect(await value('account')).toBe(formatAccountNumber(quote.accNumberFrom));
  expect(await value('rate')).toBe(formatAmount(quote.rate, language));
  await card.getByText(d(`quote.tiers.${quote.historyTier}`)).waitFor();
  expect(await value('term')).toBe(String(quote.termMonths));
  expect(await value('payout')).toBe(d(`payoutPeriods.${quote.payoutMonths}`));
  expect(await value('openingDate')).toBe(shownDate(quote.openingDate));
  expect(await value('maturityDate')).toBe(shownDate(quote.maturityDate));
  expect(await value('fee')).toBe(
    quote.openingFee.currency === 'EUR' ? fee : interpolate(d('quote.feeInEur'), { fee, eur: formatMoney(quote.openingFee.eurAmount, 'EUR', language) }),
  );
  expect(await value('totalDebit')).toBe(money(quote.totalDebit));
  expect(await value('totalInterest')).toBe(money(quote.totalInterest));
  // Every payout with its date, days and exact amount, then their total.
  const table = card.getByRole('table', { name: d('quote.schedule.caption') });
  const rows = await table.locator('tbody tr').evaluateAll((cells) => cells.map((row) => Array.from(row.children, (cell) => cell.textContent)));
  expect(rows).toEqual(quote.payouts.map((payout) => [String(payout.sequence), shownDate(payout.date), String(payout.days), money(payout.amount)]));
  expect(await table.locator('tfoot td').textContent()).toBe(money(quote.totalInterest));
  // The early closing rule in words, and what it can cost at most.
  await card.getByText(d('earlyClosing.rule')).waitFor();
  await card.getByText(interpolate(d('earlyClosing.maxCost'), { amount: money(quote.earlyClosing.maxForfeit) })).waitFor();
}

/** Confirms the quote on screen and closes the success dialog; answers the deposit it opened. */
async function openFromQuote(page: Page, language: Language, client: ReturnType<typeof apiAs>, quote: DepositQuote, known: readonly string[]): Promise<Deposit> {
  const d = texts(language, 'deposits');
  const common = texts(language, 'common');
  await page.getByRole('region', { name: d('quote.title'), exact: true }).getByRole('button', { name: d('quote.confirm') }).click();
  const dialog = page.getByRole('dialog', { name: common('popup.successTitle') });
  await dialog.waitFor();
  const { deposits } = await client.get<ListDepositsResponse>('deposit/list');
  const opened = deposits.find((deposit) => !known.includes(deposit.id));
  expect(opened).toMatchObject({
    status: 'Active',
    currency: quote.currency,
    principal: quote.amount,
    rate: quote.rate,
    termMonths: quote.termMonths,
    payoutMonths: quote.payoutMonths,
    accountNumber: quote.accNumberFrom,
    openingDate: quote.openingDate,
    maturityDate: quote.maturityDate,
    totalInterest: quote.totalInterest,
  });
  await dialog
    .getByText(interpolate(d('result.opened'), { number: opened!.number, amount: formatMoney(quote.amount, quote.currency, language), date: shownDate(quote.maturityDate) }))
    .waitFor();
  await dialog.getByRole('button', { name: common('popup.ok') }).click();
  await page.getByRole('region', { name: d('open.title'), exact: true }).waitFor();
  return opened!;
}

function depositItem(page: Page, language: Language, deposit: Deposit) {
  const d = texts(language, 'deposits');
  return page.getByRole('list', { name: d('list.title'), exact: true }).getByRole('listitem').filter({ hasText: interpolate(d('list.name'), { number: deposit.number }) });
}

async function balanceOf(client: ReturnType<typeof apiAs>, number: string): Promise<string> {
  return (await client.get<Account[]>('account/list')).find((account) => account.number === number)!.balance;
}

async function journey(language: Language, currency: 'EUR' | 'USD', width: number): Promise<void> {
  const d = texts(language, 'deposits');
  const common = texts(language, 'common');
  const tag = `${language}-${width}`;
  const { user, accounts } = await identifiedClientWithMoney(stack, operators, `deposits-${language}`, { [currency]: '40000.00' });
  const account = accountIn(accounts, currency);
  const client = apiAs(stack, user.userToken);
  const money = (amount: string) => formatMoney(amount, currency, language);

  const { page, problems } = await stack.newPage({ language, width, height: 900 });
  await openCabinetAs(page, user, language);
  await page.getByRole('heading', { level: 1, name: texts(language, 'accounts')('title') }).waitFor();
  await chooseScreen(page, language, 'deposits');
  await page.getByRole('heading', { level: 1, name: d('title') }).waitFor();
  await page.getByText(d('list.empty')).waitFor();
  await expectAccessibleAtBothWidths(page);
  await screenshot(page, `deposits-empty-${tag}`);

  // An amount below the minimum is refused under its field before anything is asked of the bank.
  const first: Terms = { currency, accNumberFrom: account.number, amount: '12000.00', termMonths: 6, payoutMonths: 3 };
  await calculate(page, language, { ...first, amount: '9999.99' });
  const amountField = page.getByRole('region', { name: d('open.title'), exact: true }).getByLabel(d('open.fields.amount'));
  await page.getByText(texts(language, 'validation')('deposit.minimum')).waitFor();
  expect(await amountField.getAttribute('aria-invalid')).toBe('true');
  // One the bank itself refuses (above the limit of one operation) comes back under the same field.
  await calculate(page, language, { ...first, amount: '1000000000.00' });
  await page.getByText(texts(language, 'validation')('amount.overLimit')).waitFor();
  expect(await amountField.getAttribute('aria-invalid')).toBe('true');
  await expectAccessibleAtBothWidths(page);

  // The first deposit, from its quote: the screen shows the API's figures for the same terms.
  await calculate(page, language, first);
  await page.getByRole('region', { name: d('quote.title'), exact: true }).waitFor();
  const quote = await client.get<DepositQuote>(quoteQuery(first));
  expect(quote.historyTier).toBe('withoutHistory');
  await expectQuoteShown(page, language, quote);
  await expectAccessibleAtBothWidths(page);
  await screenshot(page, `deposits-quote-${tag}`);
  const before = await balanceOf(client, account.number);
  const opened = await openFromQuote(page, language, client, quote, []);
  expect(minorOf(before, currency) - minorOf(await balanceOf(client, account.number), currency)).toBe(minorOf(quote.totalDebit, currency));

  // Listed with its figures as the bank lists them.
  const listed = depositItem(page, language, opened);
  await listed.getByText(d('statuses.Active')).waitFor();
  await listed.getByText(money(opened.principal), { exact: true }).waitFor();
  await listed.getByText(formatAmount(opened.rate, language), { exact: true }).waitFor();
  await listed.getByText(interpolate(d('list.nextPayoutValue'), { amount: money(opened.nextPayout!.amount), date: shownDate(opened.nextPayout!.date) })).waitFor();
  await listed.getByText(shownDate(opened.maturityDate), { exact: true }).first().waitFor();
  await listed.getByText(money(opened.accruedInterest), { exact: true }).first().waitFor();

  // A second one, closed early after a confirmation that says what comes back and what is forfeited.
  const second: Terms = { currency, accNumberFrom: account.number, amount: '10000.00', termMonths: 3, payoutMonths: 1 };
  await calculate(page, language, second);
  await page.getByRole('region', { name: d('quote.title'), exact: true }).waitFor();
  const secondQuote = await client.get<DepositQuote>(quoteQuery(second));
  await expectQuoteShown(page, language, secondQuote);
  const toClose = await openFromQuote(page, language, client, secondQuote, [opened.id]);
  await expectAccessibleAtBothWidths(page);
  await screenshot(page, `deposits-list-${tag}`);

  const item = depositItem(page, language, toClose);
  await item.getByRole('button', { name: interpolate(d('close.buttonFor'), { number: toClose.number }) }).click();
  const confirm = page.getByRole('dialog', { name: d('close.title') });
  await confirm.waitFor();
  const closing = await client.get<DepositCloseQuote>(`deposit/close-quote?depositId=${toClose.id}`);
  await confirm.getByText(interpolate(d('close.text'), { number: toClose.number, date: shownDate(closing.closingDate) })).waitFor();
  const row = (label: string) => confirm.locator('.deposit-summary__row').filter({ hasText: label }).locator('dd').textContent();
  expect(await row(interpolate(d('close.returned'), { account: formatAccountNumber(closing.accountNumber) }))).toBe(money(closing.returned));
  expect(await row(d('close.forfeited'))).toBe(money(closing.forfeitedInterest));
  await confirm.getByText(d('earlyClosing.rule')).waitFor();
  await expectAccessibleAtBothWidths(page);
  await windowScreenshot(page, `deposits-close-confirm-${tag}`);
  const beforeClosing = await balanceOf(client, account.number);
  await confirm.getByRole('button', { name: d('close.confirm') }).click();
  const done = page.getByRole('dialog', { name: common('popup.successTitle') });
  await done
    .getByText(interpolate(d('close.done'), { number: toClose.number, amount: money(closing.returned), account: formatAccountNumber(closing.accountNumber) }))
    .waitFor();
  await done.getByRole('button', { name: common('popup.ok') }).click();

  // The list shows it closed with what it forfeited; the principal is back; the first one still runs.
  await item.getByText(d('statuses.ClosedEarly')).waitFor();
  expect(await item.getByRole('button', { name: interpolate(d('close.buttonFor'), { number: toClose.number }) }).count()).toBe(0);
  await item.getByText(d('list.forfeited')).waitFor();
  const after = (await client.get<ListDepositsResponse>('deposit/list')).deposits;
  expect(after.find((deposit) => deposit.id === toClose.id)).toMatchObject({ status: 'ClosedEarly', closedOn: closing.closingDate, forfeitedInterest: closing.forfeitedInterest });
  expect(after.find((deposit) => deposit.id === opened.id)?.status).toBe('Active');
  expect(minorOf(await balanceOf(client, account.number), currency) - minorOf(beforeClosing, currency)).toBe(minorOf(closing.returned, currency));
  await depositItem(page, language, opened).getByText(d('statuses.Active')).waitFor();
  await expectAccessibleAtBothWidths(page);
  await screenshot(page, `deposits-closed-${tag}`);
  expect(unexpectedProblems(problems)).toEqual([]);
}

describe('term deposits in the cabinet', () => {
  it('EN, 1440 px: a EUR deposit opened from its quote and listed, a second closed early', { timeout: 240_000 }, async () => {
    await journey('en', 'EUR', 1440);
  });

  it('RU, 360 px: a USD deposit (its fee priced in USD with the EUR figure) opened from its quote, a second closed early', { timeout: 240_000 }, async () => {
    await journey('ru', 'USD', 360);
  });
});
