import { randomUUID } from 'node:crypto';
import { decimalToMinor, formatMinor, type StatementAccountSummary, type StatementRow } from '@bank/contracts';
import type { AuthorizationResponse, Merchant, SettlementResponse } from '@bank/contracts/cards/network';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../db';
import type { TestClient } from '../../test/clients';
import type { TestContext } from '../../test/harness';
import { transferIdOf } from '../transfers/test-support';
import { CAFE_CENTRAL, orderTestCard, sendToCardNetwork } from '../cards/test-support';

/**
 * Test helpers that place operations made through the real money services at chosen instants, so
 * periods can be checked against hand-computed answers. The ledger refuses to change its history;
 * only these test helpers lift that guard, for one transaction, to move timestamps (never amounts).
 */
async function withHistoryUnlocked(db: Db, work: (trx: Db) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`alter table postings disable trigger postings_append_only`.execute(trx);
    await sql`alter table journal_entries disable trigger journal_entries_append_only`.execute(trx);
    await work(trx);
    // The daily totals are a cache of settled history; history that moved invalidates it.
    await sql`delete from statement_daily_totals`.execute(trx);
    await sql`delete from statement_daily_totals_marks`.execute(trx);
    await sql`alter table postings enable trigger postings_append_only`.execute(trx);
    await sql`alter table journal_entries enable trigger journal_entries_append_only`.execute(trx);
  });
}

/**
 * Moves an operation to an instant: the operation and its rows (made then), and its postings, with
 * the booking of its rows, to `postingsAt` if given (an approval later than the making).
 */
export async function moveOperationTo(db: Db, transactionNumber: string, at: Date, options: { postingsAt?: Date } = {}): Promise<void> {
  const transferId = await transferIdOf(db, transactionNumber);
  const postingsAt = options.postingsAt ?? at;
  await withHistoryUnlocked(db, async (trx) => {
    await sql`update operations set created_at = ${at}, updated_at = ${postingsAt},
        booked_at = case when booked_at is null then null else ${postingsAt}::timestamptz end
      where id = ${transferId}`.execute(trx);
    await sql`update statement_rows set created_at = ${at}, booked_at = case when booked_at is null then null else ${postingsAt}::timestamptz end
      where operation_id = ${transferId}`.execute(trx);
    await sql`update journal_entries set created_at = ${postingsAt} where transfer_id = ${transferId}`.execute(trx);
    await sql`update postings set created_at = ${postingsAt}
      where entry_id in (select id from journal_entries where transfer_id = ${transferId})`.execute(trx);
  });
}

/** Moves the entries that funded a ledger account from outside (entries without a transfer) to an instant. */
export async function moveFundingTo(db: Db, ledgerAccountId: string, at: Date): Promise<void> {
  await withHistoryUnlocked(db, async (trx) => {
    const entries = sql`select p.entry_id from postings p join journal_entries e on e.id = p.entry_id
      where p.ledger_account_id = ${ledgerAccountId} and e.transfer_id is null`;
    await sql`update journal_entries set created_at = ${at} where id in (${entries})`.execute(trx);
    await sql`update postings set created_at = ${at} where entry_id in (${entries})`.execute(trx);
  });
}

/** The ledger account behind an account number. */
export async function ledgerAccountOf(db: Db, accountNumber: string): Promise<string> {
  const row = await db.selectFrom('accounts').select('ledger_account_id').where('number', '=', accountNumber).executeTakeFirstOrThrow();
  return String(row.ledger_account_id);
}

/** Reads CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into rows of cells. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += character;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** An internal transfer payload of POST /api/transaction/create. */
export function internal(from: string, to: string, amount: string, extra: Record<string, unknown> = {}) {
  return { type: 'internal', accNumberFrom: from, accNumberTo: to, amount, ...extra };
}

/** An international transfer payload to a German recipient (valid IBAN and BIC). */
export function international(fromAccount: string, region: 'SWIFT' | 'SEPA', amount: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'international',
    paymentRegions: region,
    fromAccount,
    amount,
    recipientDetails: {
      fullName: 'Hans Müller',
      recipientsSwiftBic: 'DEUTDEFF',
      recipientsBankCountry: 'DE',
      recipientsBankAddress: 'Taunusanlage 12, Frankfurt',
      recipientsBank: 'Deutsche Bank',
      recipientsIban: 'DE89370400440532013000',
      recipientsAddress: 'Hauptstraße 1, Berlin',
      recipientsEmail: 'hans@example.de',
    },
    ...extra,
  };
}

/**
 * Checks one account's statement rows (the whole period, newest first) against its summary: the
 * oldest row opens at the period's opening balance, each row opens where the older one closed and
 * closes at opening + credit − debit, the newest closes at the period's closing balance, and the
 * rows' turnovers add up to the period's. Answers what does not hold, or nothing.
 */
export function rowsAgainstSummary(rows: readonly StatementRow[], summary: StatementAccountSummary): string[] {
  const minor = (text: string) => decimalToMinor(text, summary.currency);
  const problems: string[] = [];
  let balance = summary.openingBalance;
  let credit = 0n;
  let debit = 0n;
  for (const row of [...rows].reverse()) {
    const name = `${row.transactionNumber}${row.direction === 'IN' ? '+' : '-'}`;
    if (row.accountNumber !== summary.accountNumber) problems.push(`${name} belongs to ${row.accountNumber}`);
    if (row.openingBalance !== balance) problems.push(`${name} opens at ${row.openingBalance}, the balance before it is ${balance}`);
    if (minor(row.openingBalance) + minor(row.creditTurnover) - minor(row.debitTurnover) !== minor(row.balance)) {
      problems.push(`${name}: ${row.openingBalance} + ${row.creditTurnover} − ${row.debitTurnover} ≠ ${row.balance}`);
    }
    balance = row.balance;
    credit += minor(row.creditTurnover);
    debit += minor(row.debitTurnover);
  }
  if (balance !== summary.closingBalance) problems.push(`the rows close at ${balance}, the period at ${summary.closingBalance}`);
  if (formatMinor(credit, summary.currency) !== summary.creditTurnover) problems.push(`the rows credit ${formatMinor(credit, summary.currency)}, the period ${summary.creditTurnover}`);
  if (formatMinor(debit, summary.currency) !== summary.debitTurnover) problems.push(`the rows debit ${formatMinor(debit, summary.currency)}, the period ${summary.debitTurnover}`);
  return problems;
}

/** An exchange payload of POST /api/transaction/create: `amount` of `from`'s currency sold for `to`'s, at `rate` when given. */
export function exchange(from: { number: string; currency: string }, to: { number: string; currency: string }, amount: string, rate?: string) {
  return { type: 'exchange', accNumberFrom: from.number, accNumberTo: to.number, amount, forAmountCurrency: from.currency, getAmountCurrency: to.currency, rate };
}

/** The client's newest transfer number. */
export async function lastTransferNumber(db: Db, client: TestClient): Promise<string> {
  const row = await db
    .selectFrom('operations')
    .select('number')
    .where('client_id', '=', client.id)
    .orderBy(sql`number::bigint`, 'desc')
    .executeTakeFirstOrThrow();
  return row.number;
}

/** Creates a transfer through the API as `client` (200 expected) and answers its number. */
export async function createTransfer(context: TestContext, client: TestClient, payload: Record<string, unknown>): Promise<string> {
  const response = await context.app.inject({ method: 'POST', url: '/api/transaction/create', headers: client.headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return lastTransferNumber(context.db, client);
}


/** What the card network can do with one card, through its signed routes (docs/cards.md#the-card-network). */
export interface TestCardNetwork {
  last4: string;
  /** Authorises a payment in USD: a pending Card row; answers its authorisation and the row's transfer number. */
  pay(amount: string, merchant?: Merchant): Promise<{ authorizationId: string; transactionNumber: string }>;
  /** Clears an authorisation (the row is booked). */
  clear(authorizationId: string, amount: string): Promise<void>;
  /** Reverses an authorisation (the row is Canceled). */
  reverse(authorizationId: string): Promise<void>;
  /** A merchant's refund in USD to the card (an IN Card row, booked at once); answers its transfer number. */
  refund(amount: string, merchant?: Merchant): Promise<string>;
}

/**
 * Orders a virtual card on the client's USD account through the API (its fee is paid from the EUR
 * account the client must hold, so the USD account stays whole), reads its number, expiry and CVC
 * with the step-up reveal, and answers the card network's signed calls for it.
 */
export async function testCardNetwork(context: TestContext, client: TestClient, usdAccount: string): Promise<TestCardNetwork> {
  const { card, pan, expiry, cvc } = await orderTestCard(context, client, usdAccount);
  const send = async <Answer>(path: 'authorizations' | 'clearings' | 'reversals' | 'refunds', message: object): Promise<Answer> => {
    const answer = await sendToCardNetwork(context, path, { messageId: randomUUID(), ...message });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Answer>();
  };
  const settle = async (path: 'clearings' | 'reversals' | 'refunds', message: object) => {
    const answer = await send<SettlementResponse>(path, message);
    if (!answer.accepted) throw new Error(`${path} not accepted: ${answer.reason}`);
    return answer;
  };
  return {
    last4: card.last4,
    async pay(amount, merchant = CAFE_CENTRAL) {
      const answer = await send<AuthorizationResponse>('authorizations', { pan, expiry, cvc, amount, currency: 'USD', merchant, channel: 'pos' });
      if (!answer.approved) throw new Error(`authorization declined: ${answer.reason}`);
      const row = await context.db
        .selectFrom('card_authorizations as a')
        .innerJoin('operations as o', 'o.id', 'a.operation_id')
        .select('o.number')
        .where('a.id', '=', answer.authorizationId)
        .executeTakeFirstOrThrow();
      return { authorizationId: answer.authorizationId, transactionNumber: row.number };
    },
    async clear(authorizationId, amount) {
      await settle('clearings', { authorizationId, amount, currency: 'USD' });
    },
    async reverse(authorizationId) {
      await settle('reversals', { authorizationId });
    },
    async refund(amount, merchant = CAFE_CENTRAL) {
      return (await settle('refunds', { pan, amount, currency: 'USD', merchant })).transactionNumber;
    },
  };
}
