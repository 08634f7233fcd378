// Proves money submissions are safe to retry: the same key is sent again only while the outcome is
// unknown (no answer, 5xx), a known answer ends the submission, and another body gets a new key.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endedTheSession, SubmissionKeys, submitMoneyMovement, submitTransaction, submitWithKey } from './submitTransaction';

const payload = { type: 'internal', accNumberFrom: '4070000000000158', accNumberTo: '4070000000000255', amount: '10.00' } as const;

interface Call {
  path: string;
  key: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

let calls: Call[];
let answers: Array<() => Response>;

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal('window', { location: { origin: 'http://bank.test' } });
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    calls.push({ path: url.pathname, key: headers['idempotency-key'], authorization: headers.authorization, body: JSON.parse(String(init.body)) });
    const next = answers.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next();
  });
});
afterEach(() => vi.unstubAllGlobals());

const created = () => new Response('"Created"', { status: 200 });
const unavailable = () => new Response(JSON.stringify({ code: 'UNAVAILABLE', message: 'Service unavailable' }), { status: 503 });
const insufficient = () => new Response(JSON.stringify({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds' }), { status: 422 });

describe('submitTransaction', () => {
  it('sends the bearer token and one key, and succeeds only on "Created"', async () => {
    answers.push(created);
    const outcome = await submitTransaction(payload, 'token-1', new SubmissionKeys(() => 'key-00000001'), { retryDelayMs: 0 });
    expect(outcome).toEqual({ ok: true });
    expect(calls).toEqual([{ path: '/api/transaction/create', key: 'key-00000001', authorization: 'Bearer token-1', body: payload }]);
  });

  it('retries with the same key while the answer is lost or 5xx', async () => {
    answers.push(unavailable, () => Promise.reject(new TypeError('offline')) as never, created);
    const outcome = await submitTransaction(payload, 'token-1', new SubmissionKeys(), { retryDelayMs: 0 });
    expect(outcome).toEqual({ ok: true });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => call.key)).size).toBe(1);
  });

  it('stops at a known failure and reports its body', async () => {
    answers.push(insufficient);
    const outcome = await submitTransaction(payload, 'token-1', new SubmissionKeys(), { retryDelayMs: 0 });
    expect(outcome).toEqual({ ok: false, status: 422, body: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds' } });
    expect(calls).toHaveLength(1);
  });

  it('tells an ended session apart from other failures', async () => {
    answers.push(() => new Response(JSON.stringify({ code: 'INVALID_AUTHORIZATION', message: 'Invalid authorization data' }), { status: 401 }));
    const outcome = await submitTransaction(payload, 'stale', new SubmissionKeys(), { retryDelayMs: 0 });
    expect(endedTheSession(outcome)).toBe(true);
    answers.push(insufficient);
    expect(endedTheSession(await submitTransaction(payload, 'token-1', new SubmissionKeys(), { retryDelayMs: 0 }))).toBe(false);
  });

  it('treats any answer other than "Created" as a failure', async () => {
    answers.push(() => new Response('"Done"', { status: 200 }));
    expect(await submitTransaction(payload, 'token-1', new SubmissionKeys(), { retryDelayMs: 0 })).toEqual({ ok: false, status: 200, body: null });
  });

  it("reuses the key when the client sends the same body again after an unknown outcome, never after a known one", async () => {
    let serial = 0;
    const keys = new SubmissionKeys(() => `key-0000000${++serial}`);
    answers.push(unavailable, unavailable);
    expect((await submitTransaction(payload, 'token-1', keys, { attempts: 2, retryDelayMs: 0 })).ok).toBe(false);
    answers.push(created);
    expect(await submitTransaction(payload, 'token-1', keys, { retryDelayMs: 0 })).toEqual({ ok: true });
    expect(calls.map((call) => call.key)).toEqual(['key-00000001', 'key-00000001', 'key-00000001']);

    answers.push(created);
    await submitTransaction(payload, 'token-1', keys, { retryDelayMs: 0 });
    answers.push(insufficient, created);
    await submitTransaction({ ...payload, amount: '20.00' }, 'token-1', keys, { retryDelayMs: 0 });
    await submitTransaction({ ...payload, amount: '20.00' }, 'token-1', keys, { retryDelayMs: 0 });
    expect(calls.slice(3).map((call) => call.key)).toEqual(['key-00000002', 'key-00000003', 'key-00000004']);
  });

  it('sends a crypto transfer to its own path with the same key rules', async () => {
    const transfer = { type: 'crypto', fromWallet: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', recipient: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: '0.015', currency: 'BTC' };
    answers.push(unavailable, created);
    const outcome = await submitMoneyMovement('crypto-transaction/create', transfer, 'token-1', new SubmissionKeys(() => 'key-crypto-1'), { retryDelayMs: 0 });
    expect(outcome).toEqual({ ok: true });
    expect(calls.map((call) => [call.path, call.key])).toEqual([
      ['/api/crypto-transaction/create', 'key-crypto-1'],
      ['/api/crypto-transaction/create', 'key-crypto-1'],
    ]);
  });
});

describe('submitWithKey', () => {
  it("answers what the bank returned, after retrying with the same key while the outcome was unknown", async () => {
    const opened = { id: 'd-1', number: '4270000000000011', status: 'Active' };
    answers.push(unavailable, () => new Response(JSON.stringify(opened), { status: 200 }));
    const result = await submitWithKey<typeof opened>('deposit/create', { amount: '10000.00' }, 'token-1', new SubmissionKeys(() => 'key-deposit-1'), { retryDelayMs: 0 });
    expect(result).toEqual({ outcome: { ok: true }, answer: opened });
    expect(calls.map((call) => [call.path, call.key])).toEqual([
      ['/api/deposit/create', 'key-deposit-1'],
      ['/api/deposit/create', 'key-deposit-1'],
    ]);
  });

  it('answers nothing on a known refusal, and reports it', async () => {
    answers.push(insufficient);
    const result = await submitWithKey('deposit/create', { amount: '10000.00' }, 'token-1', new SubmissionKeys(), { retryDelayMs: 0 });
    expect(result).toEqual({ outcome: { ok: false, status: 422, body: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds' } }, answer: null });
    expect(calls).toHaveLength(1);
  });
});
