// Proves the bank's time on the client's screens in Chromium, in EN and RU, at 1440 and 360 px: a
// transfer dated a week ahead is Scheduled (its date in the statement, nothing moved) and listed on
// the scheduled payments screen; a standing order made on the transfer screen with Repeat shows its
// frequency, next run and status, pauses, resumes and is canceled; a scheduled transfer is canceled
// free; a transfer abroad still waiting for the bank is withdrawn from the statement after a
// confirmation that states the 30 EUR of docs/product.md#tariffs-and-limits, and the fee's row follows; the back office sees a
// client's schedules, read only. Every screen is checked with axe and for console errors and CSP
// violations.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { texts, unexpectedProblems, type Language } from './support/identity';
import { accountIn, chooseScreen, groupedNumber, interpolate, minorOf, tuitionTransferBody, windowScreenshot, type Account, type Transaction } from './support/money';
import { DEMO_OPERATORS } from '../apps/server/src/seed/demo-operators';
import { asOperator, operatorSignIn, operatorTokenFor } from './support/backoffice';
import { api, corp, demo, stack, useDemoClients } from './support/demoClients';
import { openCabinetAs, type SignedInUser } from './support/session';
import { screenshot } from './support/stack';

type ListedTransfer = Transaction & { paymentDate: string | null; created: number; purpose: string | null };

useDemoClients();

/** A bank date (the stack runs in the default bank zone, UTC) `days` after today. */
function bankDateAfter(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A bank date as the screens write it (docs/product.md#screens-and-routes: the Russian locale, whatever the language). */
function shownDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('ru-RU', { timeZone: 'UTC' });
}

async function openCabinet(user: SignedInUser, language: Language, width: number) {
  const opened = await stack.newPage({ language, width, height: 900 });
  await openCabinetAs(opened.page, user, language);
  await opened.page.getByRole('heading', { level: 1, name: texts(language, 'accounts')('title') }).waitFor();
  return opened;
}

async function openSchedules(page: Page, language: Language): Promise<void> {
  await chooseScreen(page, language, 'schedules');
  await page.getByRole('heading', { level: 1, name: texts(language, 'schedules')('title') }).waitFor();
}

async function openStatement(page: Page, language: Language): Promise<void> {
  await chooseScreen(page, language, 'accounts');
  await page.getByRole('tab', { name: texts(language, 'accounts')('tabs.statement') }).click();
  await page.getByRole('heading', { level: 2, name: texts(language, 'statement')('title') }).waitFor();
}

describe('a transfer dated ahead', () => {
  it('EN, 1440 px: is Scheduled, shows its date and moves nothing; the screen lists it; Cancel is free', async () => {
    const t = texts('en', 'transfers');
    const s = texts('en', 'schedules');
    const payer = accountIn(await api(demo).get<Account[]>('account/list'), 'EUR');
    const payee = accountIn(await api(corp).get<Account[]>('account/list'), 'EUR');
    const date = bankDateAfter(7);
    const { page, problems } = await openCabinet(demo, 'en', 1440);
    await chooseScreen(page, 'en', 'transfer');
    await page.getByRole('tab', { name: t('tabs.internal') }).click();
    await page.getByText(t('internal.hints.transferDate')).waitFor();
    await page.getByLabel(t('internal.fields.accNumberFrom')).selectOption(payer.number);
    await page.getByLabel(t('internal.fields.amount')).fill('12.34');
    await page.getByLabel(t('internal.fields.transferDate')).fill(date);
    await page.getByLabel(t('internal.fields.accNumberTo')).fill(payee.number);
    await page.getByLabel(t('internal.fields.fullName')).fill('Northwind Trading Ltd');
    await page.getByRole('button', { name: t('internal.submit') }).click();
    const dialog = page.getByRole('dialog', { name: 'Success!' });
    await dialog.getByText(t('result.success')).waitFor();
    await dialog.getByRole('button', { name: t('result.ok') }).click();
    await page.getByRole('heading', { level: 1, name: texts('en', 'accounts')('title') }).waitFor();

    const scheduled = (await api(demo).get<ListedTransfer[]>('transaction/list')).find((row) => row.transactionStatus === 'Scheduled' && row.amount === '12.34');
    expect(scheduled).toMatchObject({ paymentDate: date, direction: 'OUT', toAccount: payee.number });
    // Nothing moved and nothing is held before its date.
    expect(accountIn(await api(demo).get<Account[]>('account/list'), 'EUR')).toMatchObject({ balance: payer.balance, bookedBalance: payer.bookedBalance });

    // The statement shows it Scheduled with its date, and offers Cancel.
    await openStatement(page, 'en');
    const row = page.getByRole('row').filter({ hasText: scheduled!.transactionNumber });
    await row.getByText(interpolate(s('scheduledFor'), { date: shownDate(date) })).waitFor();
    await row.getByRole('button', { name: interpolate(s('actions.cancel.labelFor'), { number: scheduled!.transactionNumber }) }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'schedules-statement-en-1440');

    // The scheduled payments screen lists it, and cancels it free of charge.
    await openSchedules(page, 'en');
    const upcoming = page.getByRole('list', { name: s('transfers.title') }).getByRole('listitem').filter({ hasText: scheduled!.transactionNumber });
    await upcoming.getByText(shownDate(date)).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'schedules-screen-en-1440');
    await upcoming.getByRole('button', { name: interpolate(s('actions.cancel.labelFor'), { number: scheduled!.transactionNumber }) }).click();
    const confirm = page.getByRole('dialog', { name: s('actions.cancel.title') });
    await confirm.getByText(/free of charge/).waitFor();
    await expectAccessible(page);
    await windowScreenshot(page, 'schedules-cancel-confirm-en-1440');
    await confirm.getByRole('button', { name: s('actions.cancel.confirm') }).click();
    const done = page.getByRole('dialog', { name: 'Success!' });
    await done.getByText(s('actions.cancel.done')).waitFor();
    await done.getByRole('button', { name: 'Ok' }).click();
    await page.getByText(s('transfers.empty')).waitFor();
    const canceled = (await api(demo).get<ListedTransfer[]>('transaction/list')).find((candidate) => candidate.transactionNumber === scheduled!.transactionNumber);
    expect(canceled?.transactionStatus).toBe('Canceled');
    expect(accountIn(await api(demo).get<Account[]>('account/list'), 'EUR').balance).toBe(payer.balance);
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});

describe('a standing order', () => {
  it('RU, 360 px: made on the transfer screen with Repeat, listed with its frequency and next run, paused, resumed and canceled', async () => {
    const t = texts('ru', 'transfers');
    const s = texts('ru', 'schedules');
    const payer = accountIn(await api(demo).get<Account[]>('account/list'), 'EUR');
    const payee = accountIn(await api(corp).get<Account[]>('account/list'), 'EUR');
    const start = bankDateAfter(3);
    const { page, problems } = await openCabinet(demo, 'ru', 360);

    // From the scheduled payments screen: "New standing order" opens the transfer form with Repeat on.
    await openSchedules(page, 'ru');
    await page.getByText(s('orders.empty')).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'schedules-screen-empty-ru-360');
    await page.getByRole('button', { name: s('orders.new') }).click();
    await page.getByRole('heading', { level: 1, name: t('screen.title') }).waitFor();
    expect(await page.getByRole('checkbox', { name: t('repeat.toggle') }).isChecked()).toBe(true);
    await page.getByLabel(t('internal.fields.accNumberFrom')).selectOption(payer.number);
    await page.getByLabel(t('internal.fields.amount')).fill('7.50');
    await page.getByLabel(t('internal.fields.accNumberTo')).fill(payee.number);
    await page.getByLabel(t('internal.fields.reference')).fill('Аренда парковки');
    await page.getByLabel(t('repeat.frequency')).selectOption('monthly');
    await page.getByLabel(t('repeat.dayOfMonth')).fill('31');
    await page.getByLabel(t('repeat.startDate')).fill(start);
    await page.getByLabel(t('repeat.ends')).selectOption('count');
    await page.getByLabel(t('repeat.count')).fill('3');
    await expectAccessible(page);
    await screenshot(page, 'schedules-repeat-form-ru-360');
    await page.getByRole('button', { name: t('repeat.submit') }).click();
    const dialog = page.getByRole('dialog', { name: 'Успешно!' });
    await dialog.getByText(/Регулярный платёж создан/).waitFor();
    await windowScreenshot(page, 'schedules-order-created-ru-360');
    await dialog.getByRole('button', { name: t('result.ok') }).click();
    await page.getByRole('heading', { level: 1, name: texts('ru', 'accounts')('title') }).waitFor();

    const { orders } = await api(demo).get<{ orders: Array<{ id: string; status: string; nextRunDate: string | null; dayOfMonth: number | null; count: number | null }> }>('standing-orders');
    const order = orders.find((candidate) => candidate.count === 3 && candidate.dayOfMonth === 31);
    expect(order).toMatchObject({ status: 'Active' });

    await openSchedules(page, 'ru');
    const item = page.getByRole('list', { name: s('orders.title') }).getByRole('listitem').filter({ hasText: groupedNumber(payee.number) });
    await item.getByText(/Ежемесячно, 31-го числа \(в коротких месяцах — в последний день\)/).waitFor();
    await item.getByText(s('orders.statuses.Active')).waitFor();
    if (order!.nextRunDate) await item.getByText(shownDate(order!.nextRunDate)).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'schedules-screen-ru-360');

    await item.getByRole('button', { name: new RegExp(`^${s('orders.actions.pause')} `) }).click();
    await item.getByText(s('orders.statuses.Paused')).waitFor();
    await item.getByRole('button', { name: new RegExp(`^${s('orders.actions.resume')} `) }).click();
    await item.getByText(s('orders.statuses.Active')).waitFor();
    await item.getByRole('button', { name: new RegExp(`^${s('orders.actions.cancel')} `) }).click();
    const confirm = page.getByRole('dialog', { name: s('orders.cancelTitle') });
    await expectAccessible(page);
    await windowScreenshot(page, 'schedules-order-cancel-ru-360');
    await confirm.getByRole('button', { name: s('orders.cancelConfirm') }).click();
    await item.getByText(s('orders.statuses.Canceled')).waitFor();
    expect(await item.getByRole('button').count()).toBe(0);
    const after = await api(demo).get<{ orders: Array<{ id: string; status: string }> }>('standing-orders');
    expect(after.orders.find((candidate) => candidate.id === order!.id)?.status).toBe('Canceled');
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});

describe('withdrawing a transfer abroad', () => {
  it('EN, 360 px: Withdraw on the statement states the 30 EUR fee, releases the hold and charges the fee as its own row', async () => {
    const s = texts('en', 'schedules');
    const payer = accountIn(await api(demo).get<Account[]>('account/list'), 'EUR');
    await api(demo).post('transaction/create', tuitionTransferBody(payer.number, '100.00', 'Tuition fee, spring term'));
    const pending = (await api(demo).get<ListedTransfer[]>('transaction/list')).find((row) => row.transactionStatus === 'New' && row.purpose === 'Tuition fee, spring term');
    expect(pending).toBeDefined();
    const held = accountIn(await api(demo).get<Account[]>('account/list'), 'EUR');
    expect(minorOf(held.balance)).toBeLessThan(minorOf(payer.balance));

    const { page, problems } = await openCabinet(demo, 'en', 360);
    await openStatement(page, 'en');
    const card = page.locator('.statement-card').filter({ hasText: pending!.transactionNumber });
    await card.getByRole('button', { name: interpolate(s('actions.withdraw.labelFor'), { number: pending!.transactionNumber }) }).click();
    const confirm = page.getByRole('dialog', { name: s('actions.withdraw.title') });
    await confirm.getByText(interpolate(s('actions.withdraw.fee'), { fee: '30.00\u00a0EUR' })).waitFor();
    await expectAccessible(page);
    await windowScreenshot(page, 'schedules-withdraw-confirm-en-360');
    await confirm.getByRole('button', { name: s('actions.withdraw.confirm') }).click();
    const done = page.getByRole('dialog', { name: 'Success!' });
    await done.getByText(interpolate(s('actions.withdraw.done'), { fee: '30.00\u00a0EUR' })).waitFor();
    await done.getByRole('button', { name: 'Ok' }).click();

    // The order is canceled, its hold released and the fee charged: 30.00 EUR less than before it was made.
    const rows = await api(demo).get<ListedTransfer[]>('transaction/list');
    expect(rows.find((row) => row.transactionNumber === pending!.transactionNumber)?.transactionStatus).toBe('Canceled');
    const after = accountIn(await api(demo).get<Account[]>('account/list'), 'EUR');
    expect(minorOf(payer.balance) - minorOf(after.balance)).toBe(3000n);
    await page.locator('.statement-card').filter({ hasText: 'Withdrawal of a payment order' }).first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'schedules-withdrawn-en-360');
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});

describe('screens in both languages', () => {
  for (const [language, width] of [['en', 360], ['ru', 1440]] as const) {
    it(`${language.toUpperCase()}, ${width} px: the scheduled payments screen is accessible`, async () => {
      const { page, problems } = await openCabinet(demo, language, width);
      await openSchedules(page, language);
      await page.getByRole('heading', { level: 2, name: texts(language, 'schedules')('orders.title') }).waitFor();
      await expectAccessible(page);
      await screenshot(page, `schedules-screen-${language}-${width}`);
      expect(unexpectedProblems(problems)).toEqual([]);
    });
  }
});

describe("the back office's client view", () => {
  it("RU, 1440 px and EN, 360 px: shows the client's scheduled transfers and standing orders, read only", async () => {
    const payer = accountIn(await api(demo).get<Account[]>('account/list'), 'EUR');
    const payee = accountIn(await api(corp).get<Account[]>('account/list'), 'EUR');
    const transfer = { type: 'internal', accNumberFrom: payer.number, accNumberTo: payee.number, amount: '4.20', transferCurrency: 'EUR', fullName: 'Northwind Trading Ltd' };
    await api(demo).post('transaction/create', { ...transfer, transferDate: bankDateAfter(10) });
    await api(demo).post('standing-orders', { transfer, frequency: 'weekly', startDate: bankDateAfter(2), count: 4 });
    const scheduled = (await api(demo).get<ListedTransfer[]>('transaction/list')).find((row) => row.transactionStatus === 'Scheduled' && row.amount === '4.20')!;
    // Three operators, each its own authenticator code: no wait for the next code's 30 seconds.
    const [admin, compliance, payments] = DEMO_OPERATORS.map((operator) => operator.email);
    const found = await asOperator<{ items: Array<{ clientId: string; email: string }> }>(stack, await operatorTokenFor(stack, compliance!), 'GET', 'clients?query=demo%40bank.example');
    const clientId = found.items.find((client) => client.email === 'demo@bank.example')!.clientId;
    for (const [language, width, operator] of [['ru', 1440, admin!], ['en', 360, payments!]] as const) {
      const bo = texts(language, 'backoffice');
      const { page, problems } = await stack.newPage({ language, width, height: 900 });
      await operatorSignIn(page, language, operator);
      await page.goto(`/backoffice/clients/${encodeURIComponent(clientId)}`);
      await page.getByRole('heading', { level: 2, name: bo('schedules.orders') }).waitFor();
      await page.locator(`[data-testid="bo-row"][data-key="${scheduled.transactionNumber}"]`).first().waitFor();
      await page.getByText(bo('schedules.frequencies.weekly')).first().waitFor();
      expect(await page.getByRole('button', { name: /Pause|Приостановить|Cancel the|Отменить регулярный/ }).count()).toBe(0);
      await expectAccessible(page);
      await screenshot(page, `schedules-backoffice-${language}-${width}`);
      expect(unexpectedProblems(problems)).toEqual([]);
    }
  });
});

describe("date fields in the page's language, whatever the browser's", () => {
  /** A request for the statement whose custom period has these bounds. */
  function statementFor(page: Page, bounds: { from?: string; to?: string }) {
    return page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname === '/api/statement' && Object.entries(bounds).every(([key, value]) => url.searchParams.get(key) === value);
    });
  }

  it('RU in an English browser, 1440 px: дд.мм.гггг, typed on digits alone or with dots, narrows the statement and dates a transfer; a day the calendar lacks is refused', async () => {
    const t = texts('ru', 'transfers');
    const st = texts('ru', 'statement');
    const payer = accountIn(await api(demo).get<Account[]>('account/list'), 'EUR');
    const payee = accountIn(await api(corp).get<Account[]>('account/list'), 'EUR');
    const { page, problems } = await stack.newPage({ language: 'ru', locale: 'en-US', width: 1440, height: 900 });
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await openCabinetAs(page, demo, 'ru');
    await page.getByRole('heading', { level: 1, name: texts('ru', 'accounts')('title') }).waitFor();

    // The statement's period: the dots come by themselves as the digits are typed.
    await openStatement(page, 'ru');
    const from = page.getByRole('form', { name: st('filters.label') }).getByLabel(st('filters.from'), { exact: true });
    expect(await from.getAttribute('type')).toBe('text');
    expect(await from.getAttribute('placeholder')).toBe('дд.мм.гггг');
    expect(await from.getAttribute('inputmode')).toBe('numeric');
    const monthAgo = bankDateAfter(-30);
    const narrowed = statementFor(page, { from: monthAgo });
    await from.pressSequentially(shownDate(monthAgo).replace(/\./g, ''));
    await narrowed;
    expect(await from.inputValue()).toBe(shownDate(monthAgo));
    await expectAccessible(page);
    await screenshot(page, 'date-fields-statement-ru-in-en-browser-1440');

    // A dated transfer: 31 February is refused, a real day typed with dots schedules the transfer.
    await chooseScreen(page, 'ru', 'transfer');
    await page.getByRole('tab', { name: t('tabs.internal') }).click();
    const date = page.getByLabel(t('internal.fields.transferDate'));
    expect(await date.getAttribute('placeholder')).toBe('дд.мм.гггг');
    const nextYear = Number(bankDateAfter(0).slice(0, 4)) + 1;
    await date.pressSequentially(`31.02.${nextYear}`);
    await date.blur();
    await page.getByText(texts('ru', 'validation')('date.invalid')).waitFor();
    expect(await date.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'date-fields-transfer-refused-ru-in-en-browser-1440');
    const ahead = bankDateAfter(5);
    await date.fill('');
    await date.pressSequentially(shownDate(ahead));
    expect(await date.getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel(t('internal.fields.accNumberFrom')).selectOption(payer.number);
    await page.getByLabel(t('internal.fields.amount')).fill('13.57');
    await page.getByLabel(t('internal.fields.accNumberTo')).fill(payee.number);
    await expectAccessible(page);
    await page.getByRole('button', { name: t('internal.submit') }).click();
    const dialog = page.getByRole('dialog', { name: 'Успешно!' });
    await dialog.getByText(t('result.success')).waitFor();
    await dialog.getByRole('button', { name: t('result.ok') }).click();
    const scheduled = (await api(demo).get<ListedTransfer[]>('transaction/list')).find((row) => row.transactionStatus === 'Scheduled' && row.amount === '13.57');
    expect(scheduled).toMatchObject({ paymentDate: ahead, toAccount: payee.number });
    expect(unexpectedProblems(problems)).toEqual([]);
  });

  it('EN, 1440 px: dd.mm.yyyy, the form the statement writes its dates in, narrows the statement', async () => {
    const st = texts('en', 'statement');
    const { page, problems } = await openCabinet(demo, 'en', 1440);
    await openStatement(page, 'en');
    const to = page.getByRole('form', { name: st('filters.label') }).getByLabel(st('filters.to'), { exact: true });
    expect(await to.getAttribute('placeholder')).toBe('dd.mm.yyyy');
    const today = bankDateAfter(0);
    const narrowed = statementFor(page, { to: today });
    await to.pressSequentially(shownDate(today));
    await narrowed;
    expect(await to.inputValue()).toBe(shownDate(today));
    await expectAccessible(page);
    await screenshot(page, 'date-fields-statement-en-1440');
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});
