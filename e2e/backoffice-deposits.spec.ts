// Proves the back office's side of term deposits in Chromium, in EN and RU at 360 and 1440 px with
// axe: a demo client opens a deposit, and a compliance operator sees it on the client's card and in
// the liability report, whose accrued interest is the one the client's own list shows and which
// leaves out a day the deposit did not run. And re-pricing through four eyes: one admin proposes a
// new rate table on the Deposit rates screen, which changes nothing and which they may not approve
// themselves; a second admin (created by `npm run operator:create` and enrolled through its link)
// reads the proposal cell by cell in Russian and approves it; new deposits then quote at the new
// rate while the running one keeps its own, and the public pages print the new table, the one
// GET /api/deposit/rates answers.
import { randomUUID } from 'node:crypto';
import { DEPOSIT_RATE_CELLS, type DepositLiabilityResponse, type DepositRatesResponse } from '@bank/contracts/backoffice/deposits';
import type { Deposit, DepositQuote, DepositRatesInForce, DepositRateTable, ListDepositsResponse } from '@bank/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBankDate } from '../apps/web/src/ui/formatBankDate';
import { formatMoney, formatPercent, percentDigits } from '../apps/web/src/ui/formatMoney';
import { enrol, operatorCreate, operatorSignIn, statusIs } from './support/backoffice';
import { DEMO_BUSINESS, label, texts, unexpectedProblems, type Language } from './support/identity';
import { checkEveryLayout } from './support/layouts';
import { accountIn, apiAs, interpolate, type Account } from './support/money';
import { signInThroughApi } from './support/session';
import { screenshot, startStack, type Stack } from './support/stack';

const SECOND_ADMIN = { email: 'nikolai.sokolov@bank.example', name: 'Nikolai Sokolov', password: 'SecondAdmin2024' };
const ENROLMENT_LINK = /(https?:\/\/\S+\/backoffice\/enrol\/[\w-]+)/;

let stack: Stack;
let enrolmentLink = '';
let client: ReturnType<typeof apiAs>;
let deposit: Deposit;

beforeAll(async () => {
  stack = await startStack({
    // A bank with two admins: the second is created before the demo data, as a bank's first admin is.
    prepare: async (_dataDir, env) => {
      const printed = await operatorCreate(['--email', SECOND_ADMIN.email, '--name', SECOND_ADMIN.name, '--roles', 'admin'], env);
      enrolmentLink = ENROLMENT_LINK.exec(printed)?.[1] ?? '';
    },
  });
  const signedIn = await signInThroughApi(stack, DEMO_BUSINESS.email, DEMO_BUSINESS.password);
  client = apiAs(stack, signedIn.userToken);
  const account = accountIn(await client.get<Account[]>('account/list'), 'EUR');
  const opened = await fetch(`${stack.baseUrl}/api/deposit/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${signedIn.userToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ currency: 'EUR', accNumberFrom: account.number, amount: '25000.00', termMonths: 12, payoutMonths: 3 }),
  });
  expect(opened.status, await opened.clone().text()).toBe(200);
  deposit = (await opened.json()) as Deposit;
});
afterAll(() => stack?.close());

/** The operator token of the back office's tab, as the screens send it. */
async function operatorTokenOf(page: Page): Promise<string> {
  const stored = await page.evaluate(() => sessionStorage.getItem('backoffice-session'));
  return (JSON.parse(stored!) as { token: string }).token;
}

async function asOperatorOf<T>(page: Page, method: 'GET' | 'POST', path: string): Promise<T> {
  const response = await fetch(`${stack.baseUrl}/api/backoffice/${path}`, { method, headers: { authorization: `Bearer ${await operatorTokenOf(page)}` } });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const row = (page: Page, key: string) => page.locator(`[data-testid="bo-row"][data-key="${key}"]`);
/** A row's cell under the column headed `header` (a card's label on a narrow screen). */
const cell = (page: Page, key: string, header: string) => row(page, key).locator(`td[data-label=${JSON.stringify(header)}]`);

describe("the back office's deposits", () => {
  it("an operator sees a client's deposit and the bank's liability for it, in EN and RU at 360 and 1440 px", { timeout: 300_000 }, async () => {
    const boEn = texts('en', 'backoffice');
    const tab = await stack.newPage({ language: 'en', width: 1440 });
    const { page } = tab;
    await operatorSignIn(page, 'en', 'compliance@bank.example');

    // The client's card, found by the search, lists the deposit under its own heading.
    await page.getByRole('link', { name: boEn('menu.clients') }).click();
    await page.getByLabel(label(boEn('clients.query'))).fill(DEMO_BUSINESS.email);
    await page.getByRole('button', { name: boEn('clients.search') }).click();
    await page.getByRole('link', { name: 'Northwind Trading Ltd' }).click();
    await checkEveryLayout(page, 'backoffice-deposits-client', async (language) => {
      const bo = texts(language, 'backoffice');
      await page.getByRole('heading', { level: 2, name: bo('deposits.clientSection') }).waitFor();
      const listed = row(page, deposit.number);
      await listed.getByText(formatMoney('25000.00', 'EUR', language), { exact: true }).waitFor();
      await listed.getByText(formatPercent(deposit.rateBasisPoints, language, 2), { exact: true }).waitFor();
      await listed.getByText(`${formatBankDate(deposit.openingDate)} – ${formatBankDate(deposit.maturityDate)}`).waitFor();
      await statusIs(listed, 'Active');
    });

    // The liability report of today: the deposit with the interest the client's own list shows, and the totals.
    await page.getByRole('link', { name: boEn('menu.depositLiability') }).click();
    const today = await asOperatorOf<DepositLiabilityResponse>(page, 'GET', 'deposits/liability');
    const reported = today.items.find((item) => item.number === deposit.number)!;
    const own = (await client.get<ListDepositsResponse>('deposit/list')).deposits.find((item) => item.number === deposit.number)!;
    // Opened today, it has nothing due yet.
    expect(reported).toMatchObject({
      principal: '25000.00',
      accruedInterest: own.accruedInterest,
      lastPayoutDate: null,
      openingDate: deposit.openingDate,
      dueUnpaidInterest: '0.00',
      principalDue: false,
    });
    const eur = today.totals.find((total) => total.currency === 'EUR')!;
    expect(eur.deposits).toBeGreaterThanOrEqual(1);
    await checkEveryLayout(page, 'backoffice-deposits-liability', async (language) => {
      const bo = texts(language, 'backoffice');
      await page.getByRole('heading', { level: 1, name: bo('deposits.liability.title') }).waitFor();
      await page.getByTestId('bo-liability-date').getByText(interpolate(bo('deposits.liability.asOf'), { date: formatBankDate(today.date) })).waitFor();
      const ofDeposit = (header: string) => cell(page, deposit.number, bo(`deposits.liability.${header}`));
      await ofDeposit('accrued').getByText(formatMoney(reported.accruedInterest, 'EUR', language), { exact: true }).waitFor();
      await ofDeposit('lastPayout').getByText(bo('deposits.liability.noPayoutYet')).waitFor();
      await ofDeposit('dueInterest').getByText(formatMoney('0.00', 'EUR', language), { exact: true }).waitFor();
      // Not matured: its principal is not marked due.
      await cell(page, deposit.number, bo('deposits.principal')).getByText(formatMoney('25000.00', 'EUR', language), { exact: true }).waitFor();
      expect(await row(page, deposit.number).getByText(bo('deposits.liability.principalDueNote')).count()).toBe(0);
      const ofEur = (header: string) => cell(page, 'EUR', header);
      await ofEur(bo('deposits.principal')).getByText(formatMoney(eur.principal, 'EUR', language), { exact: true }).waitFor();
      await ofEur(bo('deposits.liability.accrued')).getByText(formatMoney(eur.accruedInterest, 'EUR', language), { exact: true }).waitFor();
      await ofEur(bo('deposits.liability.dueInterest')).getByText(formatMoney(eur.dueUnpaidInterest, 'EUR', language), { exact: true }).waitFor();
      await ofEur(bo('deposits.liability.duePrincipal')).getByText(formatMoney(eur.dueUnpaidPrincipal, 'EUR', language), { exact: true }).waitFor();
    });

    // The day before it opened, the deposit was not running.
    const dayBefore = new Date(Date.parse(`${deposit.openingDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    // The screen reloaded in English has its report before the date is typed: a field typed into
    // while the screen still swaps in its final form would lose the date (fillUntilAccepted).
    const liabilityDate = page.getByTestId('bo-liability-date');
    await liabilityDate.getByText(interpolate(boEn('deposits.liability.asOf'), { date: formatBankDate(today.date) })).waitFor();
    await page.getByLabel(label(boEn('deposits.liability.date'))).fill(dayBefore);
    await page.getByRole('button', { name: boEn('deposits.liability.show') }).click();
    await liabilityDate.getByText(interpolate(boEn('deposits.liability.asOf'), { date: formatBankDate(dayBefore) })).waitFor();
    expect(await row(page, deposit.number).count()).toBe(0);
    await screenshot(page, 'backoffice-deposits-liability-day-before-en-1440');
    expect(unexpectedProblems(tab.problems)).toEqual([]);
  });

  it('a new rate table proposed by one admin holds only once another approves it', { timeout: 300_000 }, async () => {
    expect(enrolmentLink, 'operator:create printed no enrolment link').not.toBe('');
    const boEn = texts('en', 'backoffice');
    const quoteTerms = { currency: 'EUR', accNumberFrom: deposit.accountNumber, amount: '10000.00', termMonths: '12', payoutMonths: '3' };
    const quote = () => client.get<DepositQuote>(`deposit/quote?${new URLSearchParams(quoteTerms).toString()}`);
    const before = await quote();

    // The demo admin proposes a table a quarter point higher everywhere, on the Deposit rates screen.
    const makerTab = await stack.newPage({ language: 'en', width: 1440 });
    const maker = makerTab.page;
    await operatorSignIn(maker, 'en', 'operator@bank.example');
    await maker.getByRole('link', { name: boEn('menu.depositRates') }).click();
    const inForce = await asOperatorOf<DepositRatesResponse>(maker, 'GET', 'deposits/rates');
    const proposed = Object.fromEntries(
      Object.entries(inForce.rates).map(([tier, rates]) => [tier, Object.fromEntries(Object.entries(rates).map(([currency, rate]) => [currency, rate + 25]))]),
    ) as unknown as DepositRateTable;
    await checkEveryLayout(maker, 'backoffice-deposits-rates', async (language) => {
      const bo = texts(language, 'backoffice');
      await maker.getByRole('heading', { level: 1, name: bo('deposits.rates.title') }).waitFor();
      await row(maker, 'withHistory').getByText(formatPercent(inForce.rates.withHistory.EUR, language, 2), { exact: true }).waitFor();
      await maker.getByRole('heading', { level: 2, name: bo('deposits.rates.proposeTitle') }).waitFor();
    });
    for (const { tier, currency } of DEPOSIT_RATE_CELLS) {
      const field = maker.getByLabel(label(interpolate(boEn('deposits.rates.cell'), { tier: boEn(`deposits.tiers.${tier}`), currency })));
      await field.fill(String(proposed[tier][currency] / 100));
    }
    await maker.getByLabel(label(boEn('deposits.rates.reason'))).fill('The ECB raised its deposit facility rate by 25 basis points');
    await maker.getByRole('button', { name: boEn('deposits.rates.propose') }).click();
    const notice = maker.getByTestId('bo-deposit-rates-pending');
    await notice.getByText(boEn('deposits.rates.proposed')).waitFor();
    const approvalHref = (await notice.getByRole('link', { name: boEn('deposits.rates.openPending') }).getAttribute('href'))!;
    const approvalId = decodeURIComponent(approvalHref.split('/').pop()!);
    await screenshot(maker, 'backoffice-deposits-rates-proposed-en-1440');

    // Nothing changes while it waits, and its maker may only withdraw it.
    expect((await quote()).rateBasisPoints).toBe(before.rateBasisPoints);
    await notice.getByRole('link', { name: boEn('deposits.rates.openPending') }).click();
    await maker.getByText(boEn('approvals.waitingForChecker')).waitFor();
    expect(await maker.getByTestId('bo-approve').count()).toBe(0);

    // The second admin enrols through the printed link and reads the proposal in Russian, cell by cell.
    const checkerTab = await stack.newPage({ language: 'ru', width: 1440 });
    const checker = checkerTab.page;
    await checker.goto(enrolmentLink);
    await enrol(checker, 'ru', SECOND_ADMIN.password);
    await checker.goto(`/backoffice/approvals/${encodeURIComponent(approvalId)}`);
    const expectChange = async (language: Language) => {
      const bo = texts(language, 'backoffice');
      await checker.getByRole('heading', { level: 1, name: bo('approvals.kinds.depositRates') }).waitFor();
      for (const { tier, currency } of DEPOSIT_RATE_CELLS) {
        const change = interpolate(bo('approvals.change'), {
          from: formatPercent(inForce.rates[tier][currency], language, 2),
          to: formatPercent(proposed[tier][currency], language, 2),
        });
        await checker.getByText(bo(`approvals.fields.depositRates.${tier}.${currency}`), { exact: true }).waitFor();
        await checker.getByText(change, { exact: true }).first().waitFor();
      }
    };
    await checkEveryLayout(checker, 'backoffice-deposits-rates-approval', expectChange);
    await checker.getByTestId('bo-approve').click();
    await statusIs(checker, 'Approved');
    await checker.getByText(boEn('approvals.done.approve')).waitFor();

    // New deposits quote at the new rate; the running deposit keeps the rate it opened at.
    const after = await quote();
    expect(after.rateBasisPoints).toBe(proposed[after.historyTier].EUR);
    expect(after.rateBasisPoints).toBe(before.rateBasisPoints + 25);
    const running = (await client.get<ListDepositsResponse>('deposit/list')).deposits.find((item) => item.number === deposit.number)!;
    expect(running.rateBasisPoints).toBe(deposit.rateBasisPoints);

    // The public pages print the table the quote prices from, as GET /api/deposit/rates answers it.
    const answered = (await (await fetch(`${stack.baseUrl}/api/deposit/rates`)).json()) as DepositRatesInForce;
    expect(answered.rates).toEqual(proposed);
    const visitorTab = await stack.newPage({ language: 'ru', width: 360 });
    const visitor = visitorTab.page;
    await visitor.goto('/other-services');
    const rate = (basisPoints: number) => formatPercent(basisPoints, 'ru', percentDigits(basisPoints));
    const note = interpolate(texts('ru', 'public')('otherServices.deposit.rates.note'), {
      depositRateNewClients: rate(Math.max(answered.rates.withoutHistory.EUR, answered.rates.withoutHistory.USD)),
      depositRateLongTermClients: rate(Math.max(answered.rates.withHistory.EUR, answered.rates.withHistory.USD)),
    });
    await visitor.getByText(note, { exact: true }).waitFor();
    expect(await visitor.locator('.rates-table tbody td').allInnerTexts()).toEqual(
      [answered.rates.withHistory.EUR, answered.rates.withoutHistory.EUR, answered.rates.withHistory.USD, answered.rates.withoutHistory.USD].map(rate),
    );
    await screenshot(visitor, 'public-other-services-repriced-ru-360');
    expect(unexpectedProblems(visitorTab.problems)).toEqual([]);

    // The rates screen shows the new table in force, in Russian.
    await maker.goto('/backoffice/deposits/rates');
    await checkEveryLayout(maker, 'backoffice-deposits-rates-approved', async (language) => {
      const bo = texts(language, 'backoffice');
      await row(maker, 'withoutHistory').getByText(formatPercent(proposed.withoutHistory.USD, language, 2), { exact: true }).waitFor();
      await maker.getByRole('heading', { level: 2, name: bo('deposits.rates.proposeTitle') }).waitFor();
    });
    for (const tab of [makerTab, checkerTab]) expect(unexpectedProblems(tab.problems)).toEqual([]);
  });
});
