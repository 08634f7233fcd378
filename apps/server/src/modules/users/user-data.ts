import { DEFAULT_VERIFICATIONS, type UserData } from '@bank/contracts/users/user-data';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { listKycRecords } from '../kyc';

/** The user data of docs/product.md#data for a client and the token it signed in with. */
export async function loadUserData(db: Db, clientId: string, userToken: string): Promise<UserData> {
  const client = await db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirst();
  if (!client) throw new AppError('INVALID_AUTHORIZATION');
  const kycList = await listKycRecords(db, clientId);
  return {
    firstName: client.first_name,
    lastName: client.last_name,
    companyName: client.company_name,
    accountType: client.account_type,
    clientId: client.client_number,
    email: client.email,
    phoneNumber: client.phone,
    callPhone: client.call_phone,
    fax: client.fax,
    address: client.address,
    city: client.city,
    country: client.country,
    postCode: client.post_code,
    stateOrProvince: client.state_or_province,
    salutation: client.salutation,
    userToken,
    flags: { kycStatus: client.kyc_status, closedByBank: client.closed_by_bank_at !== null },
    kycList,
    phoneList: [client.phone],
    verificationsList: { ...DEFAULT_VERIFICATIONS, twoFaVerifyEnabled: client.totp_enabled_at !== null },
  };
}
