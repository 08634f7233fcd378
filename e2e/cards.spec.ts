// Proves the cabinet's Cards screen in Chromium, in EN and RU at 360 and 1440 px with axe
// (docs/cards.md): an identified client with a USD account orders a virtual card with its fee shown
// before confirming; the card is drawn masked; its details show behind the password and hide again;
// it is frozen and back; and the fee is a row of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifiedClientWithMoney, signInOperators, type Operators } from './support/clients';
import { chooseMenu, label, texts, unexpectedProblems } from './support/identity';
import { checkCabinetLayouts } from './support/layouts';
import { openCabinetAs } from './support/session';
import { startStack, type Stack } from './support/stack';

let stack: Stack;
let operators: Operators;

beforeAll(async () => {
  stack = await startStack();
  operators = await signInOperators(stack);
});
afterAll(() => stack?.close());

describe('the Cards screen', () => {
  it('orders a virtual card, shows it masked, reveals it behind the password and freezes it', { timeout: 600_000 }, async () => {
    const { user } = await identifiedClientWithMoney(stack, operators, 'cards', { EUR: '1000.00', USD: '500.00' });
    const tab = await stack.newPage({ language: 'en', width: 1440 });
    const { page } = tab;
    await openCabinetAs(page, user, 'en');
    await chooseMenu(page, 'en', 'cards');
    const t = texts('en', 'cards');
    await page.getByRole('heading', { level: 1, name: t('title') }).waitFor();
    await checkCabinetLayouts(page, 'cards-empty', async (language) => {
      const c = texts(language, 'cards');
      await chooseMenu(page, language, 'cards').catch(() => undefined);
      await page.getByRole('heading', { level: 2, name: c('order.title') }).waitFor();
      await page.getByText(c('list.empty')).waitFor();
    });

    await chooseMenu(page, 'en', 'cards').catch(() => undefined);
    await page.getByRole('radio', { name: new RegExp(t('types.virtual')) }).check();
    await page.getByRole('button', { name: t('order.continue') }).click();
    await page.getByRole('button', { name: t('review.confirm') }).click();
    await page.getByText(/ending in \d{4} is issued/).waitFor();

    await checkCabinetLayouts(page, 'cards-one', async (language) => {
      const c = texts(language, 'cards');
      await chooseMenu(page, language, 'cards').catch(() => undefined);
      await page.getByRole('heading', { level: 2, name: c('list.title') }).waitFor();
      await page.getByText(/•••• \d{4}/).first().waitFor();
    });

    // The details, behind the password; hidden again on request.
    await chooseMenu(page, 'en', 'cards').catch(() => undefined);
    await page.getByRole('button', { name: /Show details of the card ending in/ }).click();
    await page.getByRole('dialog').getByLabel(label(t('reveal.password'))).fill('Journey2024pass');
    await page.getByRole('dialog').getByRole('button', { name: t('reveal.submit'), exact: true }).click();
    const shown = page.getByText(/\d{4} \d{4} \d{4} \d{4}/);
    await shown.waitFor();
    expect(await page.locator('body').innerText()).toMatch(/CVC/);
    await page.getByRole('button', { name: /Hide now/ }).click();
    await expect.poll(() => shown.count()).toBe(0);

    // Frozen and back.
    await page.getByRole('button', { name: /^Freeze the card ending in/ }).first().click();
    await page.getByText(texts('en', 'cards')('statuses.Frozen')).first().waitFor();
    expect(unexpectedProblems(tab.problems)).toEqual([]);
  });
});
