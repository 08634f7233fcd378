// Proves the statement tab in Chromium as the demo client uses it, in EN and RU, at 1280, 1440, 375
// and 360 px: on a desktop each line's date, counterparty, purpose, signed amount, status and
// balance inside the window, and the rest of the product's statement row in the line's details, opened
// from the keyboard; on phones cards with all of it; green plus and red minus and Russian-locale dates, 8 rows a
// page with page controls, every filter sending the statement back to page 1 and showing what the
// server answers for it, the period's balances, saved templates, the CSV downloaded and read back
// (BOM, headings in the language, Cyrillic intact, every row), the printed statement (its header
// read in print media, page.pdf() an A4 landscape document, window.print called 500 ms after the click), the
// 'No data available to download' alert, axe, and no console errors or CSP violations.
import { readFile } from 'node:fs/promises';
import type { StatementPage } from '@bank/contracts/statement/statement-row';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../apps/server/src/modules/statement/test-support';
import { typeKey } from '../apps/web/src/features/statement/labels';
import { expectAccessible } from './support/axe';
import { texts, type Language } from './support/identity';
import { apiAs, formatAmount, groupedNumber, interpolate, type Account } from './support/money';
import { openCabinetAs, signInThroughApi, type SignedInUser } from './support/session';
import { screenshot, startStack, type Stack } from './support/stack';

let stack: Stack;
let demo: SignedInUser;
let demoAccounts: Account[];
const CYRILLIC_REFERENCE = 'Оплата аренды офиса, ноябрь';
const TEMPLATE = 'Аренда офиса';
/** A desktop line's columns after its disclosure button. */
const LINE_COLUMNS = ['date', 'counterparty', 'purpose', 'amount', 'status', 'balanceAfter'];
/** The rest of the product's statement row, in a line's details, with the balance the turnovers come to. */
const DETAIL_FIELDS = ['transactionNumber', 'sender', 'recipient', 'type', 'direction', 'openingBalance', 'creditTurnover', 'debitTurnover', 'balance'];

beforeAll(async () => {
  stack = await startStack();
  demo = await signInThroughApi(stack, 'demo@bank.example', 'DemoBank2024');
  const corp = await signInThroughApi(stack, 'corp@bank.example', 'DemoBank2024');
  const corpAccounts = await apiAs(stack, corp.userToken).get<Account[]>('account/list');
  demoAccounts = await apiAs(stack, demo.userToken).get<Account[]>('account/list');
  // A transfer with a Cyrillic reference, saved as a template, made as a client makes it.
  const response = await fetch(`${stack.baseUrl}/api/transaction/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${demo.userToken}` },
    body: JSON.stringify({
      type: 'internal',
      accNumberFrom: accountIn('EUR').number,
      accNumberTo: corpAccounts.find((account) => account.currency === 'EUR')!.number,
      amount: '350.00',
      fullName: 'Northwind Trading Ltd',
      reference: CYRILLIC_REFERENCE,
      templateName: TEMPLATE,
    }),
  });
  expect(response.status).toBe(200);
});
afterAll(() => stack?.close());

function accountIn(currency: string): Account {
  return demoAccounts.find((account) => account.currency === currency)!;
}

/** The statement as the server answers it to the demo client, to compare the screen with. */
async function answer(query: Record<string, string> = {}): Promise<StatementPage> {
  const url = new URL(`${stack.baseUrl}/api/statement`);
  for (const [key, value] of Object.entries({ timeZone: 'UTC', limit: '100', ...query })) url.searchParams.set(key, value);
  const response = await fetch(url, { headers: { authorization: `Bearer ${demo.userToken}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as StatementPage;
}

const wide = (width: number) => width > 720;

async function openStatement(language: Language, width: number) {
  // The browser tells the server its zone; a browser in UTC keeps presets comparable with answer().
  const opened = await stack.newPage({ language, width, height: 900, timeZone: 'UTC' });
  const { page } = opened;
  await page.context().addInitScript(() => {
    // Records window.print instead of opening the dialog, with the time it was called.
    (window as unknown as { printCalls: number[] }).printCalls = [];
    window.print = () => (window as unknown as { printCalls: number[] }).printCalls.push(performance.now());
  });
  await openCabinetAs(page, demo, language);
  const accounts = texts(language, 'accounts');
  await page.getByRole('heading', { level: 1, name: accounts('title') }).waitFor();
  const tab = page.getByRole('tab', { name: accounts('tabs.statement') });
  if (wide(width) && width < 1400) {
    // Below 1400 px a click beside the open side menu closes it; the keyboard leaves it open,
    // so the statement is seen beside the menu, its narrowest desktop layout.
    await tab.focus();
    await page.keyboard.press('Enter');
  } else {
    await tab.click();
  }
  await page.getByRole('heading', { level: 2, name: texts(language, 'statement')('title') }).waitFor();
  return opened;
}

function rowsOf(page: Page, width: number) {
  return wide(width) ? page.locator('.statement-table tbody tr.statement-table__row') : page.locator('.statement-cards > li');
}

/** Transaction numbers on screen (on a desktop, in each line's details), in order. */
async function numbersOnScreen(page: Page, width: number): Promise<string[]> {
  return wide(width)
    ? page.locator('.statement-table__details dd:nth-of-type(1)').allTextContents()
    : page.locator('.statement-card__facts dd:nth-of-type(1)').allTextContents();
}

/** Waits until the screen shows `expected`'s first page (8 rows) and says which page it is. */
async function expectScreen(page: Page, width: number, language: Language, expected: StatementPage, pageNumber = 1) {
  const t = texts(language, 'statement');
  const rows = expected.rows.slice((pageNumber - 1) * 8, pageNumber * 8).map((row) => row.transactionNumber);
  await expect.poll(() => numbersOnScreen(page, width), { timeout: 10_000 }).toEqual(rows);
  await page.locator('.statement__rows[aria-busy="false"]').waitFor();
  const pages = Math.max(1, Math.ceil(expected.total / 8));
  await page.getByText(interpolate(t('pages.pageOf'), { page: String(pageNumber), total: String(pages) }), { exact: true }).waitFor();
}

async function chooseFilter(page: Page, label: string, value: string) {
  await page.getByRole('form', { name: /./ }).getByLabel(label, { exact: true }).selectOption(value);
}

async function typeFilter(page: Page, label: string, value: string) {
  await page.getByRole('form', { name: /./ }).getByLabel(label, { exact: true }).fill(value);
}

/** The PDF's pages are A4 landscape (841.89 × 595.28 points, give or take Chromium's rounding) and it is not empty. */
function expectA4(pdf: Buffer): void {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(10_000);
  const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)];
  expect(boxes.length).toBeGreaterThan(0);
  for (const [, width, height] of boxes) {
    expect(Math.abs(Number(width) - 841.89)).toBeLessThan(2);
    expect(Math.abs(Number(height) - 595.28)).toBeLessThan(2);
  }
}

/** Clicks a button and answers the alert it raised (accepted at once: an open alert blocks the click). */
async function alertOf(page: Page, button: string): Promise<[string, string]> {
  const shown = new Promise<[string, string]>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve([dialog.type(), dialog.message()]);
      void dialog.accept();
    });
  });
  await page.getByRole('button', { name: button }).click();
  return shown;
}

async function downloadCsv(page: Page, language: Language): Promise<{ name: string; text: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: texts(language, 'statement')('export.csv') }).click()]);
  const bytes = await readFile((await download.path())!);
  return { name: download.suggestedFilename(), text: bytes.toString('utf8'), bytes };
}

describe('EN', () => {
  it('1440 px: every column, green plus and red minus, Russian dates, the period balances, pages of 8', async () => {
    const t = texts('en', 'statement');
    const { page, problems } = await openStatement('en', 1440);
    const expected = await answer();
    await expectScreen(page, 1440, 'en', expected);
    // The disclosure column, then what a client looks for in a line.
    expect(await page.locator('.statement-table thead th').allTextContents()).toEqual([t('details.heading'), ...LINE_COLUMNS.map((key) => t(`columns.${key}`))]);
    for (const [index, row] of expected.rows.slice(0, 8).entries()) {
      const line = rowsOf(page, 1440).nth(index);
      const cells = await line.locator('td').allTextContents();
      expect(cells[0]).toBe(interpolate(t('details.label'), { number: row.transactionNumber }));
      expect(cells[1]).toBe(new Date(row.created * 1000).toLocaleString('ru-RU'));
      expect(cells[1]).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/);
      const [name, account] = row.direction === 'IN' ? [row.senderName, row.sender] : [row.recipientName, row.recipient];
      expect(cells[2]).toBe(`${name ?? ''}${groupedNumber(account)}`);
      expect(cells[4]).toBe(`${row.direction === 'IN' ? '+' : '\u2212'}${formatAmount(row.amount, 'en')}\u00a0${row.currency}`);
      expect(cells[6]).toBe(formatAmount(row.balance, 'en'));
      const colour = await line.locator('.statement-amount').evaluate((element) => getComputedStyle(element).color);
      expect(colour).toBe(row.direction === 'IN' ? 'rgb(28, 124, 74)' : 'rgb(180, 35, 24)');
    }
    // The period's balances of every account, from the ledger.
    for (const account of expected.accounts!) {
      const card = page.getByRole('region', { name: interpolate(t('summary.label'), { account: groupedNumber(account.accountNumber) }) });
      await card.getByText(`${formatAmount(account.closingBalance, 'en')}\u00a0${account.currency}`, { exact: true }).waitFor();
    }
    await screenshot(page, 'statement-en-1440');
    await expectAccessible(page);

    // Next, a numbered page, previous: the same rows the server answers for pages 2, 3 and 2.
    await page.getByRole('button', { name: t('pages.next') }).click();
    await expectScreen(page, 1440, 'en', expected, 2);
    await page.getByRole('button', { name: interpolate(t('pages.page'), { page: '3' }) }).click();
    await expectScreen(page, 1440, 'en', expected, 3);
    await page.getByRole('button', { name: t('pages.previous') }).click();
    await expectScreen(page, 1440, 'en', expected, 2);

    // Any filter change goes back to page 1.
    const usd = accountIn('USD');
    await chooseFilter(page, t('filters.account'), usd.number);
    await expectScreen(page, 1440, 'en', await answer({ accountNumber: usd.number }));
    const usdRows = await rowsOf(page, 1440).locator('td:nth-child(5)').allTextContents();
    expect(new Set(usdRows.map((amount) => amount.split('\u00a0').at(-1)))).toEqual(new Set(['USD']));
    expect(problems).toEqual([]);
  });

  it('1440 px: each filter shows what the server answers for it, and resets to page 1', async () => {
    const t = texts('en', 'statement');
    const { page, problems } = await openStatement('en', 1440);
    await expectScreen(page, 1440, 'en', await answer());
    const cases: Array<[string, () => Promise<void>, Record<string, string>]> = [
      ['period preset', () => chooseFilter(page, t('filters.period'), 'lastMonth'), { period: 'lastMonth' }],
      ['incoming only', async () => {
        await chooseFilter(page, t('filters.period'), '');
        await page.getByLabel(t('filters.incoming')).check();
      }, { incoming: 'true' }],
      ['purpose', async () => {
        await page.getByLabel(t('filters.incoming')).uncheck();
        await typeFilter(page, t('filters.purpose'), 'consulting');
      }, { purpose: 'consulting' }],
      ['recipient account', async () => {
        await typeFilter(page, t('filters.purpose'), '');
        await typeFilter(page, t('filters.recipient'), 'de7551');
      }, { recipient: 'de7551' }],
      ['amount', async () => {
        await typeFilter(page, t('filters.recipient'), '');
        await typeFilter(page, t('filters.amount'), '75.50');
      }, { amount: '75.50' }],
      ['currency', async () => {
        await typeFilter(page, t('filters.amount'), '');
        await chooseFilter(page, t('filters.currency'), 'GBP');
      }, { currency: 'GBP' }],
      ['type', async () => {
        await chooseFilter(page, t('filters.currency'), '');
        await chooseFilter(page, t('filters.type'), 'Exchange');
      }, { type: 'Exchange' }],
      ['payment region', async () => {
        await chooseFilter(page, t('filters.type'), '');
        await chooseFilter(page, t('filters.paymentRegion'), 'SWIFT');
      }, { paymentRegion: 'SWIFT' }],
      ['custom dates', async () => {
        await chooseFilter(page, t('filters.paymentRegion'), '');
        const today = new Date().toISOString().slice(0, 10);
        const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
        await typeFilter(page, t('filters.from'), monthAgo);
        await typeFilter(page, t('filters.to'), today);
      }, { from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) }],
    ];
    for (const [name, apply, query] of cases) {
      await apply();
      const expected = await answer(query);
      expect({ name, total: expected.total > 0 }).toEqual({ name, total: true });
      await expectScreen(page, 1440, 'en', expected);
    }
    await page.getByRole('button', { name: t('filters.reset') }).click();
    await expectScreen(page, 1440, 'en', await answer());

    // A saved template: the panel lists it, and choosing it filters the statement by it.
    await page.getByText(interpolate(t('templates.title'), { total: '1' })).click();
    await page.getByRole('button', { name: interpolate(t('templates.showFor'), { name: TEMPLATE }) }).click();
    await expectScreen(page, 1440, 'en', await answer({ templateName: TEMPLATE }));
    await page.getByText(CYRILLIC_REFERENCE).first().waitFor();
    expect(problems).toEqual([]);
  });

  it('1440 px: downloads the CSV with every row and prints a statement with the client header', async () => {
    const t = texts('en', 'statement');
    const { page, problems } = await openStatement('en', 1440);
    const expected = await answer();
    await expectScreen(page, 1440, 'en', expected);

    const csv = await downloadCsv(page, 'en');
    expect(csv.name).toBe('statement_all.csv');
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [heading, ...lines] = readCsv(csv.text.slice(1));
    expect(heading).toEqual(['Date', 'Transfer number', 'Sender', 'Recipient', 'Type', 'Payment purpose', 'Amount', 'Currency', 'Direction', 'Status', 'Opening balance', 'Credit turnover', 'Debit turnover', 'Fiat balance']);
    expect(lines.map((line) => line[1])).toEqual(expected.rows.map((row) => row.transactionNumber));
    expect(lines.find((line) => line[5] === CYRILLIC_REFERENCE)).toBeDefined();

    // PDF: the dialog opens 500 ms after the click, over the printed statement with the client's details.
    const clickedAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: t('export.pdf') }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number[] }).printCalls.length)).toBe(1);
    const calledAt = await page.evaluate(() => (window as unknown as { printCalls: number[] }).printCalls[0]!);
    expect(calledAt - clickedAt).toBeGreaterThanOrEqual(500);
    await page.emulateMedia({ media: 'print' });
    const header = page.locator('.statement-print__header');
    await header.waitFor();
    expect(await header.locator('[data-print="client"]').textContent()).toBe('Anna Petrova');
    expect(await header.locator('[data-print="clientId"]').textContent()).toBe(String(demo.clientId));
    expect(await header.locator('[data-print="email"]').textContent()).toBe('demo@bank.example');
    expect(await header.locator('[data-print="account"]').textContent()).toBe(t('print.allAccounts'));
    expect(await header.locator('[data-print="period"]').textContent()).toBe(t('print.allTime'));
    expect(await header.textContent()).toContain(t('summary.opening'));
    expect(await page.locator('.statement-print__table tbody tr').count()).toBe(expected.total);
    expect(await page.locator('.statement__screen').isVisible()).toBe(false);
    await screenshot(page, 'statement-print-en');
    expectA4(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    await page.emulateMedia({ media: 'screen' });

    // With no rows, both exports say so instead.
    await typeFilter(page, t('filters.amount'), '0.01');
    await page.getByText(t('empty')).waitFor();
    for (const button of [t('export.csv'), t('export.pdf')]) {
      expect(await alertOf(page, button)).toEqual(['alert', 'No data available to download']);
    }
    expect(problems).toEqual([]);
  });

  it('375 px: one card per row, page controls, no sideways scrolling', async () => {
    const { page, problems } = await openStatement('en', 375);
    await expectScreen(page, 375, 'en', await answer());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'statement-en-375');
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
});

describe('RU', () => {
  it('375 px: cards in Russian, a preset, the next page, CSV in Russian with Cyrillic intact', async () => {
    const t = texts('ru', 'statement');
    const { page, problems } = await openStatement('ru', 375);
    const expected = await answer();
    await expectScreen(page, 375, 'ru', expected);
    const first = rowsOf(page, 375).first();
    await first.getByText(t('columns.openingBalance')).waitFor();
    const row = expected.rows[0]!;
    await first.getByText(`${row.direction === 'IN' ? '+' : '\u2212'}${formatAmount(row.amount, 'ru')}`).waitFor();
    expect(problems).toEqual([]);
    await screenshot(page, 'statement-ru-375');
    await expectAccessible(page);

    await page.getByRole('button', { name: t('pages.next') }).click();
    await expectScreen(page, 375, 'ru', expected, 2);
    // On a phone the filters are folded until asked for.
    expect(await page.locator('.statement-filters-panel').getAttribute('open')).toBeNull();
    await page.locator('.statement-filters-panel > summary').click();
    await chooseFilter(page, t('filters.period'), 'last30Days');
    await page.locator('.statement-filters-panel > summary').getByText(interpolate(t('filters.titleActive'), { active: '1' })).waitFor();
    await expectScreen(page, 375, 'ru', await answer({ period: 'last30Days' }));

    const csv = await downloadCsv(page, 'ru');
    const [heading, ...lines] = readCsv(csv.text.replace(/^\uFEFF/, ''));
    expect(heading).toEqual(['Дата', 'Номер перевода', 'Отправитель', 'Получатель', 'Тип', 'Назначение платежа', 'Сумма', 'Валюта', 'Направление', 'Статус', 'Входящий остаток', 'Оборот по кредиту', 'Оборот по дебету', 'Остаток']);
    const inPeriod = await answer({ period: 'last30Days' });
    expect(lines).toHaveLength(inPeriod.total);
    expect(lines.find((line) => line[5] === CYRILLIC_REFERENCE)?.[3]).toBe(`Northwind Trading Ltd (${lines.find((line) => line[5] === CYRILLIC_REFERENCE)?.[3]?.replace(/^.*\((.*)\)$/, '$1')})`);
    expect(lines.every((line) => /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/.test(line[0]!))).toBe(true);
    expect(problems).toEqual([]);
  });

  it('1440 px: the no-data alert, and the printed statement in Russian for one account and a period', async () => {
    const t = texts('ru', 'statement');
    const { page, problems } = await openStatement('ru', 1440);
    await expectScreen(page, 1440, 'ru', await answer());
    const eur = accountIn('EUR');
    await chooseFilter(page, t('filters.account'), eur.number);
    await chooseFilter(page, t('filters.period'), 'lastAndCurrentMonth');
    const expected = await answer({ accountNumber: eur.number, period: 'lastAndCurrentMonth' });
    await expectScreen(page, 1440, 'ru', expected);
    await screenshot(page, 'statement-ru-1440');
    await expectAccessible(page);

    // With no rows, the export says so instead.
    await typeFilter(page, t('filters.amount'), '0.01');
    await page.getByText(t('empty')).waitFor();
    expect(await alertOf(page, t('export.csv'))).toEqual(['alert', 'Нет данных для выгрузки']);
    await typeFilter(page, t('filters.amount'), '');
    await expectScreen(page, 1440, 'ru', expected);

    await page.getByRole('button', { name: t('export.pdf') }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number[] }).printCalls.length)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const header = page.locator('.statement-print__header');
    await header.waitFor();
    expect(await header.textContent()).toContain(t('print.title'));
    expect(await header.locator('[data-print="account"]').textContent()).toBe(groupedNumber(eur.number));
    const period = expected.period;
    expect(await header.locator('[data-print="period"]').textContent()).toBe(
      `${period.firstDay!.split('-').reverse().join('.')} – ${period.lastDay!.split('-').reverse().join('.')}`,
    );
    const summary = expected.accounts![0]!;
    expect(await header.textContent()).toContain(`${formatAmount(summary.openingBalance, 'ru')}\u00a0EUR`);
    expect(await header.textContent()).toContain(`${formatAmount(summary.closingBalance, 'ru')}\u00a0EUR`);
    // A4 landscape is 1123 CSS pixels wide: the print layout as the paper gets it.
    await page.setViewportSize({ width: 1123, height: 794 });
    await screenshot(page, 'statement-print-ru');
    expectA4(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    await page.emulateMedia({ media: 'screen' });

    expect(problems).toEqual([]);
  });
});

/** A row's fields in its details as the screen in `language` should show them. */
function detailsOf(row: StatementPage['rows'][number], language: Language): string[] {
  const t = texts(language, 'statement');
  const party = (name: string | null, account: string) => `${name ?? ''}${groupedNumber(account)}`;
  return [
    row.transactionNumber,
    party(row.senderName, row.sender),
    party(row.recipientName, row.recipient),
    t(typeKey(row.type)),
    t(`directions.${row.direction}`),
    formatAmount(row.openingBalance, language),
    formatAmount(row.creditTurnover, language),
    formatAmount(row.debitTurnover, language),
    formatAmount(row.balance, language),
  ];
}

describe('a desktop line and its details', () => {
  for (const language of ['en', 'ru'] as const) {
    it(`${language.toUpperCase()}, 1280 px: every column of a line inside the window, the details opened from the keyboard`, async () => {
      const t = texts(language, 'statement');
      const { page, problems } = await openStatement(language, 1280);
      const expected = await answer();
      await expectScreen(page, 1280, language, expected);

      // No sideways scrolling, neither of the page nor of the table's frame, and every cell of every line and heading in the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await page.locator('.statement-table-frame').evaluate((frame) => frame.scrollWidth <= frame.clientWidth)).toBe(true);
      const boxes = await page
        .locator('.statement-table thead th, .statement-table tbody tr.statement-table__row td')
        .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect()).map(({ left, right }) => ({ left, right })));
      expect(boxes).toHaveLength(7 * (1 + Math.min(8, expected.rows.length)));
      for (const box of boxes) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(1280);
      }
      const first = rowsOf(page, 1280).first();
      const row = expected.rows[0]!;
      for (const cell of await first.locator('td').all()) expect(await cell.isVisible()).toBe(true);
      expect(await first.locator('td.statement-status').textContent()).toContain(t(`statuses.${row.status}`));
      expect(await first.locator('td').last().textContent()).toBe(formatAmount(row.balance, language));

      // Tab from the table's frame reaches the first line's button; Enter opens its details, announced as a region.
      const name = interpolate(t('details.label'), { number: row.transactionNumber });
      const button = page.getByRole('button', { name });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      const controlled = (await button.getAttribute('aria-controls'))!;
      expect(await page.locator(`[id="${controlled}"]`).isHidden()).toBe(true);
      await page.locator('.statement-table-frame').focus();
      await page.keyboard.press('Tab');
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      const details = page.getByRole('region', { name });
      await details.waitFor();
      expect(await page.locator(`[id="${controlled}"]`).isVisible()).toBe(true);
      expect(await details.locator('dt').allTextContents()).toEqual(DETAIL_FIELDS.map((key) => t(`columns.${key}`)));
      expect(await details.locator('dd').allTextContents()).toEqual(detailsOf(row, language));
      // The opened details stay inside the window too.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const right = await details.evaluate((element) => element.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(1280);
      await screenshot(page, `statement-details-${language}-1280`);
      await expectAccessible(page);

      // Enter again folds them.
      await page.keyboard.press('Enter');
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await details.waitFor({ state: 'hidden' });

      // With the side menu closed the lines have more room, and still no sideways scrolling.
      await page.locator('.side-menu').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('.side-menu').waitFor({ state: 'hidden' });
      expect(await rowsOf(page, 1280).count()).toBe(Math.min(8, expected.rows.length));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await page.locator('.statement-table-frame').evaluate((frame) => frame.scrollWidth <= frame.clientWidth)).toBe(true);
      expect(problems).toEqual([]);
    });

    it(`${language.toUpperCase()}, 360 px: cards with every field, no sideways scrolling`, async () => {
      const t = texts(language, 'statement');
      const { page, problems } = await openStatement(language, 360);
      const expected = await answer();
      await expectScreen(page, 360, language, expected);
      expect(await page.locator('.statement-table-frame').isHidden()).toBe(true);
      const card = rowsOf(page, 360).first();
      for (const key of DETAIL_FIELDS) await card.getByText(t(`columns.${key}`), { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The page controls keep to one line on a phone (the nearest pages only).
      const controlTops = await page.locator('.statement-pages__button:visible').evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().top));
      expect(controlTops.length).toBeGreaterThan(4);
      expect(new Set(controlTops).size).toBe(1);
      await screenshot(page, `statement-cards-${language}-360`);
      await expectAccessible(page);
      expect(problems).toEqual([]);
    });
  }
});
