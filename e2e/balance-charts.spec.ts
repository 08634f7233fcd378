// Proves the accounts overview's balance charts in Chromium for the demo client, in EN and RU at
// 360 and 1440 px: the charts are SVG paths with a point a day, fetched as a chunk of their own
// after the overview (no other script carries the chart's code); the 30/90 switch redraws them; the
// total follows the base currency chosen and the choice outlives a reload; each chart's text
// alternative names its figures and its table lists every day's; axe finds nothing serious and
// nothing is wider than the window; no console errors.
import type { BalanceHistoryResponse } from '@bank/contracts/statement/balance-history';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBankDate } from '../apps/web/src/ui/formatBankDate';
import { formatMoney } from '../apps/web/src/ui/formatMoney';
import { seriousAccessibilityViolations } from './support/axe';
import { texts, unexpectedProblems } from './support/identity';
import { LAYOUTS } from './support/layouts';
import { interpolate } from './support/money';
import { openCabinetAs, signInThroughApi, type SignedInUser } from './support/session';
import { screenshot, startStack, type Stack } from './support/stack';

let stack: Stack;
let demo: SignedInUser;

/** A class only the chart's module writes: it must be in the chart's chunk and in no other script. */
const CHART_MARKER = 'balance-chart__drawing';

beforeAll(async () => {
  stack = await startStack();
  demo = await signInThroughApi(stack, 'demo@bank.example', 'DemoBank2024');
});
afterAll(() => stack?.close());

/** The balance history as the server answers it to the demo client, to compare the screen with. */
async function answer(days: 30 | 90, base: string): Promise<BalanceHistoryResponse> {
  const response = await fetch(`${stack.baseUrl}/api/statement/balance-history?days=${days}&base=${base}&timeZone=UTC`, {
    headers: { authorization: `Bearer ${demo.userToken}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as BalanceHistoryResponse;
}

const lastOf = <T>(list: readonly T[]): T => list[list.length - 1]!;

async function expectTotal(page: Page, expected: string): Promise<void> {
  await expect.poll(() => page.getByTestId('balance-total').textContent(), { timeout: 10_000 }).toBe(expected);
}

/** Every chart on screen has drawn `days` points: its line has one segment fewer. */
async function expectDays(page: Page, days: number, charts: number): Promise<void> {
  await expect.poll(() => page.locator(`figure.balance-chart[data-days="${days}"]`).count(), { timeout: 10_000 }).toBe(charts);
  for (const line of await page.locator('svg[role="img"] path.balance-chart__line').all()) {
    expect(((await line.getAttribute('d')) ?? '').split('L')).toHaveLength(days);
  }
}

describe('the balance charts of the accounts overview', () => {
  it.each(LAYOUTS)('draws, switches, totals and remembers ($language, $width px)', async ({ language, width }) => {
    const t = texts(language, 'accounts');
    const { page, problems } = await stack.newPage({ language, width, height: 900, timeZone: 'UTC' });
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response);
    });
    await openCabinetAs(page, demo, language);
    await page.getByRole('heading', { level: 2, name: t('charts.title') }).waitFor();
    const inEur = await answer(30, 'EUR');
    const charts = inEur.accounts.length + 1;
    expect(inEur.accounts.length).toBeGreaterThan(0);

    // The chart's code came as a chunk of its own; the entry and the overview's scripts do not carry it.
    const chartChunks = scripts.filter((response) => /\/BalanceCharts-[\w-]+\.js$/.test(response.url()));
    expect(chartChunks).toHaveLength(1);
    expect(await chartChunks[0]!.text()).toContain(CHART_MARKER);
    for (const other of scripts.filter((response) => !chartChunks.includes(response))) {
      expect(await other.text(), other.url()).not.toContain(CHART_MARKER);
    }

    // 30 days by default, the total in EUR until another currency is chosen.
    await expectDays(page, 30, charts);
    const span = page.getByRole('group', { name: t('charts.span.label') });
    expect(await span.getByRole('button', { name: t('charts.span.30') }).getAttribute('aria-pressed')).toBe('true');
    await expectTotal(page, formatMoney(lastOf(inEur.totals), 'EUR', language));

    // The text alternative names the figures: first and last day with their balances.
    const account = inEur.accounts[0]!;
    const accountChart = page.locator('.balance-charts__account').first();
    const label = await accountChart.getByRole('img').evaluate((image) => image.querySelector('title')?.textContent ?? '');
    for (const part of [formatBankDate(inEur.days[0]), formatBankDate(lastOf(inEur.days)), formatMoney(account.balances[0]!, account.currency, language), formatMoney(lastOf(account.balances), account.currency, language)]) {
      expect(label).toContain(part);
    }
    await expect.poll(() => accountChart.getByRole('img').getAttribute('aria-labelledby')).toBeTruthy();

    // 90 days: every chart redrawn, and the table lists each day with its balance.
    await span.getByRole('button', { name: t('charts.span.90') }).click();
    expect(await span.getByRole('button', { name: t('charts.span.90') }).getAttribute('aria-pressed')).toBe('true');
    await expectDays(page, 90, charts);
    const ninety = await answer(90, 'EUR');
    const first = ninety.accounts[0]!;
    await accountChart.getByRole('button', { name: t('charts.table.show') }).click();
    const rows = accountChart.locator('table tbody tr');
    await expect.poll(() => rows.count()).toBe(90);
    expect(await rows.first().textContent()).toBe(`${formatBankDate(ninety.days[0])}${formatMoney(first.balances[0]!, first.currency, language)}`);
    expect(await rows.last().textContent()).toBe(`${formatBankDate(lastOf(ninety.days))}${formatMoney(lastOf(first.balances), first.currency, language)}`);

    const where = `${language}, ${width} px`;
    expect(await seriousAccessibilityViolations(page), where).toEqual([]);
    const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, window: window.innerWidth }));
    expect(widths.content, `${where}: the page is wider than the window`).toBeLessThanOrEqual(widths.window);
    await screenshot(page, `balance-charts-${language}-${width}`);

    // The base currency: the total follows it, and the choice outlives a reload.
    const base = page.getByLabel(t('charts.base.label'), { exact: true });
    await base.selectOption('USD');
    const inUsd = await answer(90, 'USD');
    await expectTotal(page, formatMoney(lastOf(inUsd.totals), 'USD', language));
    await page.getByRole('heading', { level: 3, name: interpolate(t('charts.total.title'), { currency: 'USD' }) }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 2, name: t('charts.title') }).waitFor();
    expect(await page.getByLabel(t('charts.base.label'), { exact: true }).inputValue()).toBe('USD');
    await expectTotal(page, formatMoney(lastOf((await answer(30, 'USD')).totals), 'USD', language));
    // Put back for the next layout, which shares the client.
    await page.getByLabel(t('charts.base.label'), { exact: true }).selectOption('EUR');
    await expectTotal(page, formatMoney(lastOf(inEur.totals), 'EUR', language));

    expect(unexpectedProblems(problems)).toEqual([]);
    await page.context().close();
  });
});
