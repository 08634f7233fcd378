import { randomUUID } from 'node:crypto';
import type { TransactionRecord } from '@bank/contracts';
import { expect } from 'vitest';
import type { Db } from '../../db';
import type { TestClient } from '../../test/clients';
import type { TestContext } from '../../test/harness';
import { bankToday } from '../jobs';
import { approveTransfer, denyTransfer, endLockedTransfer, lockPendingTransfer } from '../operations';

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

/** A complete, valid recipient abroad (recipientDetails, docs/product.md#data), for tests of international transfers. */
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

/**
 * Sends a transfer abroad dated today through the API, as `client` from its account `fromAccount`;
 * it must be made and wait for the bank (New). Answers its transaction number.
 */
export async function sendAbroad(context: TestContext, client: TestClient, fromAccount: string, amount: string): Promise<string> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/transaction/create',
    headers: client.headers,
    payload: {
      type: 'international', paymentRegions: 'SWIFT', fromAccount, paymentDate: bankToday(context.deps.clock), amount,
      purpose: 'Invoice', recipientDetails: TEST_RECIPIENT_DETAILS,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const listed = await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers });
  expect(listed.statusCode, listed.body).toBe(200);
  const [row] = listed.json<TransactionRecord[]>();
  expect(row!.transactionStatus).toBe('New');
  return row!.transactionNumber;
}

/** An internal transfer through the API, as `client`, with an Idempotency-Key of its own: the answer, whatever it is. */
export function sendInternal(context: TestContext, client: TestClient, from: string, to: string, amount: string) {
  return context.app.inject({
    method: 'POST',
    url: '/api/transaction/create',
    headers: { ...client.headers, 'idempotency-key': randomUUID() },
    payload: { type: 'internal', accNumberFrom: from, accNumberTo: to, amount },
  });
}
