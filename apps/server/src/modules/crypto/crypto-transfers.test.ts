// Proves crypto transfers through the API: an outside address holds amount + the network fee until a
// payments operator approves (booked) or denies (released, with the reason shown); every kind of bad
// request moves nothing; a wallet of this bank is paid at once and for free; deposits book a hash
// once; conversions wait for approval and book through the FX accounts; the list filters and pages
// by keyset; and no client reaches another's wallet. The ledger's invariants close the file.
import { CRYPTO_NETWORK_FEES } from '@bank/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator, type TestOperator } from '../../test/operators';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { closeCheckingLedger } from '../ledger/test-context';
import { cryptoList, listedWallet, openTestWallet, sendCrypto } from './test-support';

const OUTSIDE = {
  BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  SOL: 'So11111111111111111111111111111111111111112',
} as const;

let context: TestContext;
let payments: TestOperator;
let secondPayments: TestOperator;

beforeAll(async () => {
  context = await createTestContext();
  payments = await createSignedInOperator(context, ['payments']);
  secondPayments = await createSignedInOperator(context, ['payments']);
});
afterAll(() => closeCheckingLedger(context));

function operator(who: TestOperator, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return context.app.inject({ method, url: `/api/backoffice/${url}`, headers: { ...who.headers, 'idempotency-key': randomUUID() }, ...(payload ? { payload } : {}) });
}

async function queued(number: string) {
  const answer = await operator(payments, 'GET', `transactions/${number}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

describe('crypto transfers to an outside address', () => {
  it('hold amount + network fee as Pending, and an approval books them', async () => {
    const client = await createSignedInClient(context);
    const wallet = await openTestWallet(context, client, 'BTC', '1.00000000');
    const sent = await sendCrypto(context, client, { fromWallet: wallet.number, recipient: OUTSIDE.BTC, amount: '0.05', currency: 'BTC', reference: 'Rent' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toBe('Created');
    expect(await listedWallet(context, client, wallet.number)).toMatchObject({ balance: '0.94985000', bookedBalance: '1.00000000' });

    const [row] = (await cryptoList(context, client)).items;
    expect(row).toMatchObject({ kind: 'transfer', direction: 'OUT', counterparty: OUTSIDE.BTC, amount: '0.05000000', fee: CRYPTO_NETWORK_FEES.BTC, currency: 'BTC', status: 'New', reference: 'Rent', wallet: wallet.number });

    const item = await queued(row!.transactionNumber);
    expect(item).toMatchObject({ type: 'crypto', status: 'New', fromAccount: wallet.number, recipient: OUTSIDE.BTC, network: 'Bitcoin', amount: '0.05000000', total: '0.05015000', requiredApprovals: 1 });
    expect((await operator(payments, 'POST', `transactions/${row!.transactionNumber}/approve`)).statusCode).toBe(200);

    expect(await listedWallet(context, client, wallet.number)).toMatchObject({ balance: '0.94985000', bookedBalance: '0.94985000' });
    expect((await cryptoList(context, client)).items[0]).toMatchObject({ status: 'Approved', statusReason: null });
  });

  it('releases the hold on a denial and shows the client the operator’s reason', async () => {
    const client = await createSignedInClient(context);
    const wallet = await openTestWallet(context, client, 'ETH', '2');
    expect((await sendCrypto(context, client, { fromWallet: wallet.number, recipient: OUTSIDE.ETH.toLowerCase(), amount: '1.5', currency: 'ETH' })).statusCode).toBe(200);
    const [row] = (await cryptoList(context, client)).items;
    // An all-lowercase EVM address is accepted and kept in its checksummed spelling.
    expect(row!.counterparty).toBe(OUTSIDE.ETH);
    const denied = await operator(payments, 'POST', `transactions/${row!.transactionNumber}/deny`, { reason: 'The recipient is on a sanctions list' });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(await listedWallet(context, client, wallet.number)).toMatchObject({ balance: '2.000000000000000000', bookedBalance: '2.000000000000000000' });
    expect((await cryptoList(context, client)).items[0]).toMatchObject({ status: 'Denied', statusReason: 'The recipient is on a sanctions list' });
  });

  it('needs two operators above 10,000 EUR, and the client sees it Pending until the second', async () => {
    const client = await createSignedInClient(context);
    const wallet = await openTestWallet(context, client, 'BTC', '5');
    expect((await sendCrypto(context, client, { fromWallet: wallet.number, recipient: OUTSIDE.BTC, amount: '1', currency: 'BTC' })).statusCode).toBe(200);
    const [row] = (await cryptoList(context, client)).items;
    expect((await queued(row!.transactionNumber)).requiredApprovals).toBe(2);
    await operator(payments, 'POST', `transactions/${row!.transactionNumber}/approve`);
    expect((await cryptoList(context, client, 'status=New')).items.map((item) => item.transactionNumber)).toEqual([row!.transactionNumber]);
    await operator(secondPayments, 'POST', `transactions/${row!.transactionNumber}/approve`);
    expect((await cryptoList(context, client)).items[0]!.status).toBe('Approved');
    expect((await listedWallet(context, client, wallet.number)).bookedBalance).toBe('3.99985000');
  });

  it('refuses a wrong network, a bad checksum, too many decimals, zero, negative and too much, moving nothing', async () => {
    const client = await createSignedInClient(context);
    const wallet = await openTestWallet(context, client, 'BTC', '0.01');
    const base = { fromWallet: wallet.number, recipient: OUTSIDE.BTC, amount: '0.001', currency: 'BTC' };
    const cases: Array<[Record<string, unknown>, number, Record<string, string> | undefined]> = [
      [{ recipient: OUTSIDE.ETH }, 400, { recipient: 'validation.cryptoAddress.invalid' }],
      [{ recipient: `${OUTSIDE.BTC.slice(0, -1)}5` }, 400, { recipient: 'validation.cryptoAddress.invalid' }],
      [{ recipient: OUTSIDE.SOL }, 400, { recipient: 'validation.cryptoAddress.invalid' }],
      [{ amount: '0.000000001' }, 400, { amount: 'validation.amount.tooManyDecimals' }],
      [{ amount: '0' }, 400, { amount: 'validation.amount.notPositive' }],
      [{ amount: '-0.001' }, 400, { amount: 'validation.amount.notPositive' }],
      [{ recipient: wallet.number }, 400, { recipient: 'validation.recipient.sameWallet' }],
      [{ currency: 'ETH', recipient: OUTSIDE.ETH }, 400, { currency: 'validation.currency.walletMismatch' }],
      [{ amount: '0.02' }, 422, { amount: 'validation.amount.insufficientFunds' }],
      // The amount fits, the amount with the fee does not.
      [{ amount: '0.00990000' }, 422, { amount: 'validation.amount.insufficientFunds' }],
    ];
    for (const [change, status, fields] of cases) {
      const answer = await sendCrypto(context, client, { ...base, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(status);
      if (fields) expect(answer.json().fields, JSON.stringify(change)).toEqual(fields);
    }
    expect((await sendCrypto(context, client, { ...base, amount: '0.00990000' })).json().details).toEqual({ fee: '0.00015000', total: '0.01005000' });
    expect(await listedWallet(context, client, wallet.number)).toMatchObject({ balance: '0.01000000', bookedBalance: '0.01000000' });
    expect((await cryptoList(context, client)).total).toBe(0);
  });

  it('replays the answer of a repeated Idempotency-Key and moves the money once', async () => {
    const client = await createSignedInClient(context);
    const wallet = await openTestWallet(context, client, 'SOL', '10');
    const key = randomUUID();
    const payload = { fromWallet: wallet.number, recipient: OUTSIDE.SOL, amount: '1', currency: 'SOL' };
    const first = await sendCrypto(context, client, payload, key);
    const second = await sendCrypto(context, client, payload, key);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await cryptoList(context, client)).total).toBe(1);
    expect((await listedWallet(context, client, wallet.number)).balance).toBe('8.999900000');
  });
});

describe('crypto transfers inside the bank', () => {
  it('pay another client’s wallet at once and for free, and the payee sees it arrive', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestWallet(context, payer, 'USDT', '100');
    const to = await openTestWallet(context, payee, 'USDT');
    const sent = await sendCrypto(context, payer, { fromWallet: from.number, recipient: to.number.toLowerCase(), amount: '40.5', currency: 'USDT', reference: 'Lunch' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await listedWallet(context, payer, from.number)).toMatchObject({ balance: '59.500000', bookedBalance: '59.500000' });
    expect(await listedWallet(context, payee, to.number)).toMatchObject({ balance: '40.500000', bookedBalance: '40.500000' });
    const [out] = (await cryptoList(context, payer)).items;
    const [arrived] = (await cryptoList(context, payee)).items;
    expect(out).toMatchObject({ kind: 'internal', direction: 'OUT', counterparty: to.number, fee: '0.000000', status: 'Approved' });
    expect(arrived).toMatchObject({ kind: 'internal', direction: 'IN', counterparty: from.number, amount: '40.500000', status: 'Approved', transactionNumber: out!.transactionNumber });
  });

  it('refuses a wallet of this bank in another coin on the same network', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestWallet(context, payer, 'ETH', '1');
    const to = await openTestWallet(context, payee, 'USDC');
    const answer = await sendCrypto(context, payer, { fromWallet: from.number, recipient: to.number, amount: '0.1', currency: 'ETH' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields).toEqual({ recipient: 'validation.recipient.otherCoin' });
  });

  it('never lets a client spend, list or see another client’s wallet', async () => {
    const owner = await createSignedInClient(context);
    const stranger = await createSignedInClient(context);
    const wallet = await openTestWallet(context, owner, 'BTC', '1');
    await sendCrypto(context, owner, { fromWallet: wallet.number, recipient: OUTSIDE.BTC, amount: '0.1', currency: 'BTC' });
    const spend = await sendCrypto(context, stranger, { fromWallet: wallet.number, recipient: OUTSIDE.BTC, amount: '0.1', currency: 'BTC' });
    expect(spend.statusCode).toBe(404);
    const listed = await context.app.inject({ method: 'GET', url: `/api/crypto-transaction/list?wallet=${wallet.number}`, headers: stranger.headers });
    expect(listed.statusCode).toBe(404);
    expect((await cryptoList(context, stranger)).items).toEqual([]);
    expect((await context.app.inject({ method: 'GET', url: '/api/crypto-transaction/list' })).statusCode).toBe(401);
    const unidentified = await createSignedInClient(context, { kycStatus: null });
    expect((await sendCrypto(context, unidentified, { fromWallet: wallet.number, recipient: OUTSIDE.BTC, amount: '0.1', currency: 'BTC' })).statusCode).toBe(403);
  });
});

describe('crypto deposits', () => {
  it('book coins to the wallet at its address once per transaction hash', async () => {
    const client = await createSignedInClient(context);
    const wallet = await openTestWallet(context, client, 'ETH');
    const txHash = `0x${'ab'.repeat(32)}`;
    const proposed = await operator(payments, 'POST', 'crypto-deposits', { address: wallet.number.toLowerCase(), amount: '0.75', currency: 'ETH', txHash });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect((await listedWallet(context, client, wallet.number)).balance).toBe('0.000000000000000000');
    const booked = await operator(secondPayments, 'POST', `approvals/${proposed.json().approval.id}/approve`);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().result).toMatchObject({ amount: '0.750000000000000000', currency: 'ETH', holder: 'Test Client' });
    expect((await listedWallet(context, client, wallet.number)).balance).toBe('0.750000000000000000');
    expect((await cryptoList(context, client)).items[0]).toMatchObject({ kind: 'deposit', direction: 'IN', counterparty: 'Ethereum', txHash, status: 'Approved' });

    const again = await operator(payments, 'POST', 'crypto-deposits', { address: wallet.number, amount: '0.75', currency: 'ETH', txHash: txHash.toUpperCase().replace('0X', '0x') });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ txHash: 'validation.txHash.used' });
    const unknown = await operator(payments, 'POST', 'crypto-deposits', { address: OUTSIDE.ETH, amount: '1', currency: 'ETH', txHash: `0x${'cd'.repeat(32)}` });
    expect(unknown.statusCode).toBe(404);
    const mismatch = await operator(payments, 'POST', 'crypto-deposits', { address: wallet.number, amount: '1', currency: 'USDT', txHash: `0x${'ef'.repeat(32)}` });
    expect(mismatch.json().fields).toEqual({ currency: 'validation.currency.walletMismatch' });
    expect((await context.app.inject({ method: 'POST', url: '/api/backoffice/crypto-deposits', headers: client.headers, payload: { address: wallet.number, amount: '1', currency: 'ETH', txHash } })).statusCode).toBe(401);
    expect((await listedWallet(context, client, wallet.number)).balance).toBe('0.750000000000000000');
  });
});

describe('crypto conversion', () => {
  it('quotes the fee of the volume tier and waits for approval, then books through the FX accounts', async () => {
    const client = await createSignedInClient(context);
    const wallet = await openTestWallet(context, client, 'BTC', '2');
    const account = await openTestAccount(context, client, 'EUR');
    const quote = (await context.app.inject({ method: 'GET', url: '/api/exchange/conversion-quote?from=BTC&to=EUR&amount=0.1', headers: client.headers })).json();
    expect(quote).toMatchObject({ from: 'BTC', to: 'EUR', amount: '0.10000000', feeBasisPoints: 250, fee: '0.00250000', total: '0.10250000' });
    // At the snapshot's mid rate 1 BTC is about 89,248 EUR: 0.5 BTC falls in the middle tier, 1.5 BTC in the last.
    const tierOf = async (amount: string) =>
      (await context.app.inject({ method: 'GET', url: `/api/exchange/conversion-quote?from=BTC&to=EUR&amount=${amount}`, headers: client.headers })).json().feeBasisPoints;
    expect([await tierOf('0.1'), await tierOf('0.5'), await tierOf('1.5')]).toEqual([250, 150, 100]);

    const created = await context.app.inject({
      method: 'POST',
      url: '/api/transaction/create',
      headers: { ...client.headers, 'idempotency-key': randomUUID() },
      payload: { type: 'exchange', accNumberFrom: wallet.number, accNumberTo: account.number, amount: '0.1', forAmountCurrency: 'BTC', getAmountCurrency: 'EUR', rate: quote.rate, toAmount: quote.convertedAmount },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await listedWallet(context, client, wallet.number)).toMatchObject({ balance: '1.89750000', bookedBalance: '2.00000000' });
    expect((await listedAccount(context, client, account.number)).balance).toBe('0.00');
    const [row] = (await cryptoList(context, client)).items;
    expect(row).toMatchObject({ kind: 'conversion', direction: 'OUT', counterparty: account.number, fee: '0.00250000', status: 'New' });
    expect(await queued(row!.transactionNumber)).toMatchObject({ type: 'crypto_conversion', counterAmount: quote.convertedAmount, counterCurrency: 'EUR', rate: quote.rate });

    expect((await operator(payments, 'POST', `transactions/${row!.transactionNumber}/approve`)).statusCode).toBe(200);
    expect(await listedWallet(context, client, wallet.number)).toMatchObject({ balance: '1.89750000', bookedBalance: '1.89750000' });
    expect((await listedAccount(context, client, account.number)).balance).toBe(quote.convertedAmount);
    const statement = (await context.app.inject({ method: 'GET', url: `/api/transaction/list?accountNumber=${account.number}`, headers: client.headers })).json();
    expect(statement[0]).toMatchObject({ direction: 'IN', amount: quote.convertedAmount, transactionStatus: 'Approved', transactionType: 'Exchange' });
  });

  it('from an account to a wallet, and a denial releases the account’s hold', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'USD', '1000.00');
    const wallet = await openTestWallet(context, client, 'USDT');
    const quote = (await context.app.inject({ method: 'GET', url: '/api/exchange/conversion-quote?from=USD&to=USDT&amount=500', headers: client.headers })).json();
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/transaction/create',
      headers: client.headers,
      payload: { type: 'exchange', accNumberFrom: account.number, accNumberTo: wallet.number, amount: '500', forAmountCurrency: 'USD', getAmountCurrency: 'USDT', rate: quote.rate },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '487.50', bookedBalance: '1000.00' });
    const [row] = (await cryptoList(context, client)).items;
    expect(row).toMatchObject({ kind: 'conversion', direction: 'IN', counterparty: account.number, amount: quote.convertedAmount, status: 'New' });
    await operator(payments, 'POST', `transactions/${row!.transactionNumber}/deny`, { reason: 'Conversion limits exceeded' });
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '1000.00', bookedBalance: '1000.00' });
    expect((await listedWallet(context, client, wallet.number)).balance).toBe('0.000000');
    expect((await cryptoList(context, client)).items[0]).toMatchObject({ status: 'Denied', statusReason: 'Conversion limits exceeded' });
  });

  it('refuses a wallet that is not the client’s', async () => {
    const client = await createSignedInClient(context);
    const stranger = await createSignedInClient(context);
    const theirs = await openTestWallet(context, stranger, 'BTC', '1');
    const account = await openTestAccount(context, client, 'EUR');
    const answer = await context.app.inject({
      method: 'POST',
      url: '/api/transaction/create',
      headers: client.headers,
      payload: { type: 'exchange', accNumberFrom: theirs.number, accNumberTo: account.number, amount: '0.1', forAmountCurrency: 'BTC', getAmountCurrency: 'EUR' },
    });
    expect(answer.statusCode).toBe(404);
    expect((await listedWallet(context, stranger, theirs.number)).balance).toBe('1.00000000');
  });
});

describe('the crypto list', () => {
  it('pages 8 at a time newest first by keyset, and filters by wallet and status', async () => {
    const client = await createSignedInClient(context);
    const btc = await openTestWallet(context, client, 'BTC', '1');
    const sol = await openTestWallet(context, client, 'SOL', '10');
    for (let index = 1; index <= 10; index += 1) {
      expect((await sendCrypto(context, client, { fromWallet: btc.number, recipient: OUTSIDE.BTC, amount: `0.0${index.toString().padStart(2, '0')}`, currency: 'BTC' })).statusCode).toBe(200);
    }
    await sendCrypto(context, client, { fromWallet: sol.number, recipient: OUTSIDE.SOL, amount: '1', currency: 'SOL' });
    const first = await cryptoList(context, client);
    expect(first.items).toHaveLength(8);
    expect(first.total).toBe(11);
    expect(first.items[0]!.currency).toBe('SOL');
    const second = await cryptoList(context, client, `cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.amount)).toEqual(['0.00300000', '0.00200000', '0.00100000']);
    expect(second.nextCursor).toBeNull();
    const numbers = [...first.items, ...second.items].map((item) => item.transactionNumber);
    expect(new Set(numbers).size).toBe(11);

    const onlySol = await cryptoList(context, client, `wallet=${sol.number}`);
    expect(onlySol.items.map((item) => item.currency)).toEqual(['SOL']);
    await operator(payments, 'POST', `transactions/${onlySol.items[0]!.transactionNumber}/deny`, { reason: 'Test' });
    expect((await cryptoList(context, client, 'status=Denied')).items.map((item) => item.currency)).toEqual(['SOL']);
    expect((await cryptoList(context, client, 'status=New')).total).toBe(10);
    expect((await cryptoList(context, client, 'period=today')).total).toBe(11);
    expect((await cryptoList(context, client, 'from=2020-01-01&to=2020-12-31')).total).toBe(0);
    // A cursor is the client's input: an impossible date or a row id past bigint is a 400, never a 500.
    for (const key of [['nonsense'], ['2024-13-45T99:99:99.000000Z', '1'], ['2024-02-30T00:00:00.000000Z', '1'], ['0000-00-00T00:00:00.000000Z', '1'], ['2024-06-01T00:00:00.000000Z', '9999999999999999999']]) {
      const cursor = key.length === 1 ? key[0] : Buffer.from(JSON.stringify(key)).toString('base64url');
      const bad = await context.app.inject({ method: 'GET', url: `/api/crypto-transaction/list?cursor=${cursor}`, headers: client.headers });
      expect(bad.statusCode, JSON.stringify(key)).toBe(400);
    }
  });
});
