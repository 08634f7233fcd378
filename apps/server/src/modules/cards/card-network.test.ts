// Proves the card network's side (docs/cards.md#the-card-network): only signed, fresh calls are heard
// (the rest are 401s, audited); a messageId answers once; an authorisation is approved with a hold in
// USD (converted with the spread, its rate kept) and a pending "Card" row at once, or declined with each
// of the nine reasons; a clearing books the hold once (lower, or up to 15 % higher for restaurants); a
// reversal and the 7-day expiry release it; a refund credits the account; two authorisations racing for
// the last dollars never both pass; and no full number reaches a row of the audit trail or a log.
import { randomUUID } from 'node:crypto';
import type { Card } from '@bank/contracts/cards/cards';
import { cardNetworkSignature, signCardNetworkMessage, type AuthorizationResponse, type SettlementResponse } from '@bank/contracts/cards/network';
import { amountToSellMinor, decimalToMinor, formatMinor, type TransactionRecord } from '@bank/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, jobContextOf, type TestContext } from '../../test/harness';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { fixedClock } from '../jobs';
import { closeCheckingLedger } from '../ledger/test-context';
import { expireAuthorizations } from './authorization-expiry';
import { CAFE_CENTRAL, orderTestCard, sendToCardNetwork } from './test-support';

describe('the card network', () => {
  let context: TestContext;
  let client: TestClient;
  let usd: string;
  let card: Card;
  let pan: string;
  let cvc: string;
  beforeAll(async () => {
    context = await createTestContext();
    client = await createSignedInClient(context, { firstName: 'Mira' });
    usd = (await openTestAccount(context, client, 'USD', '1300.00')).number;
    // The card's fee is paid from the EUR account, so the USD account starts whole.
    await openTestAccount(context, client, 'EUR', '300.00');
    ({ card, pan, cvc } = await orderTestCard(context, client, usd));
  });
  afterAll(() => closeCheckingLedger(context));

  const secret = () => context.deps.config.cards.networkSecret;
  const send = (path: 'authorizations' | 'clearings' | 'reversals' | 'refunds', message: object, headers?: Record<string, string>) => sendToCardNetwork(context, path, message, headers);
  const merchant = CAFE_CENTRAL;
  const purchase = (overrides: Record<string, unknown> = {}) => ({
    messageId: randomUUID(), pan, expiry: card.expiry, cvc, amount: '100.00', currency: 'USD', merchant: { ...merchant, mcc: '5411' }, channel: 'pos', ...overrides,
  });
  const authorize = async (overrides: Record<string, unknown> = {}) => {
    const answer = await send('authorizations', purchase(overrides));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<AuthorizationResponse>();
  };
  const settle = async (path: 'clearings' | 'reversals' | 'refunds', message: object) => {
    const answer = await send(path, { messageId: randomUUID(), ...message });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<SettlementResponse>();
  };
  const balance = async () => listedAccount(context, client, usd);
  const cardRows = async () =>
    (await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers })).json<TransactionRecord[]>().filter((row) => row.transactionType === 'Card');

  it('hears only calls signed with the shared secret within 5 minutes, and audits the rest', async () => {
    const message = purchase();
    const body = JSON.stringify(message);
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      {},
      { 'card-network-timestamp': String(now), 'card-network-signature': cardNetworkSignature('another-secret-of-thirty-two-characters', String(now), body) },
      // Well outside the 5 minutes: a second's margin was within a slow machine's time to answer.
      signCardNetworkMessage(secret(), body, now - 400),
      signCardNetworkMessage(secret(), body, now + 400),
      { 'card-network-timestamp': String(now), 'card-network-signature': cardNetworkSignature(secret(), String(now), `${body} `) },
    ];
    for (const headers of refused) {
      const answer = await send('authorizations', message, headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(401);
    }
    const audited = await context.db.selectFrom('audit_log').select('after').where('action', '=', 'cardNetwork.refused').execute();
    expect(audited.map((row) => (row.after as { reason: string }).reason).sort()).toEqual(['badSignature', 'badSignature', 'stale', 'stale', 'unsigned']);
    expect(await context.db.selectFrom('card_authorizations').select('id').where('message_id', '=', message.messageId).execute()).toEqual([]);
  });

  it('approves a payment with a hold and a pending Card row at once, and answers a repeated message as the first time', async () => {
    const message = purchase({ amount: '100.00' });
    const first = await send('authorizations', message);
    const approved = first.json<AuthorizationResponse>();
    expect(approved).toMatchObject({ approved: true, amount: '100.00', currency: 'USD' });
    expect(await balance()).toMatchObject({ bookedBalance: '1300.00', balance: '1200.00' });
    const again = await send('authorizations', message);
    expect(again.json()).toEqual(approved);
    expect(await balance()).toMatchObject({ balance: '1200.00' });
    const reused = await send('authorizations', { ...message, amount: '1.00' });
    expect(reused.statusCode).toBe(409);
    const [row] = await cardRows();
    expect(row).toMatchObject({ transactionType: 'Card', transactionStatus: 'New', direction: 'OUT', amount: '100.00', currency: 'USD', recipient: 'Café Central' });
    expect(row!.purpose).toBe(`•••• ${card.last4} · Café Central, Vienna, AT`);

    // Cleared lower than authorised: booked once, as cleared; a second clearing is refused.
    if (!approved.approved) throw new Error('not approved');
    const cleared = await settle('clearings', { authorizationId: approved.authorizationId, amount: '80.00', currency: 'USD' });
    expect(cleared).toMatchObject({ accepted: true, amount: '80.00', currency: 'USD' });
    expect(await balance()).toMatchObject({ bookedBalance: '1220.00', balance: '1220.00' });
    expect(await settle('clearings', { authorizationId: approved.authorizationId, amount: '80.00', currency: 'USD' })).toEqual({ accepted: false, reason: 'authorization_cleared' });
    expect(await settle('reversals', { authorizationId: approved.authorizationId })).toEqual({ accepted: false, reason: 'authorization_cleared' });
    const [booked] = await cardRows();
    expect(booked).toMatchObject({ transactionStatus: 'Approved', amount: '80.00', balance: '1220.00' });
    // That was the one move of an amount the database allows: a booked one, or any other kind's, stays as written.
    await expect(sql`update operations set amount = amount + 1 where kind in ('card', 'fee')`.execute(context.db)).rejects.toThrow(/was fixed when it was made/);
    await expect(sql`update statement_rows set amount = amount + 1 where transaction_type = 'Card'`.execute(context.db)).rejects.toThrow(/was fixed when it was made/);
  });

  it('converts another currency with the spread, keeps the rate, and lets a restaurant clear up to 15 % more', async () => {
    const approved = await authorize({ amount: '50.00', currency: 'EUR', merchant });
    if (!approved.approved) throw new Error(JSON.stringify(approved));
    const stored = await context.db.selectFrom('card_authorizations').selectAll().where('id', '=', approved.authorizationId).executeTakeFirstOrThrow();
    expect(stored.rate).toMatch(/^\d+(\.\d+)?$/);
    const held = amountToSellMinor(5000n, 'USD', 'EUR', stored.rate!);
    expect(approved.amount).toBe(formatMinor(held, 'USD'));
    expect(decimalToMinor(stored.held_usd!, 'USD')).toBe(held);
    expect(await settle('clearings', { authorizationId: approved.authorizationId, amount: '57.51', currency: 'EUR' })).toEqual({ accepted: false, reason: 'amount_above_authorization' });
    expect(await settle('clearings', { authorizationId: approved.authorizationId, amount: '50.00', currency: 'USD' })).toEqual({ accepted: false, reason: 'currency_mismatch' });
    const before = await balance();
    const tipped = await settle('clearings', { authorizationId: approved.authorizationId, amount: '57.50', currency: 'EUR' });
    const tippedUsd = amountToSellMinor(5750n, 'USD', 'EUR', stored.rate!);
    expect(tipped).toMatchObject({ accepted: true, amount: formatMinor(tippedUsd, 'USD') });
    expect(decimalToMinor((await balance()).bookedBalance, 'USD')).toBe(decimalToMinor(before.bookedBalance, 'USD') - tippedUsd);
    // A shop is not a restaurant: no more than authorised.
    const shop = await authorize({ amount: '10.00' });
    if (!shop.approved) throw new Error('not approved');
    expect(await settle('clearings', { authorizationId: shop.authorizationId, amount: '10.01', currency: 'USD' })).toEqual({ accepted: false, reason: 'amount_above_authorization' });
    expect(await settle('reversals', { authorizationId: shop.authorizationId })).toMatchObject({ accepted: true, amount: '10.00' });
  });

  it('releases a reversed hold and an expired one, and credits a refund', async () => {
    const start = await balance();
    const reversed = await authorize({ amount: '20.00' });
    if (!reversed.approved) throw new Error('not approved');
    expect(await settle('reversals', { authorizationId: reversed.authorizationId })).toMatchObject({ accepted: true });
    expect(await balance()).toEqual(start);
    const statusOf = async (id: string) => (await context.db.selectFrom('card_authorizations').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(await statusOf(reversed.authorizationId)).toBe('Reversed');

    const forgotten = await authorize({ amount: '30.00' });
    if (!forgotten.approved) throw new Error('not approved');
    expect((await balance()).balance).not.toBe(start.balance);
    expect(await expireAuthorizations(jobContextOf(context))).toBe(0);
    const later = fixedClock(new Date(Date.now() + 7 * 24 * 3600 * 1000 + 60_000));
    expect(await expireAuthorizations(jobContextOf(context, later))).toBe(1);
    expect(await expireAuthorizations(jobContextOf(context, later))).toBe(0);
    expect(await statusOf(forgotten.authorizationId)).toBe('Expired');
    expect(await balance()).toEqual(start);
    const statuses = (await cardRows()).map((row) => row.transactionStatus);
    expect(statuses).toContain('Canceled');
    expect(statuses).toContain('Expired');

    const refunded = await settle('refunds', { pan, amount: '15.00', currency: 'USD', merchant });
    expect(refunded).toMatchObject({ accepted: true, amount: '15.00' });
    expect(decimalToMinor((await balance()).bookedBalance, 'USD')).toBe(decimalToMinor(start.bookedBalance, 'USD') + 1500n);
    expect((await cardRows())[0]).toMatchObject({ direction: 'IN', amount: '15.00', transactionStatus: 'Approved', recipient: 'Café Central' });
    expect(await settle('refunds', { pan: '5319720000000000', amount: '15.00', currency: 'USD', merchant })).toEqual({ accepted: false, reason: 'unknown_card' });
  });

  it('declines with each of the nine reasons, and records every decline', async () => {
    const decline = async (overrides: Record<string, unknown>) => {
      const answer = await authorize(overrides);
      expect(answer.approved, JSON.stringify(overrides)).toBe(false);
      return answer.approved ? null : answer.reason;
    };
    const call = (method: 'POST' | 'PATCH', url: string, payload?: object) => context.app.inject({ method, url: `/api/cards/${card.id}/${url}`, headers: client.headers, ...(payload ? { payload } : {}) });
    expect(await decline({ pan: '5319720000000018' })).toBe('unknown_card');
    expect(await decline({ expiry: '01/20' })).toBe('unknown_card');
    expect(await decline({ cvc: cvc === '000' ? '001' : '000' })).toBe('wrong_cvc');
    expect(await decline({ amount: '100000.00' })).toBe('limit_exceeded');
    expect(await decline({ amount: '1250.00' })).toBe('insufficient_funds');
    expect((await call('PATCH', 'limits', { online: false, countriesBlocked: ['RU'], perTransaction: '500.00', monthly: '600.00' })).statusCode).toBe(200);
    expect(await decline({ channel: 'online' })).toBe('channel_blocked');
    expect(await decline({ merchant: { ...merchant, country: 'RU' } })).toBe('country_blocked');
    expect(await decline({ amount: '500.01' })).toBe('limit_exceeded');
    // The month's approvals count against the monthly limit: what is cleared and what is held.
    expect(await decline({ amount: '480.00' })).toBe('limit_exceeded');
    expect((await call('POST', 'freeze')).statusCode).toBe(200);
    expect(await decline({})).toBe('card_frozen');
    expect((await call('POST', 'unfreeze')).statusCode).toBe(200);
    await context.db.updateTable('cards').set({ expiry_year: 2025 }).where('id', '=', card.id).execute();
    expect(await decline({ expiry: `${card.expiry.slice(0, 3)}25` })).toBe('card_expired');
    await context.db.updateTable('cards').set({ expiry_year: Number(`20${card.expiry.slice(3)}`) }).where('id', '=', card.id).execute();
    expect((await call('POST', 'replace', { reason: 'lost' })).statusCode).toBe(200);
    expect(await decline({})).toBe('card_blocked');
    const { rows } = await sql<{ reason: string }>`select distinct decline_reason as reason from card_authorizations where status = 'Declined' order by 1`.execute(context.db);
    expect(rows.map((row) => row.reason)).toEqual(['card_blocked', 'card_expired', 'card_frozen', 'channel_blocked', 'country_blocked', 'insufficient_funds', 'limit_exceeded', 'unknown_card', 'wrong_cvc']);
  });

  it('never approves two authorisations beyond what the account has, however they race', async () => {
    const racer = await createSignedInClient(context);
    const account = (await openTestAccount(context, racer, 'USD', '400.00')).number;
    const { card: racerCard, pan: racerPan, cvc: racerCvc } = await orderTestCard(context, racer, account);
    // 400 USD less the 300 EUR fee's equivalent leaves under 100 USD: room for one payment of half of it, not three.
    const left = decimalToMinor((await listedAccount(context, racer, account)).balance, 'USD');
    const each = formatMinor(left / 2n + 1n, 'USD');
    const answers = await Promise.all([1, 2, 3].map(() => send('authorizations', purchase({ pan: racerPan, cvc: racerCvc, expiry: racerCard.expiry, amount: each }))));
    const approvals = answers.map((answer) => answer.json<AuthorizationResponse>()).filter((answer) => answer.approved);
    expect(approvals).toHaveLength(1);
    expect(decimalToMinor((await listedAccount(context, racer, account)).balance, 'USD')).toBe(left - decimalToMinor(each, 'USD'));
  });

  it('keeps every full number out of the audit trail, the stored messages and the operations', async () => {
    const { rows } = await sql<{ hits: string }>`
      select (select count(*) from audit_log where coalesce(after::text, '') || coalesce(before::text, '') like ${`%${pan}%`})
        + (select count(*) from card_network_messages where response::text like ${`%${pan}%`})
        + (select count(*) from operations where details::text like ${`%${pan}%`} or counterparty like ${`%${pan}%`}) as hits`.execute(context.db);
    expect(Number(rows[0]!.hits)).toBe(0);
  });
});
