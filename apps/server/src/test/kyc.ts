import type { KycFormInput } from '@bank/contracts/kyc/kyc-form';
import type { KycStatus } from '@bank/contracts/kyc/kyc-status';
import { decideKyc } from '../modules/kyc';
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

/**
 * A personal client's complete KYC form, as the cabinet sends it: everything a personal client must
 * give, and the optional fields left empty. Each line holds one section of the form: the person, the
 * address, the identity document, the sources of wealth, and the currencies of the accounts wanted.
 */
export const PERSONAL_KYC_FORM = {
  firstName: 'Ivan', lastName: 'Petrov', phoneNumber: '+7 701 555 0101',
  country: 'kz', state: '', city: 'Almaty', postalCode: '050000', address: '12 Abay Avenue',
  identityCardType: 'passport', identityCardId: 'N12345678', taxNumber: '',
  sourcesOfWealth: ['salary', 'savings'], isOtherSourcesOfWealth: false, otherSourcesOfWealth: '', pep: false,
  currencies: ['USD', 'EUR'],
} satisfies KycFormInput;
