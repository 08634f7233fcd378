// Proves that a lone UTF-16 surrogate (JSON's "\ud800" with no partner, or a lone low half) in any
// body field, key or query value is a 400 naming the field: never a 500, never a row (where the
// database would have stored U+FFFD), and never in the log with the data around it.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTransactionsQuerySchema } from '@bank/contracts';
import { buildApp, loggerOptions } from '../app';
import { parseWith } from '../lib/errors';
import { openTestAccount } from '../modules/accounts/test-support';
import { systemClock } from '../modules/jobs';
import { closeCheckingLedger } from '../modules/ledger/test-context';
import { createSignedInClient, TEST_PASSWORD, type TestClient } from './clients';
import { capturingMailer, createTestContext, type TestContext } from './harness';
import { SoftwareAuthenticator } from './software-authenticator';

let context: TestContext;
let client: TestClient;
beforeAll(async () => {
  context = await createTestContext();
  client = await createSignedInClient(context);
});
afterAll(() => closeCheckingLedger(context));

const HIGH = 'Ann\ud800 Smith';
const LOW = '\udc00Ann';
const REFUSED = 'validation.text.controlCharacters';

describe('lone surrogates in what clients send', () => {
  it('refuse one in a transfer, in and outside text fields, as a 400 naming the field, and book nothing', async () => {
    const account = await openTestAccount(context, client, 'EUR', '100.00');
    const payee = await openTestAccount(context, await createSignedInClient(context), 'EUR');
    const internal = { type: 'internal', accNumberFrom: account.number, fullName: 'Test Client', accNumberTo: payee.number, transferDate: '2026-11-21', amount: '1', transferCurrency: 'EUR', paymentMethod: 'account' };
    const international = { type: 'international', paymentRegions: 'SWIFT', fromAccount: account.number, amount: '1', recipientDetails: { fullName: 'Ann Smith' } };
    const cases: Array<{ payload: unknown; field: string }> = [
      { payload: { ...international, recipientDetails: { fullName: HIGH } }, field: 'recipientDetails.fullName' },
      { payload: { ...international, recipientDetails: { fullName: LOW } }, field: 'recipientDetails.fullName' },
      { payload: { ...internal, paymentMethod: 'account\ud800' }, field: 'paymentMethod' },
      { payload: { ...internal, reference: 'rent\udfff' }, field: 'reference' },
      { payload: { ...internal, ['x\ud800']: 'y' }, field: 'x\ud800' },
    ];
    for (const { payload, field } of cases) {
      const answer = await context.app.inject({ method: 'POST', url: '/api/transaction/create', headers: client.headers, payload: payload as object });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: REFUSED } });
    }
    // Also as the raw escape a client writes, not only as JSON.stringify spells it.
    const raw = JSON.stringify({ ...internal, paymentMethod: 'PLACEHOLDER' }).replace('PLACEHOLDER', '\\uD800');
    const answer = await context.app.inject({ method: 'POST', url: '/api/transaction/create', headers: { ...client.headers, 'content-type': 'application/json' }, payload: raw });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().fields).toEqual({ paymentMethod: REFUSED });
    const rows = await context.db.selectFrom('statement_rows').select('id').where('client_id', '=', client.id).execute();
    expect(rows).toEqual([]);
  });

  it('refuse one in a passkey’s new name, and keep the old name', async () => {
    const owner = await createSignedInClient(context);
    const authenticator = new SoftwareAuthenticator(new URL(context.config.appUrl).origin);
    const options = await context.app.inject({ method: 'POST', url: '/api/user/passkeys/options', headers: owner.headers, payload: { password: TEST_PASSWORD } });
    expect(options.statusCode, options.body).toBe(200);
    const added = await context.app.inject({ method: 'POST', url: '/api/user/passkeys', headers: owner.headers, payload: { name: 'Laptop', response: authenticator.register(options.json()) } });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ id: string }>().id;
    for (const name of [HIGH, LOW]) {
      const renamed = await context.app.inject({ method: 'PATCH', url: `/api/user/passkeys/${id}`, headers: owner.headers, payload: { name } });
      expect(renamed.statusCode, renamed.body).toBe(400);
      expect(renamed.json().fields).toEqual({ name: REFUSED });
    }
    const list = await context.app.inject({ method: 'GET', url: '/api/user/passkeys', headers: owner.headers });
    expect(list.json().passkeys.map((passkey: { name: string }) => passkey.name)).toEqual(['Laptop']);
  });

  it('refuse one in a query value, which percent-encoding cannot even carry', async () => {
    // A query is percent-encoded UTF-8, which has no bytes for a lone surrogate: the query parser
    // leaves such bytes as their %-text, so they are merely text no account matches, never a 500.
    for (const url of ['/api/transaction/list?accountNumber=%ED%A0%80', '/api/statement?purpose=%ED%B0%80', '/api/statement?purpose=%uD800']) {
      const answer = await context.app.inject({ method: 'GET', url, headers: client.headers });
      expect(answer.statusCode, `${url} ${answer.body}`).toBeLessThan(500);
    }
    // Should a decoder ever hand one over, every query goes through the same rule as bodies.
    expect(() => parseWith(listTransactionsQuerySchema, { accountNumber: '\ud800' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', fields: { accountNumber: REFUSED } }),
    );
  });
});

describe('the log of a refused lone surrogate', () => {
  it('holds the answer, not the value or the data around it', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const app = await buildApp(
      { ...context.deps, mailer: capturingMailer([]), clock: systemClock('UTC') },
      { logger: false, webDist: null, loggerInstance: pino({ ...(loggerOptions('debug') as pino.LoggerOptions) }, stream) },
    );
    const raw = '{"type":"international","paymentRegions":"SWIFT","amount":"1","recipientDetails":{"fullName":"Neighbour-secret-value \\ud800"}}';
    const answer = await app.inject({ method: 'POST', url: '/api/transaction/create', headers: { ...client.headers, 'content-type': 'application/json' }, payload: raw });
    await app.close();
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().fields).toEqual({ 'recipientDetails.fullName': REFUSED });
    const log = lines.join('\n');
    expect(log).toContain('"statusCode":400');
    expect(log).not.toContain('Neighbour-secret-value');
    expect(log.toLowerCase()).not.toContain('\\ud800');
    expect(log).not.toContain('\ud800');
    expect(log).not.toContain('\ufffd');
  });
});
