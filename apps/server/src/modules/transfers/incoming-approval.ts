import { formatMinor } from '@bank/contracts';
import { incomingPaymentRequestSchema } from '@bank/contracts/backoffice/incoming-payment';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db';
import type { ApprovalHandler, ApprovalInspection } from '../approvals';
import { bookIncomingForOperator, payeeOf } from './incoming-review';

/**
 * An incoming payment as a four-eyes act: one payments operator proposes it, another approves it,
 * and only then is the client's account credited. A payment like one booked in the last
 * DUPLICATE_WINDOW_DAYS days (same payer account, amount, currency, value date and reference) is
 * flagged, and booked only when the checker confirms it.
 */
export const DUPLICATE_WINDOW_DAYS = 30;

/** What the maker was shown when proposing, kept for the checker's eyes; the booking works its own out again. */
const asProposedSchema = z.object({ holder: z.string().max(2000), fee: z.string().max(64), credited: z.string().max(64), investigationFee: z.string().max(64) }).partial();

export const incomingPaymentPayloadSchema = z
  .intersection(incomingPaymentRequestSchema, asProposedSchema)
  .transform(({ reason: _reason, ...payment }) => ({
    ...payment,
    // The value date is fixed when proposed, so the checker approves the very payment the maker saw.
    valueDate: payment.valueDate ?? new Date().toISOString().slice(0, 10),
  }));
export type IncomingPaymentPayload = z.output<typeof incomingPaymentPayloadSchema>;

/** Spaces and letter case do not make another account number. */
const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** What makes two incoming payments the same one: payee, payer, amount, currency, value date and reference. */
function fingerprint(payment: IncomingPaymentPayload): string {
  return JSON.stringify([payment.accountNumber, compact(payment.senderAccount), payment.amount, payment.currency, payment.valueDate, payment.reference ?? null]);
}

/** Booked incoming payments of the last DUPLICATE_WINDOW_DAYS days that this one would repeat. */
export async function possibleDuplicates(db: Db, payment: IncomingPaymentPayload): Promise<string[]> {
  const { account, amountMinor } = await payeeOf(db, payment);
  const rows = await db
    .selectFrom('operations as t')
    .innerJoin('statement_rows as x', (join) => join.onRef('x.operation_id', '=', 't.id').on('x.direction', '=', 'IN').on('x.account_id', 'is not', null))
    .select('t.number')
    .where('t.kind', '=', 'incoming')
    .where('t.status', '=', 'Approved')
    .where(sql<boolean>`t.details ->> 'toAccountId' = ${account.id}::text`)
    .where('t.currency', '=', account.currency)
    .where(sql<boolean>`t.amount = ${formatMinor(amountMinor, account.currency)}::numeric`)
    .where(sql<boolean>`(t.details ->> 'paymentDate') = ${payment.valueDate}::text`)
    .where(sql<boolean>`(t.details ->> 'paymentReference') is not distinct from ${payment.reference ?? null}::text`)
    .where(sql<boolean>`upper(regexp_replace(x.from_account, '\\s', '', 'g')) = ${compact(payment.senderAccount)}`)
    .where(sql<boolean>`t.created_at > now() - make_interval(days => ${DUPLICATE_WINDOW_DAYS})`)
    .orderBy('t.created_at')
    .execute();
  return [...new Set(rows.map((row) => row.number))];
}

export const incomingPaymentApproval: ApprovalHandler<IncomingPaymentPayload> = {
  payloadSchema: incomingPaymentPayloadSchema,
  summary: (payment) => `${payment.amount} ${payment.currency} → ${payment.accountNumber} (${payment.senderName}, ${payment.valueDate})${payment.investigation ? ', with investigation' : ''}`,
  async clientIdOf(db, payment) {
    return (await payeeOf(db, payment)).account.clientId;
  },
  // Two checkers approving twin proposals at once take turns, so the second sees the first's booking.
  lockKey: (payment) => `incoming-payment:${fingerprint(payment)}`,
  async inspect(db, payment): Promise<ApprovalInspection> {
    const duplicateOf = await possibleDuplicates(db, payment);
    return { warnings: duplicateOf.length > 0 ? ['possibleDuplicate'] : [], duplicateOf };
  },
  async apply(trx, payment, context) {
    // Booked in the checker's name: the maker only proposed it.
    const booked = await bookIncomingForOperator(trx, payment, context.checkerId, context.deps);
    return { ...booked };
  },
};
