import countries from 'i18n-iso-countries';
import { z } from 'zod';
import type { AccountType } from '../auth/fields';
import { phoneSchema } from '../auth/phone';
import { FIAT_CURRENCIES } from '../money';
import { LIMITS } from '../protocol';
import { IDENTITY_CARD_TYPES, SOURCES_OF_WEALTH } from './constants';


const tooLong = { error: 'validation.text.tooLong' } as const;

/** Optional free text: trimmed, at most LIMITS.maxShortText characters; empty becomes null. */
const optionalText = z
  .string()
  .trim()
  .max(LIMITS.maxShortText, tooLong)
  .nullish()
  .transform((value) => (value ? value : null));

const optionalCountry = z
  .string()
  .trim()
  .toUpperCase()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || countries.isValid(value), { error: 'validation.country.invalid' });

const optionalPhone = z
  .union([z.literal(''), phoneSchema], { error: 'validation.phone.invalid' })
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * The KYC form of docs/product.md#data, before the rules that depend on the account type. Countries are ISO
 * 3166-1 alpha-2 codes; the web app shows their names in the reader's language.
 */
export const kycFieldsSchema = z.object({
  firstName: optionalText,
  lastName: optionalText,
  companyName: optionalText,
  country: optionalCountry,
  city: optionalText,
  state: optionalText,
  postalCode: z
    .string()
    .trim()
    .max(20, tooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
  identityCardType: z
    .union([z.literal(''), z.enum(IDENTITY_CARD_TYPES)], { error: 'validation.kyc.identityCardType' })
    .nullish()
    .transform((value) => (value ? value : null)),
  identityCardId: z
    .string()
    .trim()
    .max(64, tooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
  address: optionalText,
  phoneNumber: optionalPhone,
  taxNumber: z
    .string()
    .trim()
    .max(64, tooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
  sourcesOfWealth: z
    .array(z.enum(SOURCES_OF_WEALTH, { error: 'validation.kyc.sourceOfWealth' }))
    .max(SOURCES_OF_WEALTH.length)
    .default([])
    .transform((values) => [...new Set(values)]),
  isOtherSourcesOfWealth: z.boolean().default(false),
  otherSourcesOfWealth: optionalText,
  pep: z.boolean().default(false),
  currencies: z
    .array(z.enum(FIAT_CURRENCIES, { error: 'validation.kyc.currency' }))
    .max(FIAT_CURRENCIES.length)
    .default([])
    .transform((values) => [...new Set(values)]),
});
export type KycFields = z.output<typeof kycFieldsSchema>;
export type KycFormInput = z.input<typeof kycFieldsSchema>;

/** docs/product.md#validation: what each account type must fill in. */
export const REQUIRED_KYC_FIELDS: Readonly<Record<AccountType, ReadonlyArray<keyof KycFields>>> = {
  business: ['companyName'],
  personal: ['firstName', 'lastName', 'country', 'phoneNumber', 'city', 'address', 'identityCardType', 'identityCardId'],
};

/**
 * The account-type rules of docs/product.md#validation as field errors (field name → translation key); empty when the
 * fields pass. The server applies them with the signed-in client's type, the web form with the user's.
 */
export function kycRuleErrors(fields: KycFields, accountType: AccountType): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const name of REQUIRED_KYC_FIELDS[accountType]) {
    if (fields[name] === null) errors[name] = 'validation.required';
  }
  if (fields.isOtherSourcesOfWealth && fields.otherSourcesOfWealth === null) errors.otherSourcesOfWealth = 'validation.required';
  return errors;
}

/** The KYC form with the rules of the client's account type. */
export function kycFormSchema(accountType: AccountType) {
  return kycFieldsSchema.check(
    z.superRefine(
      (fields: KycFields, context) => {
        for (const [name, message] of Object.entries(kycRuleErrors(fields, accountType))) {
          context.addIssue({ code: 'custom', path: [name], message });
        }
      },
      // Run the rules even when another field already failed, so a form shows every error at once.
      { when: () => true },
    ),
  );
}
