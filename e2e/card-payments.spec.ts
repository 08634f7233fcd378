// Proves a card payment from end to end in Chromium (docs/cards.md#the-card-network): an identified
// client orders a virtual card and reveals it behind the password; `npm run card:terminal` pays with
// it as a card processor would; the statement shows the pending Card row with the merchant at once;
// the terminal clears it and the row is booked; the client freezes the card and the next payment is
// declined as card_frozen.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifiedClientWithMoney, signInOperators, type Operators } from './support/clients';
import { chooseMenu, label, texts, unexpectedProblems } from './support/identity';
import { openCabinetAs } from './support/session';
import { startStack, type Stack } from './support/stack';

const run = promisify(execFile);

let stack: Stack;
let operators: Operators;

beforeAll(async () => {
  stack = await startStack();
  operators = await signInOperators(stack);
});
afterAll(() => stack?.close());

/** `npm run card:terminal -- …` against the stack's server: its exit code and what it printed. */
async function terminal(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run('npm', ['run', '-s', 'card:terminal', '--', '--url', stack.baseUrl, ...args], { timeout: 60_000 });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** The statement's line of the card payment at Café Central, on the accounts screen's Statement tab. */
async function cardRow(page: Page): Promise<string> {
  const accounts = texts('en', 'accounts');
  await chooseMenu(page, 'en', 'accounts');
  await page.getByRole('heading', { level: 1, name: accounts('title') }).waitFor();
  await page.getByRole('tab', { name: accounts('tabs.statement') }).click();
  await page.getByRole('heading', { level: 2, name: texts('en', 'statement')('title') }).waitFor();
  await page.locator('.statement__rows[aria-busy="false"]').waitFor();
  const row = page.locator('.statement-table tbody tr.statement-table__row').filter({ hasText: 'Café Central' }).first();
  await row.waitFor();
  return row.innerText();
}

describe('a card payment', () => {
  it('is paid with the terminal, pending at once, booked once cleared, and declined once the card is frozen', { timeout: 600_000 }, async () => {
    const { user } = await identifiedClientWithMoney(stack, operators, 'card-payments', { EUR: '1000.00', USD: '500.00' });
    const tab = await stack.newPage({ language: 'en', width: 1440 });
    const { page } = tab;
    await openCabinetAs(page, user, 'en');
    const t = texts('en', 'cards');

    // A virtual card, ordered with its fee shown and revealed behind the password.
    await chooseMenu(page, 'en', 'cards');
    await page.getByRole('radio', { name: new RegExp(t('types.virtual')) }).check();
    await page.getByRole('button', { name: t('order.continue') }).click();
    await page.getByRole('button', { name: t('review.confirm') }).click();
    await page.getByText(/ending in \d{4} is issued/).waitFor();
    await page.getByRole('button', { name: /Show details of the card ending in/ }).click();
    await page.getByRole('dialog').getByLabel(label(t('reveal.password'))).fill('Journey2024pass');
    await page.getByRole('dialog').getByRole('button', { name: t('reveal.submit'), exact: true }).click();
    const digits = page.locator('.card-tile__number .card-tile__digits[data-revealed="true"]');
    await digits.waitFor();
    const pan = (await digits.innerText()).replace(/\s/g, '');
    const [expiry, cvc] = await page.locator('.card-tile__facts dd').allInnerTexts();
    expect(pan).toMatch(/^\d{16}$/);
    expect(expiry).toMatch(/^\d{2}\/\d{2}$/);
    expect(cvc).toMatch(/^\d{3}$/);
    await page.getByRole('button', { name: /Hide now/ }).click();

    // Paid at a café in euros: approved, the USD held, and the pending row on the statement at once.
    const paid = await terminal('--card', pan, '--expiry', expiry!, '--cvc', cvc!, '--amount', '12.50', '--currency', 'EUR', '--merchant', 'Café Central', '--mcc', '5812');
    expect(paid.code, paid.output).toBe(0);
    expect(paid.output).not.toContain(pan);
    const authorizationId = /approved: authorization ([0-9a-f-]{36})/.exec(paid.output)?.[1];
    expect(authorizationId, paid.output).toBeDefined();
    const statuses = texts('en', 'statement');
    const pending = await cardRow(page);
    expect(pending).toContain(`•••• ${pan.slice(-4)} · Café Central, Vienna, AT`);
    expect(pending).toContain(statuses('statuses.cardHeld'));

    // Cleared with the tip: booked.
    const cleared = await terminal('--authorization', authorizationId!, '--clear', '--amount', '14.00', '--currency', 'EUR');
    expect(cleared.code, cleared.output).toBe(0);
    expect(cleared.output).toMatch(/accepted: transaction \d+/);
    await chooseMenu(page, 'en', 'cards');
    expect(await cardRow(page)).toContain(statuses('statuses.Approved'));

    // Frozen by its holder: the next payment is declined.
    await chooseMenu(page, 'en', 'cards');
    await page.getByRole('button', { name: /^Freeze the card ending in/ }).first().click();
    await page.getByText(t('statuses.Frozen')).first().waitFor();
    const declined = await terminal('--card', pan, '--expiry', expiry!, '--cvc', cvc!, '--amount', '3.20', '--currency', 'EUR');
    expect(declined.code).toBe(1);
    expect(declined.output).toContain('declined: card_frozen');
    expect(unexpectedProblems(tab.problems)).toEqual([]);
  });
});
