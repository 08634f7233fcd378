// Proves that /api JSON bodies keep every digit a client sent: an amount that a JavaScript number
// cannot hold is validated as sent (400 for too many decimals, never rounded and booked), a
// big amount is answered to the cent, and the parser still refuses poisoned bodies (malformed ones:
// foundation.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../test/clients';
import { createTestContext, type TestContext } from '../test/harness';
import { listedAccount, openTestAccount } from '../modules/accounts/test-support';
import { parseJsonBody } from './json-body';

describe('parseJsonBody', () => {
  it('keeps numbers a double holds as numbers and the others as their exact text', () => {
    expect(parseJsonBody('{"a": 1.5, "b": 10, "c": 1.0000000000000001, "d": 100000000000000.01, "e": 12345678901234567890}')).toEqual({
      a: 1.5,
      b: 10,
      c: '1.0000000000000001',
      d: '100000000000000.01',
      e: '12345678901234567890',
    });
  });

  it('keeps a number in exponent form as its text, even one a double holds', () => {
    expect(parseJsonBody('{"a": 1e3, "b": 1E-2, "c": 1.5E+2, "d": 0e0}')).toEqual({ a: '1e3', b: '1E-2', c: '1.5E+2', d: '0e0' });
  });

  it('refuses prototype poisoning as Fastify does', () => {
    expect(() => parseJsonBody('{"__proto__": {"admin": true}}')).toThrow();
    expect(() => parseJsonBody('{"a": {"constructor": {"prototype": {"admin": true}}}}')).toThrow();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('JSON bodies of /api', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  it('refuses an amount with more decimals than the currency, though JSON.parse would read it as 1', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestAccount(context, payer, 'EUR', '100.00');
    const to = await openTestAccount(context, payee, 'EUR');
    const payload = JSON.stringify({
      type: 'internal',
      accNumberFrom: from.number,
      fullName: 'Test Client',
      accNumberTo: to.number,
      transferDate: '2026-11-21',
      amount: 0,
      transferCurrency: 'EUR',
      paymentMethod: 'account',
    }).replace('"amount":0', '"amount":1.0000000000000001');
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/transaction/create',
      headers: { ...payer.headers, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { amount: 'validation.amount.tooManyDecimals' } });
    expect((await listedAccount(context, payer, from.number)).balance).toBe('100.00');
  });

  it('refuses an amount in exponent form sent as a JSON number, as it does the same text sent as a string', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestAccount(context, payer, 'EUR', '100.00');
    const to = await openTestAccount(context, payee, 'EUR');
    const payload = (amount: string) =>
      JSON.stringify({ type: 'internal', accNumberFrom: from.number, fullName: 'Test Client', accNumberTo: to.number, transferDate: '2026-11-21', amount: 0, transferCurrency: 'EUR', paymentMethod: 'account' }).replace(
        '"amount":0',
        `"amount":${amount}`,
      );
    for (const amount of ['1E-2', '1e3', '1e1', '"1e3"']) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/transaction/create',
        headers: { ...payer.headers, 'content-type': 'application/json' },
        payload: payload(amount),
      });
      expect(response.statusCode, `${amount} ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { amount: 'validation.amount.invalid' } });
    }
    expect((await listedAccount(context, payer, from.number)).balance).toBe('100.00');
  });

  it('answers a large amount sent as a JSON number to the cent', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/converter/convert',
      headers: { 'content-type': 'application/json' },
      payload: '{"from": "EUR", "to": "EUR", "amount": 100000000000000.01}',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ amount: '100000000000000.01', convertedAmount: '100000000000000.01' });
  });

  it('refuses a poisoned body with a 400', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/converter/convert',
      headers: { 'content-type': 'application/json' },
      payload: '{"from": "EUR", "to": "USD", "__proto__": {"amount": "5"}}',
    });
    expect(response.statusCode).toBe(400);
  });
});
