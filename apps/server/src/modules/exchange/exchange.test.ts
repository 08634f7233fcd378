// Proves currency exchange and the rate endpoints: quotes with the spread, booking through the FX
// position accounts at the confirmed rate, 409 RATE_CHANGED with the new quote when the rate moved,
// and every client mistake answered 4xx; stored operator and ECB rates override the snapshot.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { RateQuote, TransactionRecord } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { parseEcbDailyXml, applyEcbRates, setOperatorRate } from '../rates';
import { closeCheckingLedger } from '../ledger/test-context';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => closeCheckingLedger(context));

async function rateQuote(query: string): Promise<{ status: number; body: RateQuote & { fields?: Record<string, string> } }> {
  const response = await context.app.inject({ method: 'GET', url: `/api/exchange/rate?${query}` });
  return { status: response.statusCode, body: response.json() };
}

function exchange(client: TestClient, payload: Record<string, unknown>) {
  return context.app.inject({ method: 'POST', url: '/api/transaction/create', headers: { ...client.headers, 'idempotency-key': randomUUID() }, payload: { type: 'exchange', ...payload } });
}

async function fxPosition(currency: string): Promise<string> {
  const row = await context.db.selectFrom('ledger_accounts').select('booked').where('kind', '=', 'fx_position').where('currency', '=', currency).executeTakeFirstOrThrow();
  return row.booked;
}

describe('rate endpoints', () => {
  it('GET /api/exchange/rate answers the offered rate and the converted amount', async () => {
    expect(await rateQuote('from=EUR&to=USD&amount=100')).toEqual({
      status: 200,
      body: { from: 'EUR', to: 'USD', amount: '100.00', rate: '1.0768885', convertedAmount: '107.68' },
    });
    expect((await rateQuote('from=EUR&to=USD')).body).toMatchObject({ amount: '1.00', convertedAmount: '1.07' });
    expect((await rateQuote('from=BTC&to=EUR&amount=0.5')).body).toMatchObject({ rate: '88802.020', convertedAmount: '44401.01' });
    expect((await rateQuote('from=EUR&to=ETH&amount=1')).body.convertedAmount).toMatch(/^0\.\d{18}$/);
  });

  it('answers 400 for an unknown currency or a bad amount', async () => {
    const unknown = await rateQuote('from=EUR&to=XYZ&amount=1');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields?.to).toBe('validation.currency.unknown');
    expect((await rateQuote('to=USD')).status).toBe(400);
    expect((await rateQuote('from=EUR&to=USD&amount=1.001')).body.fields?.amount).toBe('validation.amount.tooManyDecimals');
    expect((await rateQuote('from=EUR&to=USD&amount=-1')).status).toBe(400);
    expect((await rateQuote('from=EUR&to=USD&amount=abc')).status).toBe(400);
  });

  it('POST /api/converter/convert needs no token and answers the same quote', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/api/converter/convert', payload: { from: 'GBP', to: 'CHF', amount: 250 } });
    expect(response.statusCode).toBe(200);
    const { body } = await rateQuote('from=GBP&to=CHF&amount=250');
    expect(response.json()).toEqual(body);
    const unknown = await context.app.inject({ method: 'POST', url: '/api/converter/convert', payload: { from: 'DOGE', to: 'EUR', amount: 1 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.from).toBe('validation.currency.unknown');
  });
});

describe('exchange', () => {
  it('books at the confirmed rate through the FX position accounts, one OUT and one IN row', async () => {
    const client = await createSignedInClient(context);
    const eur = await openTestAccount(context, client, 'EUR', '500.00');
    const usd = await openTestAccount(context, client, 'USD');
    const { body: quote } = await rateQuote('from=EUR&to=USD&amount=100');
    const fxEurBefore = Number(await fxPosition('EUR'));
    const response = await exchange(client, {
      accNumberFrom: eur.number, accNumberTo: usd.number, amount: 100, forAmountCurrency: 'EUR', toAmount: quote.convertedAmount, getAmountCurrency: 'USD', rate: quote.rate,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe('"Created"');
    expect((await listedAccount(context, client, eur.number)).balance).toBe('400.00');
    expect((await listedAccount(context, client, usd.number)).balance).toBe('107.68');
    expect(Number(await fxPosition('EUR')) - fxEurBefore).toBe(100);

    const rows = (await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers })).json<TransactionRecord[]>();
    const out = rows.find((row) => row.direction === 'OUT')!;
    const incoming = rows.find((row) => row.direction === 'IN')!;
    expect(out).toMatchObject({ amount: '100.00', currency: 'EUR', balance: '400.00', transactionType: 'Exchange', reference: 'Exchange', transactionStatus: 'Approved', rate: '1.0768885', fee: '0.00' });
    expect(incoming).toMatchObject({ amount: '107.68', currency: 'USD', balance: '107.68', accountNumber: usd.number, transactionNumber: out.transactionNumber });
  });

  it('answers 409 RATE_CHANGED with the new quote when the rate moved, and books nothing', async () => {
    const client = await createSignedInClient(context);
    const gbp = await openTestAccount(context, client, 'GBP', '300.00');
    const chf = await openTestAccount(context, client, 'CHF');
    const { body: before } = await rateQuote('from=GBP&to=CHF&amount=100');
    await setOperatorRate(context.db, { currency: 'CHF', perEur: '0.9500', operatorId: randomUUID() });
    const { body: after } = await rateQuote('from=GBP&to=CHF&amount=100');
    expect(after.rate).not.toBe(before.rate);

    const payload = { accNumberFrom: gbp.number, accNumberTo: chf.number, amount: '100', forAmountCurrency: 'GBP', toAmount: before.convertedAmount, getAmountCurrency: 'CHF' };
    const moved = await exchange(client, { ...payload, rate: before.rate });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'RATE_CHANGED', details: { rate: after.rate, convertedAmount: after.convertedAmount } });
    // Without a rate, a toAmount above what the current rate gives is the same conflict.
    const expectsMore = await exchange(client, { ...payload, toAmount: (Number(after.convertedAmount) + 0.01).toFixed(2) });
    expect(expectsMore.statusCode).toBe(409);
    expect((await listedAccount(context, client, gbp.number)).balance).toBe('300.00');

    const confirmed = await exchange(client, { ...payload, toAmount: after.convertedAmount, rate: after.rate });
    expect(confirmed.statusCode).toBe(200);
    expect((await listedAccount(context, client, chf.number)).balance).toBe(after.convertedAmount);
  });

  it('refuses the same currency, currencies that are not the accounts’, other clients’ accounts and too little money', async () => {
    const client = await createSignedInClient(context);
    const other = await createSignedInClient(context);
    const eur = await openTestAccount(context, client, 'EUR', '50.00');
    const usd = await openTestAccount(context, client, 'USD');
    const othersUsd = await openTestAccount(context, other, 'USD');
    const base = { accNumberFrom: eur.number, accNumberTo: usd.number, amount: '10', forAmountCurrency: 'EUR', getAmountCurrency: 'USD' };

    const same = await exchange(client, { ...base, getAmountCurrency: 'EUR' });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields.getAmountCurrency).toBe('validation.exchange.sameCurrency');
    const mismatch = await exchange(client, { ...base, forAmountCurrency: 'GBP' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields.forAmountCurrency).toBe('validation.exchange.currencyMismatch');
    const decimals = await exchange(client, { ...base, amount: '10.001' });
    expect(decimals.json().fields.amount).toBe('validation.amount.tooManyDecimals');
    const zero = await exchange(client, { ...base, amount: 0 });
    expect(zero.json().fields.amount).toBe('validation.amount.notPositive');
    const badRate = await exchange(client, { ...base, rate: 'cheap' });
    expect(badRate.json().fields.rate).toBe('validation.rate.invalid');
    const foreign = await exchange(client, { ...base, accNumberTo: othersUsd.number });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().fields.accNumberTo).toBe('validation.accNumberTo.notFound');
    const tooMuch = await exchange(client, { ...base, amount: '50.01' });
    expect(tooMuch.statusCode).toBe(422);
    expect((await listedAccount(context, client, eur.number)).balance).toBe('50.00');
    expect((await listedAccount(context, other, othersUsd.number)).balance).toBe('0.00');
  });
});

describe('stored rates', () => {
  it('the ECB file overrides the snapshot for the currencies it quotes, and is audited', async () => {
    const xml = readFileSync(new URL('../rates/fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
    const updated = await applyEcbRates(context.db, parseEcbDailyXml(xml));
    expect(updated).toContain('USD');
    expect(updated).not.toContain('RUB');
    // 1.0827 × 0.995 = 1.0772865
    expect((await rateQuote('from=EUR&to=USD&amount=1')).body.rate).toBe('1.0772865');
    const audit = await context.db.selectFrom('audit_log').select('action').where('action', '=', 'rates.ecb').execute();
    expect(audit).toHaveLength(1);
  });

  it('an operator rate is audited and refused for EUR or a non-positive value', async () => {
    await expect(setOperatorRate(context.db, { currency: 'EUR', perEur: '1.1', operatorId: randomUUID() })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(setOperatorRate(context.db, { currency: 'USD', perEur: '0', operatorId: randomUUID() })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await setOperatorRate(context.db, { currency: 'RUB', perEur: '100', operatorId: randomUUID() });
    expect((await rateQuote('from=EUR&to=RUB&amount=1')).body.rate).toBe('99.500000');
  });
});
