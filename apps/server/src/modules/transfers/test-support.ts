import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { approveTransfer, denyTransfer, endLockedTransfer, lockPendingTransfer } from './pending';

export type TransferDecision = 'approve' | 'deny' | 'expire';

/**
 * Test helper for random sequences: takes the pending transfer abroad that `pick` points at (modulo
 * their number) out of the list, and the back office approves or denies it (as an operator of its
 * own) or it expires undecided (its hold released, no fee), in a database transaction of its own.
 * Answers it; nothing when none is pending.
 */
export async function decideOneOf<Pending extends { transferId: string; clientId: string }>(
  db: Db,
  pending: Pending[],
  command: { kind: TransferDecision; pick: number },
): Promise<Pending | undefined> {
  if (pending.length === 0) return undefined;
  const [transfer] = pending.splice(command.pick % pending.length, 1) as [Pending];
  await db.transaction().execute(async (trx) => {
    if (command.kind === 'approve') await approveTransfer(trx, transfer.transferId, randomUUID());
    else if (command.kind === 'deny') await denyTransfer(trx, transfer.transferId, randomUUID());
    else await endLockedTransfer(trx, await lockPendingTransfer(trx, transfer.transferId), 'Expired', { type: 'system', id: null });
  });
  return transfer;
}

/** The id of the transfer behind a transaction number. */
export async function transferIdOf(db: Db, transactionNumber: string): Promise<string> {
  const row = await db.selectFrom('operations').select('id').where('number', '=', transactionNumber).executeTakeFirstOrThrow();
  return row.id;
}

/** A complete, valid recipient abroad (SPEC §3 recipientDetails), for tests of international transfers. */
export const TEST_RECIPIENT_DETAILS = {
  fullName: 'Hans Müller',
  recipientsSwiftBic: 'DEUTDEFF',
  recipientsBankCountry: 'DE',
  recipientsBankAddress: 'Taunusanlage 12, Frankfurt',
  recipientsBank: 'Deutsche Bank',
  recipientsIban: 'DE89 3704 0044 0532 0130 00',
  recipientsAddress: 'Hauptstraße 1, Berlin',
  country: 'DE',
  phoneNumber: '+49 30 1234567',
  recipientsEmail: 'hans@example.de',
  recipientType: 'individual',
} as const;
