// Proves crypto in Chromium as clients and operators use it, in EN and RU, at 1440 and 360 px: a
// client creates a wallet and sees its deposit address and QR code (and copies it); a crypto
// transfer with an address of another network is refused on the field, one with a good address is
// held as Pending with its network fee; a payments operator approves it in the back office and the
// client sees it Approved with the booked balance; a transfer to the other demo client's wallet
// arrives at once; a crypto conversion goes through the exchange summary with its fee tier and
// waits for approval. Every screen is checked with axe and for console errors and CSP violations.
import { CRYPTO_NETWORK_FEES, decimalToMinor, formatMinor } from '@bank/contracts';
import type { CryptoTransactionsResponse } from '@bank/contracts/crypto/crypto-transactions';
import type { Wallet } from '@bank/contracts/crypto/wallets';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../apps/web/src/ui/formatMoney';
import { expectAccessible } from './support/axe';
import { asOperator, openRow, operatorSignIn, operatorTokenFor, statusIs } from './support/backoffice';
import { label, texts, unexpectedProblems, type Language } from './support/identity';
import { accountIn, chooseScreen, interpolate, type Account } from './support/money';
import { api, corp, demo, stack, useDemoClients } from './support/demoClients';
import { openCabinetAs, type SignedInUser } from './support/session';
import { screenshot } from './support/stack';

const OUTSIDE_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const OUTSIDE_ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

useDemoClients();
const walletIn = (wallets: Wallet[], currency: string) => {
  const wallet = wallets.find((item) => item.currency === currency);
  if (!wallet) throw new Error(`No ${currency} wallet`);
  return wallet;
};

/** Opens the cabinet of `user` on a crypto screen and waits for its heading. */
async function openCryptoScreen(user: SignedInUser, language: Language, width: number, screen: 'crypto' | 'cryptoTransfer' | 'rate') {
  const opened = await stack.newPage({ language, width, height: 900 });
  await openCabinetAs(opened.page, user, language);
  await opened.page.getByRole('heading', { level: 1 }).first().waitFor();
  await chooseScreen(opened.page, language, screen);
  const title = screen === 'rate' ? texts(language, 'exchange')('screen.title') : texts(language, 'crypto')(screen === 'crypto' ? 'wallets.title' : 'transfers.title');
  await opened.page.getByRole('heading', { level: 1, name: title }).waitFor();
  return opened;
}

/** Fills the crypto transfer form and continues to its review. */
async function fillTransfer(page: Page, language: Language, transfer: { from: string; amount: string; recipient: string; reference?: string }) {
  const t = texts(language, 'crypto');
  await page.getByLabel(label(t('send.fields.fromWallet'))).selectOption(transfer.from);
  await page.getByLabel(label(t('send.fields.amount'))).fill(transfer.amount);
  await page.getByLabel(label(t('send.fields.recipient'))).fill(transfer.recipient);
  if (transfer.reference) await page.getByLabel(label(t('send.fields.reference'))).fill(transfer.reference);
  await page.getByRole('button', { name: t('send.submit') }).click();
}

describe('crypto wallets and transfers', () => {
  it('EN, 1440 px: a new wallet with its address and QR code; a transfer refused for its address, then Pending with its fee, approved in the back office', async () => {
    const t = texts('en', 'crypto');
    const { page, problems, context } = await openCryptoScreen(demo, 'en', 1440, 'crypto');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    const before = await api(demo).get<Wallet[]>('wallet/list');
    expect(before.map((wallet) => wallet.currency)).toEqual(['BTC', 'USDT']);
    for (const wallet of before) await page.getByText(wallet.number, { exact: true }).waitFor();

    // Create an SOL wallet: it is listed with its address and a QR code of it.
    await page.getByLabel(label(t('create.currency'))).selectOption('SOL');
    await page.getByRole('button', { name: t('create.submit') }).click();
    const opened = page.getByRole('dialog', { name: texts('en', 'common')('popup.successTitle') });
    await opened.waitFor();
    const created = walletIn(await api(demo).get<Wallet[]>('wallet/list'), 'SOL');
    await page.getByText(created.number, { exact: true }).waitFor();
    await opened.getByRole('button', { name: texts('en', 'common')('popup.ok') }).click();
    const item = page.locator('li', { hasText: created.number });
    await item.getByRole('img', { name: interpolate(t('wallets.qr'), { currency: 'SOL', address: created.number }) }).waitFor();
    await item.getByRole('button', { name: t('wallets.copy') }).click();
    await item.getByText(t('wallets.copied')).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created.number);
    // SOL is now taken in the list of coins.
    expect(await page.getByLabel(label(t('create.currency'))).locator('option[value="SOL"]').isDisabled()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'crypto-wallets-en-1440');

    // A transfer from the BTC wallet: an Ethereum address is refused on the field, nothing is sent.
    const btc = walletIn(before, 'BTC');
    await chooseScreen(page, 'en', 'cryptoTransfer');
    await page.getByRole('heading', { level: 1, name: t('transfers.title') }).waitFor();
    await fillTransfer(page, 'en', { from: btc.number, amount: '0.001', recipient: OUTSIDE_ETH });
    await page.getByText(texts('en', 'validation')('cryptoAddress.invalid')).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'crypto-transfer-bad-address-en-1440');

    // The right network: the review shows the network fee and the total held, then it is Pending.
    const total = formatMinor(decimalToMinor('0.001', 'BTC') + decimalToMinor(CRYPTO_NETWORK_FEES.BTC, 'BTC'), 'BTC');
    await page.getByLabel(label(t('send.fields.recipient'))).fill(OUTSIDE_BTC);
    await page.getByRole('button', { name: t('send.submit') }).click();
    const review = page.getByRole('dialog', { name: t('review.title') });
    await review.getByText(formatMoney(CRYPTO_NETWORK_FEES.BTC, 'BTC', 'en')).waitFor();
    await review.getByText(formatMoney(total, 'BTC', 'en')).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'crypto-transfer-review-en-1440');
    await review.getByRole('button', { name: t('review.confirm') }).click();
    const success = page.getByRole('dialog', { name: texts('en', 'common')('popup.successTitle') });
    await success.getByText(t('result.success')).waitFor();
    await success.getByRole('button', { name: t('result.ok') }).click();

    const [sent] = (await api(demo).get<CryptoTransactionsResponse>('crypto-transaction/list')).items;
    expect(sent).toMatchObject({ counterparty: OUTSIDE_BTC, amount: '0.00100000', fee: CRYPTO_NETWORK_FEES.BTC, status: 'New' });
    const list = page.getByRole('region', { name: t('list.caption') });
    const row = list.getByRole('row', { name: new RegExp(sent!.transactionNumber) });
    await row.getByText(t('statuses.New')).waitFor();
    expect(walletIn(await api(demo).get<Wallet[]>('wallet/list'), 'BTC')).toMatchObject({
      balance: formatMinor(decimalToMinor(btc.balance, 'BTC') - decimalToMinor(total, 'BTC'), 'BTC'),
      bookedBalance: btc.bookedBalance,
    });
    await expectAccessible(page);
    await screenshot(page, 'crypto-transfer-pending-en-1440');

    // The payments operator finds it in the queue, with its network, and approves it.
    const operator = await stack.newPage({ language: 'en', width: 1440 });
    await operatorSignIn(operator.page, 'en', 'payments@bank.example');
    await openRow(operator.page, '/backoffice/payments', sent!.transactionNumber);
    await operator.page.getByText('Bitcoin').first().waitFor();
    await operator.page.getByText(OUTSIDE_BTC).first().waitFor();
    await expectAccessible(operator.page);
    await screenshot(operator.page, 'crypto-backoffice-payment-en-1440');
    await operator.page.getByTestId('bo-approve').click();
    await statusIs(operator.page, 'Approved');

    // The client sees it Approved, and the booked balance lowered by amount and fee.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await chooseScreen(page, 'en', 'cryptoTransfer');
    await page.getByRole('heading', { level: 1, name: t('transfers.title') }).waitFor();
    await page.getByRole('region', { name: t('list.caption') }).getByRole('row', { name: new RegExp(sent!.transactionNumber) }).getByText(t('statuses.Approved')).waitFor();
    const booked = formatMinor(decimalToMinor(btc.bookedBalance, 'BTC') - decimalToMinor(total, 'BTC'), 'BTC');
    const after = walletIn(await api(demo).get<Wallet[]>('wallet/list'), 'BTC');
    expect(after.bookedBalance).toBe(booked);
    // The wallet card shows the available balance and what is still held for the demo's other
    // pending transfer: together, the booked balance.
    await chooseScreen(page, 'en', 'crypto');
    const card = page.locator('li', { hasText: btc.number });
    await card.getByText(formatMoney(after.balance, 'BTC', 'en'), { exact: true }).waitFor();
    await card.getByText(formatMoney(formatMinor(decimalToMinor(booked, 'BTC') - decimalToMinor(after.balance, 'BTC'), 'BTC'), 'BTC', 'en'), { exact: true }).waitFor();
    expect(unexpectedProblems(problems)).toEqual([]);
    expect(operator.problems).toEqual([]);
  });

  it('RU, 360 px: a transfer to the business client’s wallet of this bank arrives at once, free', async () => {
    const t = texts('ru', 'crypto');
    const payee = (await api(corp).post<Wallet>('wallet/create', { currency: 'USDT' })).number;
    const payer = walletIn(await api(demo).get<Wallet[]>('wallet/list'), 'USDT');
    const { page, problems } = await openCryptoScreen(demo, 'ru', 360, 'cryptoTransfer');
    await fillTransfer(page, 'ru', { from: payer.number, amount: '25', recipient: payee.toLowerCase(), reference: 'Возврат за обед' });
    const review = page.getByRole('dialog', { name: t('review.title') });
    await review.getByText(t('review.freeInside')).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'crypto-transfer-review-ru-360');
    await review.getByRole('button', { name: t('review.confirm') }).click();
    await page.getByRole('dialog', { name: texts('ru', 'common')('popup.successTitle') }).getByRole('button', { name: t('result.ok') }).click();

    // Settled at once, with no fee: the payer's booked balance falls by 25, the payee's rises by 25.
    expect(walletIn(await api(demo).get<Wallet[]>('wallet/list'), 'USDT')).toMatchObject({
      bookedBalance: formatMinor(decimalToMinor(payer.bookedBalance, 'USDT') - 25_000_000n, 'USDT'),
    });
    expect(walletIn(await api(corp).get<Wallet[]>('wallet/list'), 'USDT')).toMatchObject({ balance: '25.000000', bookedBalance: '25.000000' });

    // The business client sees it arrive, Approved, on its own screen.
    const other = await openCryptoScreen(corp, 'ru', 360, 'cryptoTransfer');
    const cards = other.page.getByRole('list', { name: t('list.caption') });
    await cards.getByText(payer.number).first().waitFor();
    await cards.getByText(t('statuses.Approved')).first().waitFor();
    await expectAccessible(other.page);
    await screenshot(other.page, 'crypto-transfer-arrived-ru-360');
    expect(unexpectedProblems(problems)).toEqual([]);
    expect(unexpectedProblems(other.problems)).toEqual([]);
  });
});

describe('crypto conversion', () => {
  it('EN, 1440 px: from a wallet to an account through the summary with its fee tier, then waits for the bank', async () => {
    const t = texts('en', 'exchange');
    const wallets = await api(demo).get<Wallet[]>('wallet/list');
    const btc = walletIn(wallets, 'BTC');
    const euro = accountIn(await api(demo).get<Account[]>('account/list'), 'EUR');
    const quote = await api(demo).get<{ fee: string; feeBasisPoints: number; total: string; convertedAmount: string }>('exchange/conversion-quote?from=BTC&to=EUR&amount=0.01');
    expect(quote.feeBasisPoints).toBe(250);

    const { page, problems } = await openCryptoScreen(demo, 'en', 1440, 'rate');
    await page.getByLabel(t('form.fromWithWallets')).selectOption(btc.number);
    await page.getByLabel(t('form.toWithWallets')).selectOption(euro.number);
    await page.getByLabel(t('form.amount')).fill('0.01');
    await page.getByText(interpolate(t('form.conversionNote'), { percent: '2.5%' })).waitFor();
    await page.getByRole('button', { name: t('form.next') }).click();
    await page.getByRole('heading', { level: 2, name: t('summary.title') }).waitFor();
    await page.getByText(formatMoney(quote.fee, 'BTC', 'en')).waitFor();
    await page.getByText(formatMoney(quote.total, 'BTC', 'en')).waitFor();
    await page.getByText(t('summary.conversionNote')).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'crypto-conversion-summary-en-1440');
    await page.getByRole('button', { name: t('summary.confirmConversion') }).click();
    await page.getByText(t('result.conversionSent')).waitFor();
    await screenshot(page, 'crypto-conversion-sent-en-1440');

    // Waiting for the bank: amount and fee held on the wallet, nothing yet on the account.
    const [row] = (await api(demo).get<CryptoTransactionsResponse>('crypto-transaction/list')).items;
    expect(row).toMatchObject({ kind: 'conversion', direction: 'OUT', counterparty: euro.number, fee: quote.fee, status: 'New' });
    expect(walletIn(await api(demo).get<Wallet[]>('wallet/list'), 'BTC')).toMatchObject({
      balance: formatMinor(decimalToMinor(btc.balance, 'BTC') - decimalToMinor(quote.total, 'BTC'), 'BTC'),
      bookedBalance: btc.bookedBalance,
    });
    expect(accountIn(await api(demo).get<Account[]>('account/list'), 'EUR').bookedBalance).toBe(euro.bookedBalance);
    const operatorToken = await operatorTokenFor(stack, 'payments@bank.example');
    expect(await asOperator(stack, operatorToken, 'GET', `transactions/${row!.transactionNumber}`)).toMatchObject({
      type: 'crypto_conversion',
      status: 'New',
      counterAmount: quote.convertedAmount,
      counterCurrency: 'EUR',
    });
    expect(unexpectedProblems(problems)).toEqual([]);
  });

  it('RU, 360 px: the wallets read in Russian, and a conversion from an account into a wallet waits for the bank', async () => {
    const t = texts('ru', 'exchange');
    const crypto = texts('ru', 'crypto');
    const wallets = await api(demo).get<Wallet[]>('wallet/list');
    const usdt = walletIn(wallets, 'USDT');
    const dollar = accountIn(await api(demo).get<Account[]>('account/list'), 'USD');

    const screen = await openCryptoScreen(demo, 'ru', 360, 'crypto');
    await screen.page.getByRole('heading', { level: 2, name: crypto('wallets.listTitle') }).waitFor();
    await screen.page.getByRole('link', { name: crypto('wallets.contactManager') }).waitFor();
    await expectAccessible(screen.page);
    await screenshot(screen.page, 'crypto-wallets-ru-360');

    const { page, problems } = await openCryptoScreen(demo, 'ru', 360, 'rate');
    await page.getByLabel(t('form.fromWithWallets')).selectOption(dollar.number);
    await page.getByLabel(t('form.toWithWallets')).selectOption(usdt.number);
    await page.getByLabel(t('form.amount')).fill('100');
    await page.getByRole('button', { name: t('form.next') }).click();
    await page.getByRole('heading', { level: 2, name: t('summary.title') }).waitFor();
    await page.getByText(t('summary.conversionNote')).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'crypto-conversion-summary-ru-360');
    await page.getByRole('button', { name: t('summary.confirmConversion') }).click();
    await page.getByText(t('result.conversionSent')).waitFor();
    const [row] = (await api(demo).get<CryptoTransactionsResponse>('crypto-transaction/list')).items;
    expect(row).toMatchObject({ kind: 'conversion', direction: 'IN', counterparty: dollar.number, currency: 'USDT', status: 'New' });
    // 100 USD and the 2.5 % fee are held on the account until the bank decides.
    expect(accountIn(await api(demo).get<Account[]>('account/list'), 'USD')).toMatchObject({
      balance: formatMinor(decimalToMinor(dollar.balance, 'USD') - 10_250n, 'USD'),
      bookedBalance: dollar.bookedBalance,
    });
    expect(unexpectedProblems(problems)).toEqual([]);
    expect(unexpectedProblems(screen.problems)).toEqual([]);
  });
});
