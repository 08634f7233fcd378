import type { KycStatus } from '@bank/contracts/kyc/kyc-status';
import { decideKyc } from '../modules/kyc/service';
import type { TestContext } from './harness';

/**
 * Sets a client's KYC status as an operator's decision does (for tests whose subject is not the back office):
 * the submission in review is approved or rejected; a client without one simply gets the status.
 */
export async function setClientKycStatus(
  context: TestContext,
  clientId: string,
  status: Exclude<KycStatus, 'New'>,
  reason: string | null = null,
): Promise<void> {
  const pending = await context.db
    .selectFrom('kyc_records')
    .select(['id', 'version'])
    .where('client_id', '=', clientId)
    .where('status', '=', 'New')
    .executeTakeFirst();
  if (pending) {
    await decideKyc(context.db, pending.id, { status, reason, version: pending.version }, { type: 'system', id: null });
    return;
  }
  await context.db.updateTable('clients').set({ kyc_status: status }).where('id', '=', clientId).execute();
}
