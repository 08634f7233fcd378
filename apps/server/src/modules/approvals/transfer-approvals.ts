import { sql } from 'kysely';
import type { Db } from '../../db';
import { TRANSFER_APPROVAL } from './tables';

/**
 * Who approved which transfer, kept in the approvals table with every other decision of the back
 * office: one row per operator and transfer (a unique index), decided when given, checked by that
 * operator. The first approval of a transfer that needs two also proposes its release (a
 * transferRelease proposal, release-approval.ts), whose approval by another operator is the second.
 */
export interface TransferApproval {
  transactionNumber: string;
  operatorId: string;
  operatorName: string;
  at: Date;
}

/**
 * Records an operator's approval of a transfer, dated at the transaction's start as the rest of
 * the decision is; a second approval of the same transfer by the same operator records nothing.
 */
export async function recordTransferApproval(trx: Db, transactionNumber: string, operatorId: string): Promise<void> {
  await trx
    .insertInto('approvals')
    .values({
      kind: TRANSFER_APPROVAL,
      status: 'Approved',
      payload: JSON.stringify({ transactionNumber }),
      summary: transactionNumber,
      reason: 'Approved in the payments queue',
      maker_id: null,
      subject_type: 'transfer',
      subject_id: transactionNumber,
      created_at: sql<Date>`now()`,
      checker_id: operatorId,
      decided_at: sql<Date>`now()`,
      decision_reason: null,
      result: null,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * Whether the operator has approved the transfer already. The kind is written into the statement, so
 * that even a plan kept for many runs reads the partial index of transfer approvals.
 */
export async function hasApprovedTransfer(db: Db, transactionNumber: string, operatorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('approvals')
    .select('id')
    .where('kind', '=', sql.lit(TRANSFER_APPROVAL))
    .where('subject_id', '=', transactionNumber)
    .where('checker_id', '=', operatorId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The approvals of transfers by number, each transfer's in the order they were given. */
export async function approvalsOfTransfers(db: Db, transactionNumbers: readonly string[]): Promise<Map<string, TransferApproval[]>> {
  const byTransfer = new Map<string, TransferApproval[]>();
  if (transactionNumbers.length === 0) return byTransfer;
  const rows = await db
    .selectFrom('approvals as a')
    .innerJoin('operators as o', 'o.id', 'a.checker_id')
    .select(['a.subject_id', 'a.checker_id', 'a.decided_at', 'o.full_name'])
    .where('a.kind', '=', sql.lit(TRANSFER_APPROVAL))
    .where('a.subject_id', 'in', [...transactionNumbers])
    .orderBy('a.decided_at')
    .execute();
  for (const row of rows) {
    const number = row.subject_id!;
    const list = byTransfer.get(number) ?? [];
    list.push({ transactionNumber: number, operatorId: row.checker_id!, operatorName: row.full_name, at: row.decided_at! });
    byTransfer.set(number, list);
  }
  return byTransfer;
}
