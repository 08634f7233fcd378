import {
  DAILY_ABROAD_LIMIT_EUR,
  decimalToMinor,
  MAKER_CHECKER_THRESHOLD_EUR,
  MAX_OPERATION_EUR,
  type Currency,
  type TransactionStatus,
} from '@bank/contracts';
import type { ApprovalReason, ReviewedTransferKind } from '@bank/contracts/backoffice/payments';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { InstantText } from '../../db/instant';
import { AppError } from '../../lib/errors';
import { convertAtMidMinor, type RateTable, loadRateTable, loadReferenceTable } from '../rates';

/**
 * Limits on money (docs/bank-controls.md; the amounts live in contracts' tariffs.ts): the most one
 * operation may carry, and what a transfer waiting for the bank needs. Both value an amount in EUR
 * at the day's mid rate. A waiting transfer's value, its number of approvals and the reason are
 * decided once, when it is made, and stored with it (migration 0072; its details since migration
 * 0093): the back office reads them,
 * so no later change of rates can change them.
 */
const MAX_OPERATION_MINOR = decimalToMinor(MAX_OPERATION_EUR, 'EUR');
const MAKER_CHECKER_THRESHOLD_MINOR = decimalToMinor(MAKER_CHECKER_THRESHOLD_EUR, 'EUR');
const DAILY_ABROAD_LIMIT_MINOR = decimalToMinor(DAILY_ABROAD_LIMIT_EUR, 'EUR');

/**
 * Refuses an operation larger than MAX_OPERATION_EUR at the day's mid rate: a 400 on `amount`. The
 * rate table is read only when the amount is not in euros, unless the caller has it already.
 */
export async function refuseOverOperationMaximum(db: Db, amountMinor: bigint, currency: Currency, table?: RateTable): Promise<void> {
  const amountEurMinor = currency === 'EUR' ? amountMinor : await valueInEurMinor(db, table ?? (await loadRateTable(db)), amountMinor, currency);
  if (amountEurMinor > MAX_OPERATION_MINOR) {
    throw new AppError('VALIDATION_FAILED', {
      message: `One operation may carry at most ${MAX_OPERATION_EUR} EUR or its equivalent`,
      fields: { amount: 'validation.amount.overLimit' },
      details: { maximum: MAX_OPERATION_EUR, currency: 'EUR' },
    });
  }
}

/**
 * An amount's value in EUR for the limits: the larger of its value at the rate in use and at the
 * ECB reference. One admin may move a rate within the free band alone (rate-approval.ts), and a
 * rate so moved must not bring a transfer under a limit that a second operator would otherwise see.
 */
export async function valueInEurMinor(db: Db, table: RateTable, amountMinor: bigint, currency: Currency): Promise<bigint> {
  if (currency === 'EUR') return amountMinor;
  const inUse = convertAtMidMinor(table, amountMinor, currency, 'EUR');
  const atReference = convertAtMidMinor(await loadReferenceTable(db), amountMinor, currency, 'EUR');
  return inUse > atReference ? inUse : atReference;
}

/** What a transfer waiting for the bank needs, fixed when it is made. */
export interface TransferThresholds {
  amountEurMinor: bigint;
  approvalsRequired: 1 | 2;
  /** Why two approvals: its own amount, or the client's sum of the day; null with one. */
  reason: ApprovalReason | null;
}

/** The kinds summed per client and day: money leaving the bank (a conversion stays in it). */
export const DAILY_SUMMED_KINDS = ['international', 'crypto'] as const satisfies readonly ReviewedTransferKind[];

/** Transfers that left or may still leave the bank count towards the day; these never will. */
const NOT_LEAVING: readonly TransactionStatus[] = ['Denied', 'Canceled', 'Error'];

/**
 * The approvals a transfer needs. Two when its own value passes MAKER_CHECKER_THRESHOLD_EUR, or
 * when it is summed per day (`daySumBeforeEurMinor` is the client's sum of the day before it) and
 * the sum with it passes DAILY_ABROAD_LIMIT_EUR; one otherwise. "Passes" is strictly more.
 */
export function approvalsNeeded(amountEurMinor: bigint, daySumBeforeEurMinor: bigint | null): Pick<TransferThresholds, 'approvalsRequired' | 'reason'> {
  if (amountEurMinor > MAKER_CHECKER_THRESHOLD_MINOR) return { approvalsRequired: 2, reason: 'amount' };
  if (daySumBeforeEurMinor !== null && daySumBeforeEurMinor + amountEurMinor > DAILY_ABROAD_LIMIT_MINOR) return { approvalsRequired: 2, reason: 'dailyLimit' };
  return { approvalsRequired: 1, reason: null };
}

/**
 * The day of the daily sum an instant falls in, as [start, end): the UTC day, whatever
 * BANK_TIME_ZONE says, so that the limit's days stay the same when the bank's zone is set or
 * changed; this is the one place to change if the sum should follow the bank's dates.
 */
export function bankDayOf(at: InstantText): { start: Date; end: Date } {
  const day = /^(\d{4}-\d{2}-\d{2})T/.exec(at)?.[1];
  if (!day) throw new Error(`Not an instant: ${at}`);
  const start = new Date(`${day}T00:00:00.000Z`);
  const end = new Date(start);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start, end };
}

/** An arbitrary constant: the advisory locks of clients' daily sums (statement fills use 727031). */
const DAILY_SUM_LOCK_NAMESPACE = 727072;

/**
 * The thresholds of a transfer being made, inside its money transaction and before its row is
 * written. For a kind summed per day, the client's daily sum is locked first (an advisory lock per
 * client, held to the commit), so of two transfers made at once by one client, on any node, the
 * second reads the sum only once the first is written, and both cannot stay under the limit.
 */
export async function thresholdsAtCreation(
  trx: Db,
  table: RateTable,
  transfer: { clientId: string; kind: ReviewedTransferKind; amountMinor: bigint; currency: Currency; at: InstantText },
): Promise<TransferThresholds> {
  const amountEurMinor = await valueInEurMinor(trx, table, transfer.amountMinor, transfer.currency);
  if (!(DAILY_SUMMED_KINDS as readonly string[]).includes(transfer.kind)) return { amountEurMinor, ...approvalsNeeded(amountEurMinor, null) };
  await sql`select pg_advisory_xact_lock(${DAILY_SUM_LOCK_NAMESPACE}, hashtext(${transfer.clientId}::text))`.execute(trx);
  const day = bankDayOf(transfer.at);
  const { total } = await trx
    .selectFrom('operations')
    .select(sql<string | null>`sum((details #>> '{thresholds,amountEur}')::numeric)::text`.as('total'))
    .where('client_id', '=', transfer.clientId)
    .where('kind', 'in', [...DAILY_SUMMED_KINDS])
    .where('status', 'not in', [...NOT_LEAVING])
    .where('created_at', '>=', day.start)
    .where('created_at', '<', day.end)
    .executeTakeFirstOrThrow();
  const daySumBeforeEurMinor = total === null ? 0n : decimalToMinor(total, 'EUR');
  return { amountEurMinor, ...approvalsNeeded(amountEurMinor, daySumBeforeEurMinor) };
}
