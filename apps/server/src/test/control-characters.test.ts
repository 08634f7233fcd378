// Proves the one rule for control characters at every door: a NUL (or another control character a
// person never types) in any body field, nested field or query parameter is a 400 naming the field,
// never a 500 from PostgreSQL, a CSV cut off mid-stream, or a row written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestAccount } from '../modules/accounts/test-support';
import { openTestWallet } from '../modules/crypto/test-support';
import { closeCheckingLedger } from '../modules/ledger/test-context';
import { createSignedInClient } from './clients';
import { createTestContext, type TestContext } from './harness';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => closeCheckingLedger(context));

const NUL = 'a\u0000b';

describe('control characters in what clients send', () => {
  it('refuse NUL in every text of a body, as a 400 naming the field', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '100.00');
    const payee = await openTestAccount(context, await createSignedInClient(context), 'EUR');
    const wallet = await openTestWallet(context, client, 'BTC', '1');
    const cases: Array<{ url: string; payload: Record<string, unknown>; field: string; token?: boolean }> = [
      { url: '/api/transaction/create', payload: { type: 'internal', accNumberFrom: account.number, accNumberTo: payee.number, amount: '1', reference: NUL }, field: 'reference' },
      {
        url: '/api/transaction/create',
        payload: { type: 'international', paymentRegions: 'SWIFT', fromAccount: account.number, amount: '1', recipientDetails: { fullName: 'Ann\u001bB' } },
        field: 'recipientDetails.fullName',
      },
      { url: '/api/crypto-transaction/create', payload: { type: 'crypto', fromWallet: wallet.number, recipient: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: '0.1', currency: 'BTC', reference: NUL }, field: 'reference' },
      { url: '/api/mailer/sendContactFormData', payload: { name: 'Ann', email: 'ann@example.com', phone: '+44 7700 900123', message: NUL }, field: 'message', token: false },
      { url: '/api/kyc/create', payload: { firstName: NUL, lastName: 'B', sourcesOfWealth: ['salary\u007f'] }, field: 'firstName' },
      { url: '/api/registrations', payload: { email: 'x@example.com', phone: '+44 7700 900124', password: 'Pass\u0000word2024', accountType: 'personal', type: 'personal' }, field: 'password', token: false },
      { url: '/api/login/list', payload: { email: `x${NUL}@example.com`, password: 'x' }, field: 'email', token: false },
    ];
    for (const { url, payload, field, token } of cases) {
      const answer = await context.app.inject({ method: 'POST', url, headers: token === false ? {} : client.headers, payload });
      expect(answer.statusCode, `${url} ${answer.body}`).toBe(400);
      expect(answer.json().fields, url).toEqual({ [field]: 'validation.text.controlCharacters' });
    }
    const rows = await context.db.selectFrom('statement_rows').select('id').where('client_id', '=', client.id).execute();
    expect(rows).toEqual([]);
  });

  it('refuse NUL in every query parameter, the statement CSV included', async () => {
    const client = await createSignedInClient(context);
    for (const url of [
      `/api/statement?purpose=${encodeURIComponent(NUL)}`,
      `/api/statement?recipient=${encodeURIComponent(NUL)}&format=csv`,
      `/api/statement?templateName=${encodeURIComponent(NUL)}&format=csv`,
      `/api/transaction/list?accountNumber=${encodeURIComponent(NUL)}`,
      `/api/crypto-transaction/list?wallet=${encodeURIComponent(NUL)}`,
      `/api/exchange/rate?from=EUR&to=USD&amount=${encodeURIComponent('1\u0000')}`,
    ]) {
      const answer = await context.app.inject({ method: 'GET', url, headers: client.headers });
      expect(answer.statusCode, `${url} ${answer.body}`).toBe(400);
      expect(Object.values(answer.json().fields), url).toEqual(['validation.text.controlCharacters']);
    }
  });

  it('still accepts tabs and line breaks where people type them, and every alphabet', async () => {
    const answer = await context.app.inject({
      method: 'POST',
      url: '/api/mailer/sendContactFormData',
      payload: { name: 'Анна Петрова', email: 'anna@example.com', phone: '+44 7700 900125', message: 'Здравствуйте!\r\n\tВопрос о счёте — 💶' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  });
});
