import type { KycFields } from '@bank/contracts/kyc/kyc-form';
import type { KycRecord } from '@bank/contracts/kyc/kyc-record';
import type { Selectable } from 'kysely';
import type { KycTables } from './tables';

export type KycRow = Selectable<KycTables['kyc_records']>;

/** JSON columns come back parsed from both drivers; anything else reads as an empty list. */
function list<T extends string>(value: unknown): T[] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

/** A stored submission as the client reads it (docs/product.md#data: records carry kycId). */
export function toKycRecord(row: KycRow): KycRecord {
  return {
    kycId: row.id,
    status: row.status,
    accountType: row.account_type,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    country: row.country,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    identityCardType: row.identity_card_type,
    identityCardId: row.identity_card_id,
    address: row.address,
    phoneNumber: row.phone_number,
    taxNumber: row.tax_number,
    sourcesOfWealth: list(row.sources_of_wealth),
    isOtherSourcesOfWealth: row.is_other_sources_of_wealth,
    otherSourcesOfWealth: row.other_sources_of_wealth,
    pep: row.pep,
    currencies: list(row.currencies),
    rejectionReason: row.rejection_reason,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
  };
}

/** The columns a submission writes from the form. */
export function kycColumns(fields: KycFields) {
  return {
    first_name: fields.firstName,
    last_name: fields.lastName,
    company_name: fields.companyName,
    country: fields.country,
    city: fields.city,
    state: fields.state,
    postal_code: fields.postalCode,
    identity_card_type: fields.identityCardType,
    identity_card_id: fields.identityCardId,
    address: fields.address,
    phone_number: fields.phoneNumber,
    tax_number: fields.taxNumber,
    sources_of_wealth: JSON.stringify(fields.sourcesOfWealth),
    is_other_sources_of_wealth: fields.isOtherSourcesOfWealth,
    other_sources_of_wealth: fields.isOtherSourcesOfWealth ? fields.otherSourcesOfWealth : null,
    pep: fields.pep,
    currencies: JSON.stringify(fields.currencies),
  };
}

/**
 * The profile fields a submission declares, copied onto the client so the cabinet shows the name
 * and address the client gave. Empty answers leave what the client already has.
 */
export function profileColumns(fields: KycFields) {
  const profile = {
    first_name: fields.firstName,
    last_name: fields.lastName,
    company_name: fields.companyName,
    country: fields.country,
    city: fields.city,
    address: fields.address,
    post_code: fields.postalCode,
    state_or_province: fields.state,
  };
  return Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== null)) as Partial<typeof profile>;
}
