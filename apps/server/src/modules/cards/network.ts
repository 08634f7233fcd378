import {
  AUTHORIZATION_HOLD_DAYS,
  TIP_MCCS,
  TIP_TOLERANCE_PERCENT,
  type AuthorizationRequest,
  type AuthorizationResponse,
  type CardDeclineReason,
  type ClearingRequest,
  type Merchant,
  type RefundRequest,
  type ReversalRequest,
  type SettlementResponse,
} from '@bank/contracts/cards/network';
import { amountToSellMinor, CARDS, convertMinor, decimalToMinor, formatMinor, parseAmount, type Currency } from '@bank/contracts';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { fixedStatement } from '../../db/fixed-statement';
import { instantOfDate, type InstantText } from '../../db/instant';
import { unnestedTable } from '../../db/unnest';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { bankToday, instantOnBankDate } from '../jobs';
import { bankAccountId, placeHolds, postEntry, releaseHold } from '../ledger';
import { recordOperations, setTransferStatus, type NewOperation } from '../operations';
import { loadRateTable, offeredRate, type RateTable } from '../rates';
import { cvcOf, expiryText, maskedPan, panHashCandidates } from './card-data';
import { statusOn } from './issuing';

/**
 * The card network's side (docs/cards.md#the-card-network). A processor asks the bank to authorise
 * a payment with a card; an approval holds its amount in USD on the card's account and shows the
 * holder a pending "Card" row at once. The processor then clears it (the hold is booked, once),
 * reverses it (the hold is released), or lets it expire after AUTHORIZATION_HOLD_DAYS; a refund
 * credits the account. Authorisations are decided in batches, one short transaction each
 * (authorizeAll, through the group commit: authorization-batch.ts); clearings, reversals and refunds
 * in a transaction each. Cards' rows are locked first, then the accounts' ledger rows, so two
 * authorisations racing for the last dollars are decided one after the other, and the second sees
 * what the first held.
 */

export type NetworkDeps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

interface CardForNetwork {
  id: string;
  client_id: string;
  account_id: string;
  account_number: string;
  ledger_account_id: string;
  status: 'Ordered' | 'Produced' | 'Shipped' | 'Active' | 'Frozen' | 'Blocked' | 'Expired';
  last4: string;
  expiry_month: number;
  expiry_year: number;
  limit_per_transaction: string;
  limit_monthly: string;
  online_allowed: boolean;
  countries_blocked: string[];
  closed_by_bank_at: Date | null;
}

/**
 * The cards of numbers, locked in the order of their ids (so two batches never wait on each other in
 * a cycle): found by their keyed hashes (`panHashes`, each number's under the current and the
 * previous key), each with the hash it was found by.
 */
async function lockCardsByPan(trx: Db, panHashes: readonly string[]): Promise<Map<string, CardForNetwork>> {
  const rows = await trx
    .selectFrom('cards')
    .innerJoin('accounts', 'accounts.id', 'cards.account_id')
    .innerJoin('clients', 'clients.id', 'cards.client_id')
    .select([
      'cards.id',
      'cards.pan_hash',
      'cards.client_id',
      'cards.account_id',
      'accounts.number as account_number',
      'accounts.ledger_account_id',
      'cards.status',
      'cards.last4',
      'cards.expiry_month',
      'cards.expiry_year',
      'cards.limit_per_transaction',
      'cards.limit_monthly',
      'cards.online_allowed',
      'cards.countries_blocked',
      'clients.closed_by_bank_at',
    ])
    .where('cards.pan_hash', 'in', [...new Set(panHashes)])
    .orderBy('cards.id')
    .forUpdate('cards')
    .execute();
  return new Map(rows.map(({ pan_hash: hash, ...row }) => [hash, { ...row, ledger_account_id: String(row.ledger_account_id) } as CardForNetwork]));
}

/**
 * What was approved on each card since `monthStart`, in USD: what is held and what was cleared. Read
 * once the cards are locked, in a statement of its own: READ COMMITTED gives it a snapshot taken
 * after the locks, so it sees an authorisation of the same card that another server committed while
 * this one waited for the card (the statement that waited reads from before it).
 */
async function spentThisMonth(trx: Db, cardIds: readonly string[], monthStart: Date): Promise<Map<string, bigint>> {
  const spent = new Map(cardIds.map((id) => [id, 0n]));
  if (cardIds.length === 0) return spent;
  const { rows } = await sql<{ card_id: string; spent: string }>`
    select card_id, sum(coalesce(cleared_usd, held_usd))::text as spent from card_authorizations
    where card_id = any(${[...cardIds]}::uuid[]) and status in ('Pending', 'Cleared') and created_at >= ${monthStart}
    group by card_id`.execute(trx);
  for (const row of rows) spent.set(row.card_id, decimalToMinor(row.spent, 'USD'));
  return spent;
}

/** The card a number's hashes find among those locked (under the current key first). */
const cardOfHashes = (cards: ReadonlyMap<string, CardForNetwork>, panHashes: readonly string[]): CardForNetwork | undefined =>
  panHashes.map((hash) => cards.get(hash)).find((card) => card !== undefined);

/** What `work` answers, or null when the ledger refuses it with `code` before writing anything (the network's decline or refusal). */
async function unlessRefused<T>(work: Promise<T>, code: 'INSUFFICIENT_FUNDS' | 'ACCOUNT_CLOSED'): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.code === code) return null;
    throw error;
  }
}

/** What the merchant asked, in its currency's minor units; the schema let through only what parses. */
function merchantMinor(amount: string, currency: Currency): bigint {
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', { fields: { amount: `validation.amount.${parsed.problem}` } });
  return parsed.minor;
}

/**
 * The merchant's amount in the account's USD: the same when it is USD; otherwise what the bank must
 * sell of USD to pay it at the day's rate with its spread (rounded up to the cent), and that rate.
 */
function inUsd(rates: RateTable | undefined, amountMinor: bigint, currency: Currency): { usdMinor: bigint; rate: string | null } {
  if (currency === CARDS.currency) return { usdMinor: amountMinor, rate: null };
  if (!rates) throw new Error('The rates were not read for an authorisation in another currency');
  const rate = offeredRate(rates, CARDS.currency, currency);
  return { usdMinor: amountToSellMinor(amountMinor, CARDS.currency, currency, rate), rate };
}

/** How the statement names a card payment: the card and the merchant, in no language of its own. */
const purposeOf = (last4: string, merchant: Merchant) => `${maskedPan(last4)} · ${merchant.name}, ${merchant.city}, ${merchant.country}`;

/** The first instant of the bank's calendar month of `today`. */
const monthStartOf = (today: string, deps: NetworkDeps): Date => instantOnBankDate(`${today.slice(0, 8)}01`, 0, deps.clock.timeZone);

/** Why the card cannot pay this, before any money is looked at; null when it may. */
function refusalOfCard(card: CardForNetwork | undefined, request: AuthorizationRequest, deps: NetworkDeps, today: string): CardDeclineReason | null {
  if (!card) return 'unknown_card';
  // A number with another expiry is not the card the bank issued.
  if (request.expiry !== expiryText(card.expiry_month, card.expiry_year)) return 'unknown_card';
  const status = statusOn(card, today);
  // A client the bank has closed pays with no card (docs/bank-controls.md#closing-a-client); a physical
  // card not yet activated pays with nothing either.
  if (status === 'Blocked' || card.closed_by_bank_at !== null || ['Ordered', 'Produced', 'Shipped'].includes(status)) return 'card_blocked';
  if (status === 'Expired') return 'card_expired';
  if (status === 'Frozen') return 'card_frozen';
  if (request.cvc !== undefined && request.cvc !== cvcOf(request.pan, card.expiry_month, card.expiry_year, deps.config.cards.verificationKey)) return 'wrong_cvc';
  if (request.channel === 'online' && !card.online_allowed) return 'channel_blocked';
  if (card.countries_blocked.includes(request.merchant.country)) return 'country_blocked';
  return null;
}

/** An authorisation request checked before any transaction: its amount in minor units, its number's look-up hashes. */
export interface PreparedAuthorization {
  request: AuthorizationRequest;
  amountMinor: bigint;
  /** The number's keyed hashes under the current and the previous key (current first). */
  panHashes: string[];
}

/** Checks an authorisation request outside any transaction (an amount that does not parse is a 422). */
export function prepareAuthorization(deps: NetworkDeps, request: AuthorizationRequest): PreparedAuthorization {
  return { request, amountMinor: merchantMinor(request.amount, request.currency), panHashes: panHashCandidates(request.pan, deps.config.cards.dataKey) };
}

const authorizationTable = unnestedTable('card_authorizations', 'authorization', {
  id: 'uuid',
  card_id: 'uuid',
  client_id: 'uuid',
  message_id: 'text',
  status: 'text',
  decline_reason: 'text',
  amount: 'numeric',
  currency: 'text',
  held_usd: 'numeric',
  rate: 'text',
  merchant_name: 'text',
  merchant_mcc: 'text',
  merchant_country: 'text',
  merchant_city: 'text',
  channel: 'text',
  operation_id: 'uuid',
  hold_id: 'uuid',
  created_at: 'timestamptz',
});
type AuthorizationRow = Parameters<typeof authorizationTable.values>[0][number];
/** authorizeAll's record of every decision, in one statement. */
const authorizationsStatement = fixedStatement((value) => {
  const rows = authorizationTable.named(value);
  return sql`insert into card_authorizations (${rows.columns}) select ${rows.values()} from ${rows.from} order by ${rows.position}`;
});

/** The pending "Card" operation of an approval: the merchant's amount held in USD on the card's account. */
function cardPaymentOperation(card: CardForNetwork, request: AuthorizationRequest, amounts: { usdMinor: bigint; merchantMinor: bigint; rate: string | null }, held: { operationId: string; holdId: string; heldAt: InstantText; bookedMinor: bigint }): NewOperation {
  return {
    at: held.heldAt,
    transfer: {
      id: held.operationId,
      kind: 'card',
      status: 'New',
      clientId: card.client_id,
      fromAccountId: card.account_id,
      toAccountId: null,
      amountMinor: amounts.usdMinor,
      currency: CARDS.currency,
      ...(amounts.rate === null ? {} : { counterAmountMinor: amounts.merchantMinor, counterCurrency: request.currency, rate: amounts.rate }),
      purpose: purposeOf(card.last4, request.merchant),
      recipient: request.merchant.name,
      holdId: held.holdId,
      cardId: card.id,
      mcc: request.merchant.mcc,
    },
    sides: [
      {
        clientId: card.client_id,
        accountId: card.account_id,
        direction: 'OUT',
        fromAccount: card.account_number,
        toAccount: request.merchant.name,
        recipient: request.merchant.name,
        amountMinor: amounts.usdMinor,
        currency: CARDS.currency,
        bookedAt: null,
        balanceAfterMinor: held.bookedMinor,
        transactionType: 'Card',
        reference: 'International',
      },
    ],
    actor: { type: 'system', id: null },
  };
}

/**
 * POST /api/card-network/authorizations, for a batch of them in one transaction (the group commit,
 * ledger/group-commit.ts): each approved with a hold or declined with its reason, in the order
 * given, and every decision recorded. The cards are locked first, then their accounts' ledger rows,
 * each set at once; each authorisation is then decided on what those before it left (the balance and
 * the month's spending of a card used twice in the batch), so two racing for the last dollars never
 * both pass. A batch is the same few statements whatever its size (docs/benchmarks.md#card-network).
 */
export async function authorizeAll(trx: Db, deps: NetworkDeps, authorizations: readonly PreparedAuthorization[]): Promise<AuthorizationResponse[]> {
  const today = bankToday(deps.clock);
  const cards = await lockCardsByPan(trx, authorizations.flatMap((authorization) => authorization.panHashes));
  const rates = authorizations.some(({ request }) => request.currency !== CARDS.currency) ? await loadRateTable(trx) : undefined;
  const spent = await spentThisMonth(trx, [...cards.values()].map((card) => card.id), monthStartOf(today, deps));
  const rows: AuthorizationRow[] = [];
  const operations: NewOperation[] = [];
  const declinedAt = instantOfDate(deps.clock.now());
  const ledgerAccounts = [...new Set([...cards.values()].map((card) => card.ledger_account_id))];
  const answers = await placeHolds(trx, ledgerAccounts, (place) =>
    authorizations.map(({ request, amountMinor, panHashes }): AuthorizationResponse => {
      const card = cardOfHashes(cards, panHashes);
      const base = {
        id: randomUUID(),
        card_id: card?.id ?? null,
        client_id: card?.client_id ?? null,
        message_id: request.messageId,
        amount: formatMinor(amountMinor, request.currency),
        currency: request.currency,
        merchant_name: request.merchant.name,
        merchant_mcc: request.merchant.mcc,
        merchant_country: request.merchant.country,
        merchant_city: request.merchant.city,
        channel: request.channel,
      };
      const decline = (reason: CardDeclineReason): AuthorizationResponse => {
        rows.push({ ...base, status: 'Declined', decline_reason: reason, held_usd: null, rate: null, operation_id: null, hold_id: null, created_at: declinedAt });
        return { approved: false, reason };
      };
      const refused = refusalOfCard(card, request, deps, today);
      if (refused || !card) return decline(refused ?? 'unknown_card');
      const { usdMinor, rate } = inUsd(rates, amountMinor, request.currency);
      const spentBefore = spent.get(card.id)!;
      if (usdMinor > decimalToMinor(card.limit_per_transaction, 'USD')) return decline('limit_exceeded');
      if (spentBefore + usdMinor > decimalToMinor(card.limit_monthly, 'USD')) return decline('limit_exceeded');
      const operationId = randomUUID();
      // The hold refuses what the account's available balance cannot bear: that refusal is the decline.
      const held = place({ accountId: card.ledger_account_id, currency: CARDS.currency, amountMinor: usdMinor, transferId: operationId });
      if (!held.ok) return decline('insufficient_funds');
      spent.set(card.id, spentBefore + usdMinor);
      operations.push(cardPaymentOperation(card, request, { usdMinor, merchantMinor: amountMinor, rate }, { operationId, holdId: held.holdId, heldAt: held.heldAt, bookedMinor: held.balance.bookedMinor }));
      rows.push({ ...base, status: 'Pending', decline_reason: null, held_usd: formatMinor(usdMinor, 'USD'), rate, operation_id: operationId, hold_id: held.holdId, created_at: held.heldAt });
      return { approved: true, authorizationId: base.id, amount: formatMinor(usdMinor, 'USD'), currency: CARDS.currency };
    }),
  );
  await recordOperations(trx, operations);
  if (rows.length > 0) await authorizationsStatement(trx, authorizationTable.values(rows));
  return answers;
}

interface LockedAuthorization {
  id: string;
  status: 'Declined' | 'Pending' | 'Cleared' | 'Reversed' | 'Expired';
  client_id: string | null;
  card_id: string | null;
  currency: Currency;
  amount: string;
  held_usd: string | null;
  rate: string | null;
  merchant_mcc: string;
  operation_id: string | null;
  hold_id: string | null;
  account_id: string | null;
  ledger_account_id: string | null;
  /** The number of its operation, for the answers. */
  operation_number: string | null;
}

/**
 * An authorisation, locked before any ledger row (the order every decision keeps); with `skipLocked`,
 * none when another transaction holds it.
 */
async function lockAuthorization(trx: Db, authorizationId: string, options: { skipLocked?: boolean } = {}): Promise<LockedAuthorization | undefined> {
  const locked = trx
    .selectFrom('card_authorizations as a')
    .leftJoin('cards', 'cards.id', 'a.card_id')
    .leftJoin('accounts', 'accounts.id', 'cards.account_id')
    .leftJoin('operations', 'operations.id', 'a.operation_id')
    .select([
      'a.id', 'a.status', 'a.client_id', 'a.card_id', 'a.currency', 'a.amount', 'a.held_usd', 'a.rate', 'a.merchant_mcc', 'a.operation_id', 'a.hold_id',
      'accounts.id as account_id', 'accounts.ledger_account_id', 'operations.number as operation_number',
    ])
    .where('a.id', '=', authorizationId)
    .forUpdate('a');
  return (options.skipLocked ? locked.skipLocked() : locked).executeTakeFirst() as Promise<LockedAuthorization | undefined>;
}

const notAccepted = (reason: string): SettlementResponse => ({ accepted: false, reason });

/** A pending authorisation's operation (and its number), hold and account. */
function pendingParts(authorization: LockedAuthorization) {
  const { operation_id: operationId, operation_number: operationNumber, hold_id: holdId, account_id: accountId, ledger_account_id: ledgerAccountId, held_usd: heldUsd } = authorization;
  if (!operationId || !operationNumber || !holdId || !accountId || !ledgerAccountId || !heldUsd) throw new Error(`Authorization ${authorization.id} holds no money`);
  return { operationId, operationNumber, holdId, accountId, ledgerAccountId: String(ledgerAccountId) };
}

/**
 * POST /api/card-network/clearings: books a pending authorisation once, in the merchant's currency of
 * the authorisation, converted at the rate kept with it. Lower than authorised is booked as cleared;
 * higher only for a restaurant, within TIP_TOLERANCE_PERCENT.
 */
export async function clear(trx: Db, deps: NetworkDeps, request: ClearingRequest): Promise<SettlementResponse> {
  const authorization = await lockAuthorization(trx, request.authorizationId);
  if (!authorization || authorization.status === 'Declined') return notAccepted('unknown_authorization');
  if (authorization.status !== 'Pending') return notAccepted(`authorization_${authorization.status.toLowerCase()}`);
  if (request.currency !== authorization.currency) return notAccepted('currency_mismatch');
  const parts = pendingParts(authorization);
  const clearedMerchantMinor = merchantMinor(request.amount, request.currency);
  const authorizedMinor = decimalToMinor(authorization.amount, authorization.currency);
  const ceiling = TIP_MCCS.includes(authorization.merchant_mcc) ? (authorizedMinor * (100n + TIP_TOLERANCE_PERCENT)) / 100n : authorizedMinor;
  if (clearedMerchantMinor > ceiling) return notAccepted('amount_above_authorization');
  // At the authorisation's rate: the same amount clears to exactly what was held.
  const usdMinor = authorization.rate === null ? clearedMerchantMinor : amountToSellMinor(clearedMerchantMinor, CARDS.currency, authorization.currency, authorization.rate);
  const booked = await unlessRefused(
    postEntry(trx, {
      kind: 'card_payment',
      transferId: parts.operationId,
      postings: [
        { accountId: parts.ledgerAccountId, currency: CARDS.currency, amountMinor: -usdMinor },
        { accountId: await bankAccountId(trx, 'clearing', CARDS.currency), currency: CARDS.currency, amountMinor: usdMinor },
      ],
      captureHoldIds: [parts.holdId],
    }),
    'INSUFFICIENT_FUNDS',
  );
  // A tip beyond what the account has left: nothing is booked, the hold stays for the network to settle otherwise.
  if (!booked) return notAccepted('insufficient_funds');
  const { balances, bookedAt } = booked;
  await setTransferStatus(trx, parts.operationId, 'Approved', {
    booking: { at: bookedAt, amountMinor: usdMinor, account: { accountId: parts.accountId, balanceAfterMinor: balances.get(parts.ledgerAccountId)!.bookedMinor, currency: CARDS.currency } },
  });
  await trx.updateTable('card_authorizations').set({ status: 'Cleared', cleared_usd: formatMinor(usdMinor, 'USD'), closed_at: new Date(bookedAt) }).where('id', '=', authorization.id).execute();
  return { accepted: true, transactionNumber: parts.operationNumber, amount: formatMinor(usdMinor, 'USD'), currency: CARDS.currency };
}

/** Releases a pending authorisation's hold: reversed by the network (Canceled) or expired uncleared (Expired). */
async function endPending(trx: Db, authorization: LockedAuthorization, status: 'Reversed' | 'Expired'): Promise<ReturnType<typeof pendingParts>> {
  const parts = pendingParts(authorization);
  await releaseHold(trx, parts.holdId);
  await setTransferStatus(trx, parts.operationId, status === 'Reversed' ? 'Canceled' : 'Expired');
  await trx.updateTable('card_authorizations').set({ status, closed_at: new Date() }).where('id', '=', authorization.id).execute();
  await recordAudit(trx, {
    actorType: 'system',
    actorId: null,
    action: status === 'Reversed' ? 'card.authorizationReversed' : 'card.authorizationExpired',
    subjectType: 'cardAuthorization',
    subjectId: authorization.id,
    after: { status, heldUsd: authorization.held_usd, ...(status === 'Expired' ? { days: AUTHORIZATION_HOLD_DAYS } : {}) },
  });
  return parts;
}

/** POST /api/card-network/reversals: a hold not yet cleared is released. */
export async function reverse(trx: Db, request: ReversalRequest): Promise<SettlementResponse> {
  const authorization = await lockAuthorization(trx, request.authorizationId);
  if (!authorization || authorization.status === 'Declined') return notAccepted('unknown_authorization');
  if (authorization.status !== 'Pending') return notAccepted(`authorization_${authorization.status.toLowerCase()}`);
  const { operationNumber } = await endPending(trx, authorization, 'Reversed');
  return { accepted: true, transactionNumber: operationNumber, amount: authorization.held_usd!, currency: CARDS.currency };
}

/**
 * Expires one authorisation if it is still pending and nobody else holds it; answers whether it did.
 * The sweep (authorization-expiry.ts) calls it for each one due, each in its own transaction.
 */
export async function expireAuthorization(trx: Db, authorizationId: string): Promise<boolean> {
  // Someone else holds it (a clearing at this moment, another node's sweep) or it was settled: theirs.
  const authorization = await lockAuthorization(trx, authorizationId, { skipLocked: true });
  if (!authorization || authorization.status !== 'Pending') return false;
  await endPending(trx, authorization, 'Expired');
  return true;
}

/**
 * POST /api/card-network/refunds: a merchant gives money back to a card the bank issued, whatever its
 * status now (the money is the holder's); converted to USD at the day's mid rate less the spread, as
 * the bank buys the merchant's currency.
 */
export async function refund(trx: Db, deps: NetworkDeps, request: RefundRequest): Promise<SettlementResponse> {
  const panHashes = panHashCandidates(request.pan, deps.config.cards.dataKey);
  const card = cardOfHashes(await lockCardsByPan(trx, panHashes), panHashes);
  if (!card) return notAccepted('unknown_card');
  const amountMinor = merchantMinor(request.amount, request.currency);
  const rate = request.currency === CARDS.currency ? null : offeredRate(await loadRateTable(trx), request.currency, CARDS.currency);
  const usdMinor = rate === null ? amountMinor : convertMinor(amountMinor, request.currency, CARDS.currency, rate);
  if (usdMinor <= 0n) return notAccepted('amount_too_small');
  const operationId = randomUUID();
  const booked = await unlessRefused(postEntry(trx, {
    kind: 'card_refund',
    transferId: operationId,
    postings: [
      { accountId: card.ledger_account_id, currency: CARDS.currency, amountMinor: usdMinor },
      { accountId: await bankAccountId(trx, 'clearing', CARDS.currency), currency: CARDS.currency, amountMinor: -usdMinor },
    ],
  }), 'ACCOUNT_CLOSED');
  // The account of a client the bank has closed takes no new money (docs/bank-controls.md#closing-a-client).
  if (!booked) return notAccepted('account_closed');
  const numbers = await recordOperations(trx, [
    {
      at: booked.bookedAt,
      transfer: {
        id: operationId,
        kind: 'card',
        status: 'Approved',
        clientId: card.client_id,
        fromAccountId: null,
        toAccountId: card.account_id,
        amountMinor: usdMinor,
        currency: CARDS.currency,
        ...(rate === null ? {} : { counterAmountMinor: amountMinor, counterCurrency: request.currency, rate }),
        purpose: purposeOf(card.last4, request.merchant),
        recipient: request.merchant.name,
        cardId: card.id,
        mcc: request.merchant.mcc,
      },
      sides: [
        {
          clientId: card.client_id,
          accountId: card.account_id,
          direction: 'IN',
          fromAccount: request.merchant.name,
          toAccount: card.account_number,
          recipient: request.merchant.name,
          amountMinor: usdMinor,
          currency: CARDS.currency,
          bookedAt: booked.bookedAt,
          balanceAfterMinor: booked.balances.get(card.ledger_account_id)!.bookedMinor,
          transactionType: 'Card',
          reference: 'International',
        },
      ],
      actor: { type: 'system', id: null },
    },
  ]);
  return { accepted: true, transactionNumber: numbers.get(operationId)!, amount: formatMinor(usdMinor, 'USD'), currency: CARDS.currency };
}
