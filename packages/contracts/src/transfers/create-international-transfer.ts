import countries from 'i18n-iso-countries';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { isPossiblePhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { accountNumberSchema, amountInputSchema, optionalText, requiredText } from '../accounts/fields';
import { LIMITS } from '../protocol';
import { PAYMENT_REGIONS } from '../tariffs';
import { optionalDateSchema } from './dates';

/** Who receives the money abroad. */
export const RECIPIENT_TYPES = ['individual', 'business'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

/** An ISO 3166-1 alpha-2 country code (the web app shows the names in the reader's language). */
export const countryCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .toUpperCase()
  .min(1, 'validation.required')
  .refine((code) => code.length === 2 && countries.isValid(code), 'validation.country.invalid');

const optionalCountryCodeSchema = z
  .string({ error: 'validation.country.invalid' })
  .trim()
  .toUpperCase()
  .nullish()
  .transform((value) => (value ? value : undefined))
  .refine((code) => code === undefined || (code.length === 2 && countries.isValid(code)), 'validation.country.invalid');

/** True for an IBAN in electronic format (no spaces, upper case) whose check digits are right. */
export function isIban(value: string): boolean {
  return isValidIBAN(value);
}

/** An IBAN in any spacing; stored in electronic format (no spaces, upper case); checksum verified. */
export const optionalIbanSchema = z
  .string({ error: 'validation.iban.invalid' })
  .trim()
  .nullish()
  .transform((value, context) => {
    if (!value) return undefined;
    const electronic = electronicFormatIBAN(value) ?? '';
    if (!isIban(electronic)) {
      context.addIssue({ code: 'custom', message: 'validation.iban.invalid' });
      return z.NEVER;
    }
    return electronic;
  });

/** SWIFT/BIC: 8 or 11 characters, bank code, country code, location, optional branch. */
export const swiftBicSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .toUpperCase()
  .min(1, 'validation.required')
  .refine((value) => isValidBIC(value), 'validation.swiftBic.invalid');

const recipientEmailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(254, 'validation.email.invalid')
  .pipe(z.email({ error: 'validation.email.invalid' }));

const optionalPhoneSchema = z
  .string({ error: 'validation.phone.invalid' })
  .trim()
  .nullish()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || (/^\+[\d\s().-]+$/.test(value) && isPossiblePhoneNumber(value)), 'validation.phone.invalid');

/** A foreign account number (not this bank's): letters, digits, spaces and dashes. */
const optionalForeignAccountNumberSchema = z
  .string({ error: 'validation.accountNumber.invalid' })
  .trim()
  .max(64, 'validation.tooLong')
  .nullish()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || /^[A-Za-z0-9 -]{4,64}$/.test(value), 'validation.accountNumber.invalid');

/** recipientDetails (docs/product.md#data); required per docs/product.md#validation: name, address, IBAN or account number, SWIFT/BIC, bank country, bank name, bank address, e-mail. */
export const recipientDetailsSchema = z
  .object({
    fullName: requiredText(),
    recipientsSwiftBic: swiftBicSchema,
    recipientsBankCountry: countryCodeSchema,
    recipientsBankAddress: requiredText(),
    recipientsBank: requiredText(),
    recipientsIban: optionalIbanSchema,
    recipientsAccountNumber: optionalForeignAccountNumberSchema,
    recipientsAddress: requiredText(),
    /** The recipient's country of residence. */
    country: optionalCountryCodeSchema,
    phoneNumber: optionalPhoneSchema,
    recipientsEmail: recipientEmailSchema,
    recipientType: z.enum(RECIPIENT_TYPES, { error: 'validation.recipientType.invalid' }).nullish().transform((value) => value ?? undefined),
  }, { error: 'validation.required' })
  .superRefine((value, context) => {
    if (!value.recipientsIban && !value.recipientsAccountNumber) {
      context.addIssue({ code: 'custom', message: 'validation.ibanOrAccountNumber.required', path: ['recipientsIban'] });
    }
  });
export type RecipientDetails = z.output<typeof recipientDetailsSchema>;

/**
 * The bank (international) transfer of POST /api/transaction/create (bank transfer form, docs/product.md#data),
 * in the currency of `fromAccount`. A fee (see GET /api/transaction/fee) is added; amount + fee are
 * held on the account at once and the transfer waits for the back office with status New.
 *
 * Rules besides the fields': SEPA moves euros to an IBAN only (fields.paymentRegions
 * 'validation.paymentRegions.sepaEuroOnly', fields['recipientDetails.recipientsIban']
 * 'validation.iban.requiredForSepa').
 * Answers besides "Created": 400 VALIDATION_FAILED with field keys, 403 not identified,
 * 404 fields.fromAccount 'validation.fromAccount.notFound' (not the client's account),
 * 422 INSUFFICIENT_FUNDS (amount + fee above the available balance; details {fee, total}).
 */
export const internationalTransferSchema = z.object({
  type: z.literal('international'),
  paymentRegions: z.enum(PAYMENT_REGIONS, { error: 'validation.paymentRegions.required' }),
  fromAccount: accountNumberSchema,
  paymentDate: optionalDateSchema,
  reference: optionalText(),
  /** Entered as text (docs/product.md#validation); a JSON number is accepted too. Scale checked against the account's currency. */
  amount: amountInputSchema,
  purpose: optionalText(LIMITS.maxShortText),
  templateName: optionalText(),
  /** How the recipient was picked (bank account, phone, IBAN, account number or key value). */
  recipient: optionalText(),
  recipientDetails: recipientDetailsSchema,
});
export type InternationalTransferPayload = z.input<typeof internationalTransferSchema>;
export type InternationalTransferRequest = z.output<typeof internationalTransferSchema>;
