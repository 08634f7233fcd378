import { z } from 'zod';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { type ApprovalHandler, recordTransferApproval } from '../approvals';
import { captureTransfer, lockPendingTransfer } from '../operations';

/**
 * The second approval of a transfer that needs two (its value when made, or the client's day
 * abroad), as a four-eyes act: the first operator's approval takes the transfer to Processing and
 * proposes its release; a second payments operator approves the proposal, which books it.
 */
export const transferReleasePayloadSchema = z.object({ transactionNumber: z.string().min(1).max(32) });
export type TransferReleasePayload = z.output<typeof transferReleasePayloadSchema>;

async function transferOf(db: Db, transactionNumber: string): Promise<{ id: string; client_id: string }> {
  const row = await db.selectFrom('operations').select(['id', 'client_id']).where('number', '=', transactionNumber).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export const transferReleaseApproval: ApprovalHandler<TransferReleasePayload> = {
  payloadSchema: transferReleasePayloadSchema,
  summary: (payload) => payload.transactionNumber,
  async clientIdOf(db, payload) {
    return (await transferOf(db, payload.transactionNumber)).client_id;
  },
  async apply(trx, payload, context) {
    const { id } = await transferOf(trx, payload.transactionNumber);
    const transfer = await lockPendingTransfer(trx, id);
    if (transfer.status !== 'Processing') {
      throw new AppError('CONFLICT', { message: `The transfer is ${transfer.status}`, details: { status: transfer.status } });
    }
    await recordTransferApproval(trx, payload.transactionNumber, context.checkerId);
    await captureTransfer(trx, transfer, context.checkerId, { approvals: 2, required: 2, approvalId: context.approvalId });
    return { transactionNumber: payload.transactionNumber, status: 'Approved' };
  },
};
