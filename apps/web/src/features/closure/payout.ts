import type { ClosureStatus } from '@bank/contracts/closure/closure';
import type { ErrorBody } from '@bank/contracts/errors';
import { decimalToMinor } from '@bank/contracts/money/decimal';
import { isCurrency } from '@bank/contracts/money/currencies';
import type { UserData } from '@bank/contracts/users/user-data';
import type { FieldErrors } from '../../lib/formValidation';

/** The fields of the payout form, as POST /api/closure/payout names them. */
export const PAYOUT_FIELDS = ['fullName', 'iban', 'swiftBic', 'bank', 'bankAddress', 'address'] as const;
export type PayoutField = (typeof PAYOUT_FIELDS)[number];
export type PayoutValues = Record<PayoutField, string>;

type Client = Partial<Pick<UserData, 'accountType' | 'firstName' | 'lastName' | 'companyName' | 'address' | 'city' | 'country'>>;

/**
 * A country of the user data (an ISO code) by its English name: the recipient's details of a
 * transfer abroad are read by banks abroad. A code the browser cannot name stays as it is.
 */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * The form's first values: the money is the client's, so the recipient is the client, by the
 * company's name for a business (a person's name otherwise, or the company's when there is none),
 * at the address the bank has, joined from what of it is known. The receiving bank's details are
 * the client's to type.
 */
export function payoutPrefill(client: Client): PayoutValues {
  const personName = [client.firstName, client.lastName].filter(Boolean).join(' ');
  const companyName = client.companyName ?? '';
  const fullName = client.accountType === 'business' ? companyName || personName : personName || companyName;
  const address = [client.address, client.city, client.country ? countryName(client.country) : null].filter(Boolean).join(', ');
  return { fullName, iban: '', swiftBic: '', bank: '', bankAddress: '', address };
}

/**
 * The server's names of the payout's details in the transfer abroad it makes of them, should that
 * transfer refuse one (docs/bank-controls.md#closing-a-client): the bank's country is the IBAN's.
 */
const TRANSFER_FIELDS: Readonly<Record<string, PayoutField>> = {
  'recipientDetails.fullName': 'fullName',
  'recipientDetails.recipientsIban': 'iban',
  'recipientDetails.recipientsBankCountry': 'iban',
  'recipientDetails.recipientsSwiftBic': 'swiftBic',
  'recipientDetails.recipientsBank': 'bank',
  'recipientDetails.recipientsBankAddress': 'bankAddress',
  'recipientDetails.recipientsAddress': 'address',
};

function formFieldOf(path: string): PayoutField | undefined {
  return (PAYOUT_FIELDS as readonly string[]).includes(path) ? (path as PayoutField) : TRANSFER_FIELDS[path];
}

/** A refusal's field errors (translation keys) under the form's fields; those of no field of the form are left to the refusal's text. */
export function payoutFieldErrors(body: ErrorBody | null): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, key] of Object.entries(body?.fields ?? {})) {
    const field = formFieldOf(path);
    if (!field) continue;
    const keys = (errors[field] ??= []);
    if (!keys.includes(key)) keys.push(key);
  }
  return errors;
}

/** The bank found nothing to pay out (409 'nothingToPay'): no account awaits a payout any longer. */
export function nothingToPay(body: ErrorBody | null): boolean {
  return body?.code === 'CONFLICT' && body.details?.reason === 'nothingToPay';
}

/** Whether the accounts paid the whole closing fee (what they could not pay stays unpaid). */
export function feePaidInFull(fee: ClosureStatus['fee']): boolean {
  if (!isCurrency(fee.currency)) return fee.paid === fee.amount;
  return decimalToMinor(fee.paid, fee.currency) >= decimalToMinor(fee.amount, fee.currency);
}
