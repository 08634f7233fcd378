import { sql } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';

/** `details.reason` of the 403 below, which the back-office screens recognise. */
export const OWN_CLIENT_REASON = 'ownClient';

/**
 * Refuses (403) an operator's decision about a client registered with the operator's own e-mail,
 * compared without regard to case as both tables' unique indexes do. Otherwise an operator could
 * open a client account for themselves and approve their own KYC or transfers. A missing operator
 * or client is not this function's concern: the caller has already found both.
 */
export async function assertNotOwnClient(db: Db, operatorId: string, clientId: string): Promise<void> {
  const same = await db
    .selectFrom('operators')
    .innerJoin('clients', (join) => join.on(sql`lower(clients.email)`, '=', sql`lower(operators.email)`))
    .select('clients.id')
    .where('operators.id', '=', operatorId)
    .where('clients.id', '=', clientId)
    .executeTakeFirst();
  if (same) {
    throw new AppError('FORBIDDEN', {
      message: 'This client is registered with your own e-mail: another operator must decide',
      details: { reason: OWN_CLIENT_REASON },
    });
  }
}
