// Proves the cards' issuing and data keeping (docs/cards.md): numbers are MasterCard's, Luhn-valid and
// unique, sealed under CARD_DATA_KEY and found by a keyed hash through its rotation; the CVC is derived,
// never stored. An identified client orders a card on a USD account with an Idempotency-Key and pays its
// fee as a row of its own (EUR first, else the card account's equivalent, else a 422); lists it masked;
// reveals it behind the step-up, 5 times an hour, never logged; freezes, limits, replaces and activates it;
// and another client's card is a 404.
import { randomUUID } from 'node:crypto';
import type { Card, ListCardsResponse, OrderCardResponse, RevealedCard } from '@bank/contracts/cards/cards';
import type { TransactionRecord } from '@bank/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretRing } from '../../lib/crypto';
import { createSignedInClient, TEST_PASSWORD, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator, type TestOperator } from '../../test/operators';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { bankToday } from '../jobs';
import { closeCheckingLedger } from '../ledger/test-context';
import { BANK_BIN, cvcOf, isLuhnValid, isMastercardPrefix, luhnCheckDigit, newPan, openPan, panHash, panHashCandidates, sealPan } from './card-data';
import { CARD_REVEALS } from './reveal';

describe('card numbers', () => {
  it('are MasterCard numbers of the bank: 16 digits, the BIN, Luhn-valid, and drawn apart', () => {
    expect(isLuhnValid('5555555555554444')).toBe(true);
    expect(isLuhnValid('5555555555554443')).toBe(false);
    expect(luhnCheckDigit('555555555555444')).toBe('4');
    const drawn = new Set<string>();
    for (let index = 0; index < 2000; index += 1) {
      const pan = newPan();
      expect(pan).toMatch(/^\d{16}$/);
      expect(pan.startsWith(BANK_BIN) && isMastercardPrefix(pan) && isLuhnValid(pan)).toBe(true);
      drawn.add(pan);
    }
    expect(drawn.size).toBe(2000);
    expect(isMastercardPrefix('2221000000000009') && isMastercardPrefix('2720990000000000') && !isMastercardPrefix('4111111111111111')).toBe(true);
  });

  it('are sealed and hashed under the card data key, and still read and found under the previous one while it rotates', () => {
    const old = secretRing('an-old-card-data-key-of-32-characters-or-more');
    const rotated = secretRing('a-new-card-data-key-of-32-characters-or-more!', old.current);
    const pan = newPan();
    const sealed = sealPan(pan, old);
    expect(sealed).not.toContain(pan);
    expect(openPan(sealed, old)).toBe(pan);
    expect(openPan(sealed, rotated)).toBe(pan);
    expect(openPan(sealed, secretRing('another-card-data-key-of-32-characters-long'))).toBeNull();
    expect(panHashCandidates(pan, rotated)).toContain(panHash(pan, old));
    expect(panHash(pan, rotated)).not.toBe(panHash(pan, old));
  });

  it('give a CVC derived from the number and the expiry, the same each time', () => {
    const pan = newPan();
    const cvc = cvcOf(pan, 12, 2031, 'a-card-verification-key-of-32-characters');
    expect(cvc).toMatch(/^\d{3}$/);
    expect(cvcOf(pan, 12, 2031, 'a-card-verification-key-of-32-characters')).toBe(cvc);
    const others = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((month) => cvcOf(pan, month, 2031, 'a-card-verification-key-of-32-characters')));
    expect(others.size).toBeGreaterThan(5);
  });
});

describe('a client\'s cards', () => {
  let context: TestContext;
  let client: TestClient;
  let usd: string;
  let eur: string;
  let virtual: Card;
  beforeAll(async () => {
    context = await createTestContext();
    client = await createSignedInClient(context, { firstName: 'Lena' });
    usd = (await openTestAccount(context, client, 'USD', '2000.00')).number;
    eur = (await openTestAccount(context, client, 'EUR', '500.00')).number;
  });
  afterAll(() => closeCheckingLedger(context));

  const call = (who: TestClient, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    context.app.inject({ method, url: `/api/${url}`, headers: { ...who.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const order = (who: TestClient, payload: unknown, key = randomUUID()) => call(who, 'POST', 'cards', payload, { 'idempotency-key': key });
  const feeRows = async (who: TestClient) =>
    (await call(who, 'GET', 'transaction/list')).json<TransactionRecord[]>().filter((row) => row.purpose?.endsWith('card issue'));

  it('orders a virtual card on the USD account: Active at once, masked, 5 years, its 300 EUR fee a row of its own, once per key', async () => {
    const key = randomUUID();
    const ordered = await order(client, { type: 'virtual', accountNumber: usd }, key);
    expect(ordered.statusCode, ordered.body).toBe(200);
    const answer = ordered.json<OrderCardResponse>();
    virtual = answer.card;
    const [year, month] = bankToday(context.deps.clock).split('-');
    expect(virtual).toMatchObject({
      type: 'virtual', brand: 'MasterCard', currency: 'USD', status: 'Active', accountNumber: usd,
      maskedNumber: `•••• ${virtual.last4}`, expiry: `${month}/${String(Number(year) + 5).slice(2)}`,
      limits: { perTransaction: '5000.00', monthly: '20000.00', online: true, countriesBlocked: [] },
    });
    expect(answer.fee).toMatchObject({ amount: '300.00', currency: 'EUR' });
    expect((await listedAccount(context, client, eur)).balance).toBe('200.00');
    const replay = await order(client, { type: 'virtual', accountNumber: usd }, key);
    expect(replay.json<OrderCardResponse>().card.id).toBe(virtual.id);
    expect((await call(client, 'GET', 'cards')).json<ListCardsResponse>().cards).toHaveLength(1);
    expect((await feeRows(client)).map((row) => [row.amount, row.currency, row.direction, row.purpose])).toEqual([['300.00', 'EUR', 'OUT', 'Virtual card issue']]);
  });

  it('pays a physical card\'s 400 EUR from the card account when the EUR account cannot, and refuses when neither can', async () => {
    const noAddress = await order(client, { type: 'physical', accountNumber: usd });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().fields).toMatchObject({ deliveryAddress: 'validation.required' });
    const address = { line1: 'Abay Avenue 12', city: 'Almaty', postalCode: '050000', country: 'kz' };
    const physical = await order(client, { type: 'physical', accountNumber: usd, deliveryAddress: address });
    expect(physical.statusCode, physical.body).toBe(200);
    expect(physical.json<OrderCardResponse>()).toMatchObject({ card: { type: 'physical', status: 'Ordered', deliveryAddress: { ...address, country: 'KZ' } }, fee: { currency: 'USD' } });
    expect((await listedAccount(context, client, eur)).balance).toBe('200.00');
    const poor = await createSignedInClient(context);
    const poorUsd = (await openTestAccount(context, poor, 'USD', '10.00')).number;
    const refused = await order(poor, { type: 'virtual', accountNumber: poorUsd });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', details: { fee: '300.00', currency: 'EUR' } });
    expect((await call(poor, 'GET', 'cards')).json<ListCardsResponse>().cards).toEqual([]);
  });

  it('takes a USD account of the client only, and an identified client only', async () => {
    expect((await order(client, { type: 'virtual', accountNumber: eur })).json().fields).toEqual({ accountNumber: 'validation.accountNumber.notUsd' });
    const other = await createSignedInClient(context);
    const otherUsd = (await openTestAccount(context, other, 'USD')).number;
    expect((await order(client, { type: 'virtual', accountNumber: otherUsd })).statusCode).toBe(404);
    const unidentified = await createSignedInClient(context, { kycStatus: null });
    expect((await order(unidentified, { type: 'virtual', accountNumber: otherUsd })).statusCode).toBe(403);
  });

  it('reveals the number, expiry and CVC behind the password, no-store, audited without the number, 5 times an hour', async () => {
    const wrong = await call(client, 'POST', `cards/${virtual.id}/reveal`, { password: 'NotThePassword1' });
    expect(wrong.statusCode).toBe(400);
    const revealed = await call(client, 'POST', `cards/${virtual.id}/reveal`, { password: TEST_PASSWORD });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.headers['cache-control']).toBe('no-store');
    const details = revealed.json<RevealedCard>();
    expect(isLuhnValid(details.number) && details.number.endsWith(virtual.last4)).toBe(true);
    expect(details.expiry).toBe(virtual.expiry);
    const [month, year] = details.expiry.split('/').map(Number) as [number, number];
    expect(details.cvc).toBe(cvcOf(details.number, month, 2000 + year, context.deps.config.cards.verificationKey));
    const { rows } = await sql<{ hits: string }>`select count(*)::text as hits from audit_log where after::text like ${`%${details.number}%`} or before::text like ${`%${details.number}%`}`.execute(context.db);
    expect(rows[0]!.hits).toBe('0');
    const stored = await context.db.selectFrom('cards').select(['pan_sealed', 'pan_hash']).where('id', '=', virtual.id).executeTakeFirstOrThrow();
    expect(`${stored.pan_sealed}${stored.pan_hash}`).not.toContain(details.number);
    expect((await context.db.selectFrom('audit_log').select('action').where('subject_id', '=', virtual.id).where('action', '=', 'card.revealed').execute()).length).toBe(1);
    for (let reveal = 2; reveal <= 5; reveal += 1) expect((await call(client, 'POST', `cards/${virtual.id}/reveal`, { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await call(client, 'POST', `cards/${virtual.id}/reveal`, { password: TEST_PASSWORD })).statusCode).toBe(429);
    await context.db.deleteFrom('auth_counters').where('bucket', '=', CARD_REVEALS.bucket).execute();
  });

  it('is frozen and back, limited, replaced (the old one Blocked at once) and activated by its holder; another client\'s is a 404', async () => {
    expect((await call(client, 'POST', `cards/${virtual.id}/freeze`)).json<Card>().status).toBe('Frozen');
    expect((await call(client, 'POST', `cards/${virtual.id}/freeze`)).statusCode).toBe(409);
    expect((await call(client, 'POST', `cards/${virtual.id}/unfreeze`)).json<Card>().status).toBe('Active');
    const limited = await call(client, 'PATCH', `cards/${virtual.id}/limits`, { perTransaction: '250', online: false, countriesBlocked: ['ru', 'BY'] });
    expect(limited.json<Card>().limits).toEqual({ perTransaction: '250.00', monthly: '20000.00', online: false, countriesBlocked: ['BY', 'RU'] });
    expect((await call(client, 'PATCH', `cards/${virtual.id}/limits`, { monthly: '100' })).json().fields).toEqual({ monthly: 'validation.cardLimit.belowPerTransaction' });
    expect((await call(client, 'PATCH', `cards/${virtual.id}/limits`, { perTransaction: '60000' })).json().fields).toEqual({ perTransaction: 'validation.cardLimit.tooHigh' });

    const stranger = await createSignedInClient(context);
    for (const [method, url] of [['POST', 'freeze'], ['POST', 'reveal'], ['PATCH', 'limits'], ['POST', 'replace']] as const) {
      const answer = await call(stranger, method, `cards/${virtual.id}/${url}`, url === 'reveal' ? { password: TEST_PASSWORD } : url === 'replace' ? { reason: 'lost' } : {});
      expect(answer.statusCode, url).toBe(404);
    }

    const replacement = (await call(client, 'POST', `cards/${virtual.id}/replace`, { reason: 'stolen' })).json<Card>();
    expect(replacement).toMatchObject({ status: 'Active', replaces: virtual.id, limits: { perTransaction: '250.00', online: false } });
    const cards = (await call(client, 'GET', 'cards')).json<ListCardsResponse>().cards;
    expect(cards.find((card) => card.id === virtual.id)!.status).toBe('Blocked');
    expect((await call(client, 'POST', `cards/${virtual.id}/unfreeze`)).statusCode).toBe(409);

    const physical = cards.find((card) => card.type === 'physical')!;
    expect((await call(client, 'POST', `cards/${physical.id}/activate`, { last4: physical.last4 })).statusCode).toBe(409);
    await context.db.updateTable('cards').set({ status: 'Shipped' }).where('id', '=', physical.id).execute();
    const wrongDigits = physical.last4 === '0000' ? '1111' : '0000';
    expect((await call(client, 'POST', `cards/${physical.id}/activate`, { last4: wrongDigits })).json().fields).toEqual({ last4: 'validation.last4.wrong' });
    expect((await call(client, 'POST', `cards/${physical.id}/activate`, { last4: physical.last4 })).json<Card>().status).toBe('Active');
  });
  it('shows operators of payments a client\'s cards with the last four digits at most, and lets them block one and move a physical card to Produced, then Shipped', async () => {
    const payments = await createSignedInOperator(context, ['payments']);
    const compliance = await createSignedInOperator(context, ['compliance']);
    const asOperator = (operator: TestOperator, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      context.app.inject({ method, url: `/api/backoffice/${url}`, headers: operator.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    expect((await asOperator(compliance, 'GET', `clients/${client.id}/cards`)).statusCode).toBe(403);
    const listed = await asOperator(payments, 'GET', `clients/${client.id}/cards`);
    expect(listed.statusCode, listed.body).toBe(200);
    const revealed = await call(client, 'POST', `cards/${(await call(client, 'GET', 'cards')).json<ListCardsResponse>().cards[0]!.id}/reveal`, { password: TEST_PASSWORD });
    expect(listed.body).not.toContain(revealed.json<RevealedCard>().number);
    const { cards } = listed.json<{ cards: Array<Card & { blockedReason: string | null }> }>();
    expect(cards.find((card) => card.id === virtual.id)).toMatchObject({ status: 'Blocked', blockedReason: 'stolen' });

    const ordered = (await order(client, { type: 'physical', accountNumber: usd, deliveryAddress: { line1: 'Tole Bi 5', city: 'Almaty', postalCode: '050000', country: 'KZ' } })).json<OrderCardResponse>().card;
    expect((await asOperator(payments, 'POST', `cards/${ordered.id}/status`, { status: 'Shipped' })).statusCode).toBe(409);
    expect((await asOperator(payments, 'POST', `cards/${ordered.id}/status`, { status: 'Produced' })).statusCode).toBe(204);
    expect((await asOperator(payments, 'POST', `cards/${ordered.id}/status`, { status: 'Shipped' })).statusCode).toBe(204);
    expect((await call(client, 'GET', 'cards')).json<ListCardsResponse>().cards.find((card) => card.id === ordered.id)!.status).toBe('Shipped');
    expect((await asOperator(payments, 'POST', `cards/${ordered.id}/block`, { reason: 'Fraud suspected' })).statusCode).toBe(204);
    expect((await asOperator(payments, 'POST', `cards/${ordered.id}/block`, { reason: 'Again' })).statusCode).toBe(409);
    expect((await call(client, 'POST', `cards/${ordered.id}/activate`, { last4: ordered.last4 })).statusCode).toBe(409);
    const audit = await context.db.selectFrom('audit_log').select(['action', 'actor_id']).where('subject_id', '=', ordered.id).where('actor_type', '=', 'operator').where('action', 'like', 'card.%').orderBy('id').execute();
    expect(audit.map((row) => row.action)).toEqual(['card.produced', 'card.shipped', 'card.blockedByBank']);
    await context.db.deleteFrom('auth_counters').where('bucket', '=', CARD_REVEALS.bucket).execute();
  });
});
