import { clientClosurePayloadSchema, type ClientClosurePayload } from '@bank/contracts/backoffice/clients';
import { decimalToMinor, formatMinor, POLICY_BREACH_CLOSING_FEE } from '@bank/contracts';
import type { Db } from '../../db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { clientAccountsOf } from '../accounts';
import { recordAudit } from '../audit';
import { closeClientAccess } from '../auth';
import { clientWalletsOf } from '../crypto';
import { payFeeInEur } from '../fees';
import { blockCardsOfClosedClient } from '../cards';
import { closeToCredits } from '../ledger';
import { cancelPlansOfClosedClient } from '../standing-orders';

/**
 * Closing a client who breaches the bank's policy (docs/bank-controls.md#closing-a-client), as the
 * approvals mechanism applies it once a second compliance operator approves (approval kind
 * 'clientClosure'). In the approving transaction, after the client's row lock:
 *
 * 1. the client's access closes: every session ends, and a later sign-in reaches the closure alone;
 * 2. what the client planned to pay ends: standing orders and dated transfers are canceled;
 * 3. the closing fee is charged as the monthly fees are (EUR first, else the equivalent), as far as
 *    the client's money goes, each payment a statement row of its own; what is not paid is kept;
 * 4. every account and wallet of the client is closed to new money in the ledger;
 * 5. the closure is written once and audited.
 */

/** The closure of a client, if the bank has closed them. */
export async function closureRowOf(db: Db, clientId: string) {
  return db.selectFrom('client_closures').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

const alreadyClosed = () => new AppError('CONFLICT', { message: 'The bank has closed this client already', details: { reason: 'alreadyClosed' } });

/** The payload of a proposal to close the client: 404 for no such client, 409 for a client closed already. */
export async function clientClosurePayloadOf(db: Db, clientId: string, reason: string): Promise<ClientClosurePayload> {
  const client = await db.selectFrom('clients').select('id').where('id', '=', clientId).executeTakeFirst();
  if (!client) throw new AppError('NOT_FOUND');
  if (await closureRowOf(db, clientId)) throw alreadyClosed();
  return { clientId, reason };
}

/** What the approvals mechanism tells an act it applies (its ApprovalContext; the closures module names none of its types). */
interface AppliedBy {
  approvalId: string;
  makerId: string;
  checkerId: string;
  deps: AppDeps;
}

export const clientClosureApproval = {
  payloadSchema: clientClosurePayloadSchema,
  summary: (payload: ClientClosurePayload): string => `client ${payload.clientId}: closed for a policy breach`,
  clientIdOf: async (_db: Db, payload: ClientClosurePayload): Promise<string | null> => payload.clientId,
  async apply(trx: Db, payload: ClientClosurePayload, context: AppliedBy): Promise<Record<string, unknown>> {
    const { clientId } = payload;
    // The client's row is the lock a sign-in's and the KYC's writes take too.
    await trx.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().executeTakeFirstOrThrow();
    if (await closureRowOf(trx, clientId)) throw alreadyClosed();
    const checker = { type: 'operator' as const, id: context.checkerId };

    const sessionsEnded = await closeClientAccess(trx, clientId);
    const plans = await cancelPlansOfClosedClient(trx, clientId, checker);
    const cardsBlocked = await blockCardsOfClosedClient(trx, context.deps, clientId, context.checkerId);
    const feeMinor = decimalToMinor(POLICY_BREACH_CLOSING_FEE.amount, POLICY_BREACH_CLOSING_FEE.currency);
    const fee = await payFeeInEur(trx, { clientId, fee: 'policyClosing', dueEurMinor: feeMinor }, { clock: context.deps.clock, config: context.deps.config });
    const [accounts, wallets] = await Promise.all([clientAccountsOf(trx, clientId), clientWalletsOf(trx, clientId)]);
    await closeToCredits(trx, [...accounts, ...wallets].map((owned) => owned.ledgerAccountId));

    const feePaid = formatMinor(fee.paidEurMinor, POLICY_BREACH_CLOSING_FEE.currency);
    await trx
      .insertInto('client_closures')
      .values({
        client_id: clientId,
        reason: payload.reason,
        proposed_by: context.makerId,
        approved_by: context.checkerId,
        approval_id: context.approvalId,
        fee_eur: POLICY_BREACH_CLOSING_FEE.amount,
        fee_paid_eur: feePaid,
      })
      .execute();
    const result = {
      sessionsEnded,
      standingOrdersCanceled: plans.orders,
      datedTransfersCanceled: plans.transfers,
      cardsBlocked,
      fee: POLICY_BREACH_CLOSING_FEE.amount,
      feePaid,
      feeTransactionNumbers: fee.transactionNumbers,
      accountsClosedToCredits: accounts.length + wallets.length,
    };
    await recordAudit(trx, {
      actorType: 'operator',
      actorId: context.checkerId,
      action: 'client.closedByBank',
      subjectType: 'client',
      subjectId: clientId,
      after: { reason: payload.reason, proposedBy: context.makerId, approvalId: context.approvalId, ...result },
    });
    return result;
  },
};
