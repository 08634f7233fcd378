import type { RawBuilder } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { assertNotBlocked, blockedSecondsSql, lockingCounter, recordHit } from '../auth';

/**
 * Looking up a payee tells whether an account number (or a wallet address) is the bank's and in
 * which currency. So a transfer checks the payer's funds before it looks, and failed look-ups are
 * counted per client (and audited): past the limit the client is refused for a while, and nobody
 * can walk the bank's numbers with impossible transfers.
 */
export const FAILED_PAYEE_LOOKUPS_PER_CLIENT = lockingCounter('payee-lookup-failures:client', 60 * 60_000, 20);

/** A payee that is not there, or not in the transfer's currency: counted against the client. */
export class PayeeLookupFailed extends AppError {}

/**
 * The client's block on payee look-ups, to read in the look-up's own query (blockedSecondsSql) and
 * check with refuseWhileBlocked before anything about a payee is revealed. The client may be named
 * by SQL of that query (the session's client, read in the same statement).
 */
export const payeeLookupBlock = (clientId: string | RawBuilder<string>) => blockedSecondsSql(FAILED_PAYEE_LOOKUPS_PER_CLIENT, clientId);

/** The same check as a query of its own, for a look-up whose query cannot carry it. */
export async function assertPayeeLookupsAllowed(db: Db, clientId: string): Promise<void> {
  await assertNotBlocked(db, FAILED_PAYEE_LOOKUPS_PER_CLIENT, clientId);
}

/**
 * Runs a money write that may look a payee up (which checks the client's block itself): a failed
 * look-up is counted and audited outside the write's transaction (which rolls back), then answered.
 */
export async function withPayeeLookups<T>(db: Db, client: { id: string; ip: string }, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof PayeeLookupFailed) {
      await recordHit(db, FAILED_PAYEE_LOOKUPS_PER_CLIENT, client.id);
      await recordAudit(db, {
        actorType: 'client',
        actorId: client.id,
        action: 'transfer.payeeLookupFailed',
        subjectType: 'client',
        subjectId: client.id,
        ip: client.ip,
        after: { fields: error.fields },
      });
    }
    throw error;
  }
}
