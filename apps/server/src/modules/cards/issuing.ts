import { CARD_DEFAULT_LIMITS, type Card, type CardLimitsRequest, type CardStatus, type OrderCardRequest, type OrderCardResponse } from '@bank/contracts/cards/cards';
import type { cardLimitsRequestSchema } from '@bank/contracts/cards/cards';
import { CARD_ISSUE_FEES, CARDS, decimalToMinor, formatMinor, parseAmount } from '@bank/contracts';
import type { z } from 'zod';
import type { Db } from '../../db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { findOwnAccount, findOwnAccountInCurrency, type ClientAccount } from '../accounts';
import { recordAudit } from '../audit';
import { bankToday } from '../jobs';
import { chargeFee, tariffFeeInMinor } from '../operations';
import { expiryText, maskedPan, newPan, panHash, sealPan } from './card-data';
import { CARD_MAX_LIMITS } from '@bank/contracts/cards/cards';

/**
 * Issuing cards and the holder's controls (docs/cards.md). A card draws on a USD account of an
 * identified client; ordering charges the fee of docs/product.md#fees-eur as a row of its own. Every
 * change is audited, and none names the full number.
 */

type CardRow = {
  id: string;
  client_id: string;
  type: Card['type'];
  status: CardStatus;
  last4: string;
  expiry_month: number;
  expiry_year: number;
  delivery_address: Card['deliveryAddress'];
  limit_per_transaction: string;
  limit_monthly: string;
  online_allowed: boolean;
  countries_blocked: string[];
  replaces: string | null;
  created_at: Date;
  account_number: string;
};

function selectCards(db: Db) {
  return db
    .selectFrom('cards')
    .innerJoin('accounts', 'accounts.id', 'cards.account_id')
    .select([
      'cards.id',
      'cards.client_id',
      'cards.type',
      'cards.status',
      'cards.last4',
      'cards.expiry_month',
      'cards.expiry_year',
      'cards.delivery_address',
      'cards.limit_per_transaction',
      'cards.limit_monthly',
      'cards.online_allowed',
      'cards.countries_blocked',
      'cards.replaces',
      'cards.created_at',
      'accounts.number as account_number',
    ]);
}

/** Whether the card's last valid month has ended by `today` (a bank date). */
export function hasExpired(row: Pick<CardRow, 'expiry_month' | 'expiry_year'>, today: string): boolean {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return year > row.expiry_year || (year === row.expiry_year && month > row.expiry_month);
}

/** The status a holder sees: a card past its last month is Expired, whatever it was. */
export const statusOn = (row: Pick<CardRow, 'status' | 'expiry_month' | 'expiry_year'>, today: string): CardStatus => (row.status !== 'Blocked' && hasExpired(row, today) ? 'Expired' : row.status);

export function cardOf(row: CardRow, today: string): Card {
  return {
    id: row.id,
    type: row.type,
    brand: CARDS.paymentSystem,
    currency: CARDS.currency,
    maskedNumber: maskedPan(row.last4),
    last4: row.last4,
    expiry: expiryText(row.expiry_month, row.expiry_year),
    status: statusOn(row, today),
    accountNumber: row.account_number,
    limits: {
      perTransaction: formatMinor(decimalToMinor(row.limit_per_transaction, 'USD'), 'USD'),
      monthly: formatMinor(decimalToMinor(row.limit_monthly, 'USD'), 'USD'),
      online: row.online_allowed,
      countriesBlocked: row.countries_blocked,
    },
    deliveryAddress: row.delivery_address,
    replaces: row.replaces,
    createdAt: row.created_at.toISOString(),
  };
}

/** The client's cards' rows, newest first. */
export function cardRowsOf(db: Db, clientId: string) {
  return selectCards(db).select('cards.blocked_reason').where('cards.client_id', '=', clientId).orderBy('cards.created_at', 'desc').orderBy('cards.id').execute();
}

/** GET /api/cards: the client's cards, newest first. */
export async function listCards(deps: Pick<AppDeps, 'db' | 'clock'>, clientId: string): Promise<Card[]> {
  const today = bankToday(deps.clock);
  return (await cardRowsOf(deps.db, clientId)).map((row) => cardOf(row, today));
}

/** One of the client's cards, locked for a change when `lock`; another client's is a 404, the same as none. */
export async function ownCard(db: Db, clientId: string, cardId: string, lock = false): Promise<CardRow & { pan_sealed: string }> {
  const select = selectCards(db).select('cards.pan_sealed').where('cards.id', '=', cardId).where('cards.client_id', '=', clientId);
  const row = await (lock ? select.forUpdate('cards') : select).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', { message: 'Card not found' });
  return row;
}

const lockOwnCard = (trx: Db, clientId: string, cardId: string) => ownCard(trx, clientId, cardId, true);

/** The client's USD account the card draws on: 404 for none of theirs, 400 for another currency. */
async function cardAccount(trx: Db, clientId: string, accountNumber: string): Promise<ClientAccount> {
  const account = await findOwnAccount(trx, clientId, accountNumber);
  if (!account) throw new AppError('NOT_FOUND', { message: 'Account not found', fields: { accountNumber: 'validation.accountNumber.notFound' } });
  if (account.currency !== CARDS.currency) {
    throw new AppError('VALIDATION_FAILED', { message: 'Cards draw on a USD account', fields: { accountNumber: 'validation.accountNumber.notUsd' } });
  }
  return account;
}

/**
 * The issue fee: from the EUR account if it can pay it, else its equivalent from the card's account
 * at the day's mid rate; neither is a 422 naming the fee.
 */
async function chargeIssueFee(trx: Db, deps: AppDeps, clientId: string, type: Card['type'], cardAccountOf: ClientAccount): Promise<OrderCardResponse['fee']> {
  const tariff = CARD_ISSUE_FEES[type];
  const eur = await findOwnAccountInCurrency(trx, clientId, 'EUR');
  const payers = eur ? [eur, cardAccountOf] : [cardAccountOf];
  for (const account of payers) {
    const amountMinor = await tariffFeeInMinor(trx, deps, tariff, account.currency);
    try {
      const charged = await chargeFee(trx, { clientId, account, amountMinor, reason: type === 'virtual' ? 'virtualCard' : 'physicalCard', actor: { type: 'client', id: clientId } });
      return { amount: formatMinor(amountMinor, account.currency), currency: account.currency, transactionNumber: charged.transactionNumber };
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS')) throw error;
    }
  }
  throw new AppError('INSUFFICIENT_FUNDS', {
    message: `The card's fee of ${tariff.amount} ${tariff.currency} cannot be paid from the EUR account nor from the card's account`,
    details: { fee: tariff.amount, currency: tariff.currency },
  });
}

/** What issuing a card reads: the bank's date (its expiry) and the card data key (its number). */
type IssuingDeps = Pick<AppDeps, 'clock'> & { config: Pick<AppDeps['config'], 'cards'> };

/** A new card row for the client's account: a fresh number (unique by its hash), expiring in 5 years. */
async function issue(
  trx: Db,
  deps: IssuingDeps,
  card: { clientId: string; account: ClientAccount; type: Card['type']; deliveryAddress: Card['deliveryAddress']; replaces?: CardRow },
): Promise<string> {
  const [year, month] = bankToday(deps.clock).split('-').map(Number) as [number, number];
  const key = deps.config.cards.dataKey;
  for (;;) {
    const pan = newPan();
    const inserted = await trx
      .insertInto('cards')
      .values({
        client_id: card.clientId,
        account_id: card.account.id,
        type: card.type,
        status: card.type === 'virtual' ? 'Active' : 'Ordered',
        pan_sealed: sealPan(pan, key),
        pan_hash: panHash(pan, key),
        last4: pan.slice(-4),
        expiry_month: month,
        expiry_year: year + CARDS.validityYears,
        delivery_address: card.deliveryAddress ? JSON.stringify(card.deliveryAddress) : null,
        limit_per_transaction: card.replaces?.limit_per_transaction ?? CARD_DEFAULT_LIMITS.perTransaction,
        limit_monthly: card.replaces?.limit_monthly ?? CARD_DEFAULT_LIMITS.monthly,
        online_allowed: card.replaces?.online_allowed ?? CARD_DEFAULT_LIMITS.online,
        countries_blocked: card.replaces?.countries_blocked ?? [],
        replaces: card.replaces?.id ?? null,
      })
      // A number drawn twice (one in a billion) is drawn again.
      .onConflict((conflict) => conflict.column('pan_hash').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return inserted.id;
  }
}

async function cardAnswer(trx: Db, deps: Pick<AppDeps, 'clock'>, clientId: string, cardId: string): Promise<Card> {
  return cardOf(await lockOwnCard(trx, clientId, cardId), bankToday(deps.clock));
}

/** POST /api/cards: orders a card, charges its fee, and answers both. */
export async function orderCard(trx: Db, deps: AppDeps, client: { id: string; ip?: string }, order: OrderCardRequest): Promise<OrderCardResponse> {
  const account = await cardAccount(trx, client.id, order.accountNumber);
  const fee = await chargeIssueFee(trx, deps, client.id, order.type, account);
  const cardId = await issue(trx, deps, { clientId: client.id, account, type: order.type, deliveryAddress: order.type === 'physical' ? (order.deliveryAddress ?? null) : null });
  const card = await cardAnswer(trx, deps, client.id, cardId);
  await recordAudit(trx, {
    actorType: 'client',
    actorId: client.id,
    action: 'card.ordered',
    subjectType: 'card',
    subjectId: cardId,
    ip: client.ip,
    after: { type: card.type, status: card.status, last4: card.last4, account: account.number, fee },
  });
  return { card, fee };
}

/**
 * The demo client's virtual card (seed/cards.ts, development only): issued as an order issues one,
 * Active at once on the client's USD account, but with no fee, as no client ordered it. Audited as
 * `card.issued` by the system, with the last four digits only.
 */
export async function issueDemoCard(trx: Db, deps: IssuingDeps, clientId: string, accountNumber: string): Promise<Card> {
  const account = await cardAccount(trx, clientId, accountNumber);
  const cardId = await issue(trx, deps, { clientId, account, type: 'virtual', deliveryAddress: null });
  const card = await cardAnswer(trx, deps, clientId, cardId);
  await recordAudit(trx, {
    actorType: 'system',
    actorId: null,
    action: 'card.issued',
    subjectType: 'card',
    subjectId: cardId,
    after: { type: card.type, status: card.status, last4: card.last4, account: account.number, demo: true },
  });
  return card;
}

/** The moves a holder makes, from the statuses each is allowed in. */
const HOLDER_MOVES = {
  freeze: { from: ['Active'], to: 'Frozen' },
  unfreeze: { from: ['Frozen'], to: 'Active' },
} as const satisfies Record<string, { from: readonly CardStatus[]; to: CardStatus }>;

async function audited(trx: Db, client: { id: string; ip?: string }, cardId: string, action: string, before: unknown, after: unknown): Promise<void> {
  await recordAudit(trx, { actorType: 'client', actorId: client.id, action, subjectType: 'card', subjectId: cardId, ip: client.ip, before, after });
}

/** A card in a status that does not allow the move is a 409 naming its status. */
const notNow = (status: CardStatus, move: string) =>
  new AppError('CONFLICT', { message: `A card that is ${status} cannot be ${move}`, details: { reason: 'cardStatus', status } });

/** POST /api/cards/:id/freeze and /unfreeze. */
export async function moveCard(trx: Db, deps: AppDeps, client: { id: string; ip?: string }, cardId: string, move: keyof typeof HOLDER_MOVES): Promise<Card> {
  const row = await lockOwnCard(trx, client.id, cardId);
  const status = statusOn(row, bankToday(deps.clock));
  const rule = HOLDER_MOVES[move];
  if (!(rule.from as readonly CardStatus[]).includes(status)) throw notNow(status, move === 'freeze' ? 'frozen' : 'unfrozen');
  await trx.updateTable('cards').set({ status: rule.to, updated_at: new Date() }).where('id', '=', cardId).execute();
  await audited(trx, client, cardId, `card.${move === 'freeze' ? 'frozen' : 'unfrozen'}`, { status }, { status: rule.to });
  return cardAnswer(trx, deps, client.id, cardId);
}

/** A USD limit the holder typed: exact cents, above zero, within the cards' maximum. */
function limitMinor(value: string | undefined, field: 'perTransaction' | 'monthly'): bigint | undefined {
  if (value === undefined) return undefined;
  const parsed = parseAmount(value, 'USD');
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', { fields: { [field]: `validation.amount.${parsed.problem}` } });
  if (parsed.minor > decimalToMinor(CARD_MAX_LIMITS[field], 'USD')) throw new AppError('VALIDATION_FAILED', { fields: { [field]: 'validation.cardLimit.tooHigh' } });
  return parsed.minor;
}

/** PATCH /api/cards/:id/limits: any of the limits; the others stay. A monthly limit below the per-payment one is a 400. */
export async function setCardLimits(trx: Db, deps: AppDeps, client: { id: string; ip?: string }, cardId: string, request: z.output<typeof cardLimitsRequestSchema>): Promise<Card> {
  const row = await lockOwnCard(trx, client.id, cardId);
  const status = statusOn(row, bankToday(deps.clock));
  if (status === 'Blocked' || status === 'Expired') throw notNow(status, 'changed');
  const perTransaction = limitMinor(request.perTransaction, 'perTransaction') ?? decimalToMinor(row.limit_per_transaction, 'USD');
  const monthly = limitMinor(request.monthly, 'monthly') ?? decimalToMinor(row.limit_monthly, 'USD');
  if (monthly < perTransaction) throw new AppError('VALIDATION_FAILED', { fields: { monthly: 'validation.cardLimit.belowPerTransaction' } });
  const after = {
    limit_per_transaction: formatMinor(perTransaction, 'USD'),
    limit_monthly: formatMinor(monthly, 'USD'),
    online_allowed: request.online ?? row.online_allowed,
    countries_blocked: request.countriesBlocked ? [...new Set(request.countriesBlocked)].sort() : row.countries_blocked,
  };
  await trx.updateTable('cards').set({ ...after, updated_at: new Date() }).where('id', '=', cardId).execute();
  const limitsOf = (values: Pick<CardRow, 'limit_per_transaction' | 'limit_monthly' | 'online_allowed' | 'countries_blocked'>) => ({
    perTransaction: values.limit_per_transaction,
    monthly: values.limit_monthly,
    online: values.online_allowed,
    countriesBlocked: values.countries_blocked,
  });
  await audited(trx, client, cardId, 'card.limitsChanged', limitsOf(row), limitsOf(after));
  return cardAnswer(trx, deps, client.id, cardId);
}

/** POST /api/cards/:id/replace {reason}: the card is Blocked at once and a new number issued on the same account, free, with its limits. */
export async function replaceCard(trx: Db, deps: AppDeps, client: { id: string; ip?: string }, cardId: string, reason: string): Promise<Card> {
  const row = await lockOwnCard(trx, client.id, cardId);
  const status = statusOn(row, bankToday(deps.clock));
  if (status === 'Blocked') throw notNow(status, 'replaced');
  await trx.updateTable('cards').set({ status: 'Blocked', blocked_reason: reason, updated_at: new Date() }).where('id', '=', cardId).execute();
  const account = await cardAccount(trx, client.id, row.account_number);
  const newId = await issue(trx, deps, { clientId: client.id, account, type: row.type, deliveryAddress: row.delivery_address, replaces: row });
  const card = await cardAnswer(trx, deps, client.id, newId);
  await audited(trx, client, cardId, 'card.replaced', { status, last4: row.last4 }, { status: 'Blocked', reason, replacement: newId, replacementLast4: card.last4 });
  return card;
}

/** POST /api/cards/:id/activate {last4}: a physical card that has arrived, by the last four digits on it. */
export async function activateCard(trx: Db, deps: AppDeps, client: { id: string; ip?: string }, cardId: string, last4: string): Promise<Card> {
  const row = await lockOwnCard(trx, client.id, cardId);
  const status = statusOn(row, bankToday(deps.clock));
  if (row.type !== 'physical' || !['Produced', 'Shipped'].includes(status)) throw notNow(status, 'activated');
  if (last4 !== row.last4) throw new AppError('VALIDATION_FAILED', { message: 'These are not the last four digits of the card', fields: { last4: 'validation.last4.wrong' } });
  await trx.updateTable('cards').set({ status: 'Active', updated_at: new Date() }).where('id', '=', cardId).execute();
  await audited(trx, client, cardId, 'card.activated', { status }, { status: 'Active' });
  return cardAnswer(trx, deps, client.id, cardId);
}

export type { CardLimitsRequest };
