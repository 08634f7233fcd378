// Proves the money screens in Chromium as a client uses them, in EN and RU, at 1440 and 375 px: the
// accounts overview, opening an account in a new currency and 'Error loading accounts' when the list
// fails; an internal transfer that the other demo client sees arrive; an international transfer whose
// fee is shown before confirming and which stays pending with amount and fee held; the error modal
// and cleared draft of a refused transfer; an exchange through both steps (rate with 3 decimals,
// either amount recomputed, back, confirm), a failed rate lookup and a rate that moved. Every screen
// is checked with axe and for console errors and CSP violations.
import { accountNumberFromSerial } from '@bank/contracts/accounts/account-number';
import { FIAT_CURRENCIES } from '@bank/contracts/money';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { texts, unexpectedProblems, type Language } from './support/identity';
import {
  accountIn,
  amountToReceive,
  amountToSell,
  chooseScreen,
  formatAmount,
  fromMinor,
  groupedNumber,
  interpolate,
  minorOf,
  windowScreenshot,
  type Account,
  type Transaction,
} from './support/money';
import { rateForDisplay } from '@bank/contracts/money';
import { api, corp, demo, stack, useDemoClients } from './support/demoClients';
import { openCabinetAs, type SignedInUser } from './support/session';
import { screenshot } from './support/stack';

useDemoClients();

/** Opens the cabinet of `user` on a screen of the menu and waits for its heading. */
async function openScreen(user: SignedInUser, language: Language, width: number, screen: 'accounts' | 'transfer' | 'rate') {
  const opened = await stack.newPage({ language, width, height: 900 });
  await openCabinetAs(opened.page, user, language);
  const namespace = { accounts: 'accounts', transfer: 'transfers', rate: 'exchange' }[screen];
  const title = screen === 'accounts' ? texts(language, 'accounts')('title') : texts(language, namespace)('screen.title');
  if (screen === 'accounts') await opened.page.getByRole('heading', { level: 1, name: title }).waitFor();
  else {
    await opened.page.getByRole('heading', { level: 1 }).first().waitFor();
    await chooseScreen(opened.page, language, screen);
    await opened.page.getByRole('heading', { level: 1, name: title }).waitFor();
  }
  return opened;
}

describe('accounts overview', () => {
  it('EN, 1440 px: lists every account with number, balance and currency, and opens an account in a new currency', async () => {
    const t = texts('en', 'accounts');
    const before = await api(demo).get<Account[]>('account/list');
    expect(before.length).toBeGreaterThan(0);
    const { page, problems } = await openScreen(demo, 'en', 1440, 'accounts');
    const list = page.getByRole('region', { name: t('list.title') });
    for (const account of before) {
      const item = list.getByRole('listitem').filter({ hasText: groupedNumber(account.number) });
      await item.getByText(`${formatAmount(account.balance, 'en')}\u00a0${account.currency}`).waitFor();
    }
    await expectAccessible(page);
    await screenshot(page, 'money-accounts-en-1440');

    // The currency is required (docs/product.md#validation).
    const form = page.getByRole('region', { name: t('open.title') });
    await form.getByRole('button', { name: t('open.submit') }).click();
    await form.getByText(t('validation.currency.required'), { exact: true }).waitFor();

    const currency = FIAT_CURRENCIES.find((code) => !before.some((account) => account.currency === code))!;
    await form.getByLabel(t('open.currency')).selectOption(currency);
    await form.getByRole('button', { name: t('open.submit') }).click();
    const dialog = page.getByRole('dialog', { name: 'Success!' });
    await dialog.waitFor();
    const after = await api(demo).get<Account[]>('account/list');
    const opened = accountIn(after, currency);
    await dialog.getByText(interpolate(t('open.success'), { currency, number: groupedNumber(opened.number) })).waitFor();
    await dialog.getByRole('button', { name: 'Ok' }).click();
    // A 200 reloads the list (docs/product.md#states): the new account shows without a refresh.
    await list.getByRole('listitem').filter({ hasText: groupedNumber(opened.number) }).waitFor();
    expect(await form.getByRole('option', { name: new RegExp(`^${currency} `) }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('RU, 375 px: the statement tab loads in place of the overview', async () => {
    const t = texts('ru', 'accounts');
    const { page, problems } = await openScreen(demo, 'ru', 375, 'accounts');
    await page.getByRole('tab', { name: t('tabs.statement') }).click();
    expect(await page.getByRole('tab', { name: t('tabs.statement') }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { level: 2, name: texts('ru', 'statement')('title') }).waitFor();
    await page.getByRole('tab', { name: t('tabs.overview') }).click();
    await page.getByRole('region', { name: t('list.title') }).waitFor();
    expect(problems).toEqual([]);
  });
  it("EN, 375 px: a failed load shows 'Error loading accounts' with the bank's message, and Try again reloads", async () => {
    const t = texts('en', 'accounts');
    const { page, problems } = await stack.newPage({ language: 'en', width: 375, height: 800 });
    let failedOnce = false;
    await page.route('**/api/account/list', async (route) => {
      if (failedOnce) return route.continue();
      failedOnce = true;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'UNAVAILABLE', message: 'Service unavailable' }) });
    });
    await openCabinetAs(page, demo, 'en');
    const alert = page.getByRole('alert').filter({ hasText: t('list.loadError') });
    await alert.getByText('Service unavailable').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'money-accounts-error-en-375');
    await alert.getByRole('button', { name: t('list.retry') }).click();
    await page.getByRole('region', { name: t('list.title') }).getByRole('listitem').first().waitFor();
    expect(await alert.count()).toBe(0);
    expect(problems.filter((problem) => !/status of 503/.test(problem))).toEqual([]);
  });
});

describe('internal transfer', () => {
  it('RU, 375 px: the personal client pays the business client, who sees the money arrive', async () => {
    const t = texts('ru', 'transfers');
    const payer = accountIn(await api(demo).get<Account[]>('account/list'), 'EUR');
    const payee = accountIn(await api(corp).get<Account[]>('account/list'), 'EUR');
    const { page, problems } = await openScreen(demo, 'ru', 375, 'transfer');
    await page.getByRole('tab', { name: t('tabs.internal') }).click();
    await page.getByLabel(t('internal.fields.accNumberFrom')).selectOption(payer.number);
    expect(await page.getByLabel(t('internal.fields.transferCurrency')).inputValue()).toBe('EUR');
    await page.getByLabel(t('internal.fields.amount')).fill('25.50');
    // The number as the client sees it printed, in groups of four.
    await page.getByLabel(t('internal.fields.accNumberTo')).fill(payee.number.replace(/(\d{4})(?=\d)/g, '$1 '));
    await page.getByLabel(t('internal.fields.fullName')).fill('Northwind Trading Ltd');
    await page.getByLabel(t('internal.fields.reference')).fill('INV-2024-117');
    await expectAccessible(page);
    await screenshot(page, 'money-internal-ru-375');
    await page.getByRole('button', { name: t('internal.submit') }).click();
    const dialog = page.getByRole('dialog', { name: 'Успешно!' });
    await dialog.getByText(t('result.success')).waitFor();
    await windowScreenshot(page, 'money-internal-success-ru-375');
    await dialog.getByRole('button', { name: t('result.ok') }).click();
    // docs/product.md#screens-and-routes: OK goes to /kabinet, which opens on the accounts.
    await page.waitForURL('**/kabinet');
    await page.getByRole('heading', { level: 1, name: texts('ru', 'accounts')('title') }).waitFor();
    const payerAfter = accountIn(await api(demo).get<Account[]>('account/list'), 'EUR');
    expect(minorOf(payer.balance) - minorOf(payerAfter.balance)).toBe(2550n);
    await page
      .getByRole('region', { name: texts('ru', 'accounts')('list.title') })
      .getByText(`${formatAmount(payerAfter.balance, 'ru')}\u00a0EUR`)
      .waitFor();
    // The draft was cleared after the attempt.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('transferDraft:')))).toEqual([]);
    expect(problems).toEqual([]);

    // The business client signs in and sees the money on the account and in the transaction list.
    const { page: payeePage, problems: payeeProblems } = await openScreen(corp, 'en', 1440, 'accounts');
    const payeeAfter = accountIn(await api(corp).get<Account[]>('account/list'), 'EUR');
    expect(minorOf(payeeAfter.balance) - minorOf(payee.balance)).toBe(2550n);
    // In the accounts list: the balance charts beside it name the account and its balance too.
    await payeePage
      .getByRole('region', { name: texts('en', 'accounts')('list.title') })
      .getByRole('listitem')
      .filter({ hasText: groupedNumber(payee.number) })
      .getByText(`${formatAmount(payeeAfter.balance, 'en')}\u00a0EUR`)
      .waitFor();
    const arrived = (await api(corp).get<Transaction[]>('transaction/list')).find(
      (row) => row.direction === 'IN' && row.fromAccount === payer.number && row.amount === '25.50',
    );
    expect(arrived).toMatchObject({ toAccount: payee.number, currency: 'EUR', transactionStatus: 'Approved', transactionType: 'Intra', recipient: 'Northwind Trading Ltd' });
    expect(payeeProblems).toEqual([]);
  });

  it('EN, 1440 px: a refused transfer shows the error modal, keeps the form and clears the stored draft', async () => {
    const t = texts('en', 'transfers');
    const payer = accountIn(await api(demo).get<Account[]>('account/list'), 'EUR');
    const { page, problems } = await openScreen(demo, 'en', 1440, 'transfer');
    await page.getByRole('tab', { name: t('tabs.internal') }).click();

    // Checked on the web with the contract first: the required fields.
    await page.getByRole('button', { name: t('internal.submit') }).click();
    await page.getByLabel(t('internal.fields.accNumberTo')).and(page.locator('[aria-invalid="true"]')).waitFor();
    expect(await page.getByText(texts('en', 'validation')('required')).count()).toBeGreaterThanOrEqual(2);

    await page.getByLabel(t('internal.fields.accNumberFrom')).selectOption(payer.number);
    await page.getByLabel(t('internal.fields.amount')).fill('10');
    // A well-formed number (check digits right) that no account has.
    await page.getByLabel(t('internal.fields.accNumberTo')).fill(accountNumberFromSerial(9_999_999_999n));
    const draftKeys = () => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('transferDraft:')));
    expect(await draftKeys()).toHaveLength(1);
    await page.getByRole('button', { name: t('internal.submit') }).click();
    const dialog = page.getByRole('dialog', { name: 'Error!' });
    await dialog.getByText(t('result.error')).waitFor();
    await dialog.getByText(t('validation.accNumberTo.notFound')).waitFor();
    await expectAccessible(page);
    await windowScreenshot(page, 'money-internal-error-en-1440');
    expect(await draftKeys()).toEqual([]);
    await dialog.getByRole('button', { name: t('result.ok') }).click();
    await dialog.waitFor({ state: 'detached' });
    // The form keeps what was typed, with the bank's reason on the field.
    expect(await page.getByLabel(t('internal.fields.amount')).inputValue()).toBe('10');
    await page.getByText(t('validation.accNumberTo.notFound')).waitFor();
    expect(accountIn(await api(demo).get<Account[]>('account/list'), 'EUR').balance).toBe(payer.balance);
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});

describe('international transfer', () => {
  it('EN, 1440 px: the fee is shown before confirming, the draft survives leaving the screen, and the transfer stays pending with amount and fee held', async () => {
    const t = texts('en', 'transfers');
    const payer = accountIn(await api(demo).get<Account[]>('account/list'), 'EUR');
    const { page, problems } = await openScreen(demo, 'en', 1440, 'transfer');
    expect(await page.getByRole('tab', { name: t('tabs.bank') }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('button', { name: t('bank.continue') }).click();
    await page.getByText(t('validation.paymentRegions.required')).waitFor();
    expect(await page.getByText(texts('en', 'validation')('required')).count()).toBeGreaterThanOrEqual(6);

    await page.getByLabel(t('bank.fields.paymentRegions')).selectOption('SEPA');
    await page.getByLabel(t('bank.fields.fromAccount')).selectOption(payer.number);
    await page.getByLabel(t('bank.fields.amount')).fill('1000');
    // 0.30 % of 1,000 is 3 EUR, below the 50 EUR minimum.
    await page.getByText(interpolate(t('fee.line'), { fee: '50.00\u00a0EUR', total: '1,050.00\u00a0EUR' })).waitFor();
    await page.getByLabel(t('bank.fields.purpose')).fill('Invoice 2024-117');
    await page.getByLabel(t('bank.fields.fullName')).fill('Hans Müller');

    // The stored draft: leaving for the accounts and coming back keeps what was typed.
    await chooseScreen(page, 'en', 'accounts');
    await page.getByRole('heading', { level: 1, name: texts('en', 'accounts')('title') }).waitFor();
    await chooseScreen(page, 'en', 'transfer');
    expect(await page.getByLabel(t('bank.fields.fullName')).inputValue()).toBe('Hans Müller');
    expect(await page.getByLabel(t('bank.fields.amount')).inputValue()).toBe('1000');

    await page.getByLabel(t('bank.fields.recipientsAddress')).fill('Friedrichstraße 10, 10117 Berlin');
    await page.getByLabel(t('bank.fields.country')).selectOption('DE');
    await page.getByLabel(t('bank.fields.recipientsEmail')).fill('hans.mueller@example.de');
    await page.getByLabel(t('bank.fields.recipientsIban')).fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel(t('bank.fields.recipientsSwiftBic')).fill('COBADEFFXXX');
    await page.getByLabel(t('bank.fields.recipientsBank')).fill('Commerzbank AG');
    await page.getByLabel(t('bank.fields.recipientsBankAddress')).fill('Kaiserplatz, 60311 Frankfurt am Main');
    await page.getByLabel(t('bank.fields.recipientsBankCountry')).selectOption('DE');
    // The country list is named in the reader's language.
    expect(await page.getByLabel(t('bank.fields.recipientsBankCountry')).locator('option:checked').textContent()).toBe('Germany');
    await expectAccessible(page);
    await screenshot(page, 'money-bank-transfer-en-1440');

    await page.getByRole('button', { name: t('bank.continue') }).click();
    const review = page.getByRole('dialog', { name: t('review.title') });
    await review.getByText('1,050.00\u00a0EUR').waitFor();
    await review.getByText('50.00\u00a0EUR', { exact: true }).waitFor();
    await expectAccessible(page);
    await windowScreenshot(page, 'money-bank-review-en-1440');
    await review.getByRole('button', { name: t('review.confirm') }).click();
    const dialog = page.getByRole('dialog', { name: 'Success!' });
    await dialog.getByText(t('result.success')).waitFor();
    await dialog.getByRole('button', { name: t('result.ok') }).click();
    await page.waitForURL('**/kabinet');

    // Pending: the amount and the fee are held, the booked balance is untouched until the back office acts.
    const after = accountIn(await api(demo).get<Account[]>('account/list'), 'EUR');
    expect(minorOf(payer.balance) - minorOf(after.balance)).toBe(105000n);
    expect(after.bookedBalance).toBe(payer.bookedBalance);
    const accounts = texts('en', 'accounts');
    const item = page.getByRole('region', { name: accounts('list.title') }).getByRole('listitem').filter({ hasText: groupedNumber(payer.number) });
    await item.getByText(accounts('list.held')).waitFor();
    const held = fromMinor(minorOf(after.bookedBalance) - minorOf(after.balance));
    await item.getByText(`${formatAmount(held, 'en')}\u00a0EUR`).waitFor();
    await screenshot(page, 'money-accounts-pending-en-1440');
    const row = (await api(demo).get<Transaction[]>('transaction/list')).find(
      (transaction) => transaction.toAccount === 'DE89370400440532013000' && transaction.recipient === 'Hans Müller',
    );
    expect(row).toMatchObject({
      direction: 'OUT',
      amount: '1000.00',
      fee: '50.00',
      currency: 'EUR',
      transactionStatus: 'New',
      transactionType: 'Europe (SEPA)',
      reference: 'International',
      recipient: 'Hans Müller',
    });
    expect(problems).toEqual([]);
  });

  it('RU, 375 px: the bank transfer form reads in Russian, countries included', async () => {
    const t = texts('ru', 'transfers');
    const { page, problems } = await openScreen(demo, 'ru', 375, 'transfer');
    await page.getByLabel(t('bank.fields.recipientsBankCountry')).selectOption('DE');
    expect(await page.getByLabel(t('bank.fields.recipientsBankCountry')).locator('option:checked').textContent()).toBe('Германия');
    await page.getByLabel(t('bank.fields.paymentRegions')).selectOption('SWIFT');
    await expectAccessible(page);
    await screenshot(page, 'money-bank-transfer-ru-375');
    expect(problems).toEqual([]);
  });
});

describe('exchange', () => {
  it('RU, 1440 px: both steps, the rate with 3 decimals, either amount recomputed from the other, back and confirm', async () => {
    // The demo client also holds crypto wallets, so the selects offer accounts and wallets.
    const t = texts('ru', 'exchange');
    const accounts = await api(demo).get<Account[]>('account/list');
    const euro = accountIn(accounts, 'EUR');
    const dollar = accountIn(accounts, 'USD');
    const { rate } = await api(demo).get<{ rate: string }>('exchange/rate?from=EUR&to=USD&amount=1');
    const { page, problems } = await openScreen(demo, 'ru', 1440, 'rate');
    const next = page.getByRole('button', { name: t('form.next') });
    expect(await next.isDisabled()).toBe(true);

    await page.getByLabel(t('form.fromWithWallets')).selectOption(euro.number);
    await page.getByLabel(t('form.toWithWallets')).selectOption(dollar.number);
    const shownRate = interpolate(t('rate.value'), { from: 'EUR', to: 'USD', rate: roundedRate(rate, 'ru') });
    await page.getByText(shownRate).waitFor();
    expect(shownRate).toMatch(/^1 EUR = \d+,\d{3} USD$/);
    expect(await next.isDisabled()).toBe(true);

    await page.getByLabel(t('form.amount')).fill('100');
    await expectValue(page, t('form.toAmount'), amountToReceive('100', 'EUR', 'USD', rate));
    await page.getByLabel(t('form.toAmount')).fill('50');
    await expectValue(page, t('form.amount'), amountToSell('50', 'EUR', 'USD', rate));
    await page.getByLabel(t('form.amount')).fill('100');
    const toAmount = amountToReceive('100', 'EUR', 'USD', rate);
    await expectValue(page, t('form.toAmount'), toAmount);
    await expectAccessible(page);
    await screenshot(page, 'money-exchange-form-ru-1440');

    await next.click();
    await page.getByRole('heading', { level: 2, name: t('summary.title') }).waitFor();
    await page.getByText(`${formatAmount('100.00', 'ru')}\u00a0EUR`).waitFor();
    await page.getByText(`${formatAmount(toAmount, 'ru')}\u00a0USD`).waitFor();
    await page.getByRole('button', { name: t('summary.back') }).click();
    // Back returns to the form with everything as it was.
    await expectValue(page, t('form.amount'), '100');
    await next.click();
    await expectAccessible(page);
    await screenshot(page, 'money-exchange-summary-ru-1440');
    await page.getByRole('button', { name: t('summary.confirm') }).click();
    const dialog = page.getByRole('dialog', { name: 'Успешно!' });
    await dialog.getByText(t('result.success')).waitFor();
    await dialog.getByRole('button', { name: t('result.ok') }).click();
    // OK after success returns to an empty form.
    await page.getByRole('heading', { level: 2, name: t('form.title') }).waitFor();
    await expectValue(page, t('form.amount'), '');

    const after = await api(demo).get<Account[]>('account/list');
    expect(minorOf(euro.balance) - minorOf(accountIn(after, 'EUR').balance)).toBe(10000n);
    expect(minorOf(accountIn(after, 'USD').balance) - minorOf(dollar.balance)).toBe(minorOf(toAmount));
    expect(problems).toEqual([]);
  });

  it('EN, 375 px: when the rate moved, the client is told and confirms the new rate', async () => {
    const t = texts('en', 'exchange');
    const accounts = await api(demo).get<Account[]>('account/list');
    const euro = accountIn(accounts, 'EUR');
    const dollar = accountIn(accounts, 'USD');
    const { rate } = await api(demo).get<{ rate: string }>('exchange/rate?from=EUR&to=USD&amount=1');
    const { page, problems } = await openScreen(demo, 'en', 375, 'rate');
    // docs/product.md#errors-and-messages: a conversion that fails without a message says 'Oops!…'; trying again asks anew.
    let lookups = 0;
    await page.route('**/api/converter/convert', async (route) => {
      lookups += 1;
      if (lookups > 1) return route.continue();
      await route.fulfill({ status: 502, body: '' });
    });
    await page.getByLabel(t('form.fromWithWallets')).selectOption(euro.number);
    await page.getByLabel(t('form.toWithWallets')).selectOption(dollar.number);
    await page.getByRole('alert').getByText(t('rate.failed')).waitFor();
    expect(await page.getByRole('button', { name: t('form.next') }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: t('rate.retry') }).click();
    await page.getByText(interpolate(t('rate.value'), { from: 'EUR', to: 'USD', rate: roundedRate(rate, 'en') })).waitFor();
    await page.getByLabel(t('form.amount')).fill('20');
    await page.getByRole('button', { name: t('form.next') }).click();

    // The bank answers once that the rate moved (as when an operator sets a new rate meanwhile).
    const movedRate = '1.2345678';
    let firstAttempt = true;
    await page.route('**/api/transaction/create', async (route) => {
      if (!firstAttempt) return route.continue();
      firstAttempt = false;
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'RATE_CHANGED', message: 'The exchange rate has changed', details: { rate: movedRate, convertedAmount: '24.69' } }),
      });
    });
    await page.getByRole('button', { name: t('summary.confirm') }).click();
    const notice = page.getByRole('alert').filter({ hasText: t('summary.rateChangedTitle') });
    await notice.getByText(interpolate(t('summary.rateChanged'), { rate: '1 EUR = 1.235 USD' })).waitFor();
    await page.getByText('24.69\u00a0USD').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'money-exchange-rate-changed-en-375');

    // Confirming the moved rate reaches the real bank, whose rate is another: it says so again.
    await page.getByRole('button', { name: t('summary.confirmNewRate') }).click();
    await notice.getByText(interpolate(t('summary.rateChanged'), { rate: `1 EUR = ${roundedRate(rate, 'en')} USD` })).waitFor();
    await page.getByRole('button', { name: t('summary.confirmNewRate') }).click();
    await page.getByRole('dialog', { name: 'Success!' }).getByText(t('result.success')).waitFor();
    const after = await api(demo).get<Account[]>('account/list');
    expect(minorOf(euro.balance) - minorOf(accountIn(after, 'EUR').balance)).toBe(2000n);
    expect(minorOf(accountIn(after, 'USD').balance) - minorOf(dollar.balance)).toBe(minorOf(amountToReceive('20', 'EUR', 'USD', rate)));
    expect(unexpectedProblems(problems).filter((problem) => !/status of 502/.test(problem))).toEqual([]);
  });
});

describe('every money screen in both languages at 375 and 1440 px', () => {
  for (const language of ['en', 'ru'] as const) {
    for (const width of [375, 1440]) {
      it(`${language.toUpperCase()}, ${width} px: accounts, both transfer tabs and the exchange have no serious accessibility violations`, async () => {
        const { page, problems } = await openScreen(demo, language, width, 'accounts');
        await page.getByRole('region', { name: texts(language, 'accounts')('list.title') }).getByRole('listitem').first().waitFor();
        await expectAccessible(page);
        await screenshot(page, `money-screen-accounts-${language}-${width}`);
        await noSidewaysScroll(page);

        await chooseScreen(page, language, 'transfer');
        const transfers = texts(language, 'transfers');
        await page.getByRole('button', { name: transfers('bank.continue') }).waitFor();
        await expectAccessible(page);
        await screenshot(page, `money-screen-bank-${language}-${width}`);
        await noSidewaysScroll(page);
        await page.getByRole('tab', { name: transfers('tabs.internal') }).click();
        await page.getByRole('button', { name: transfers('internal.submit') }).waitFor();
        await expectAccessible(page);
        await screenshot(page, `money-screen-internal-${language}-${width}`);
        await noSidewaysScroll(page);

        await chooseScreen(page, language, 'rate');
        await page.getByRole('heading', { level: 2, name: texts(language, 'exchange')('form.title') }).waitFor();
        await expectAccessible(page);
        await screenshot(page, `money-screen-exchange-${language}-${width}`);
        await noSidewaysScroll(page);
        expect(problems).toEqual([]);
      });
    }
  }
});

/** The rate as the screen shows it: rounded half up to 3 decimals, with the language's decimal mark. */
function roundedRate(rate: string, language: Language): string {
  return formatAmount(rateForDisplay(rate), language);
}

async function expectValue(page: Page, label: string, value: string): Promise<void> {
  await expect.poll(() => page.getByLabel(label).inputValue()).toBe(value);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}
