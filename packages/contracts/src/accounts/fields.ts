import { z } from 'zod';
import { CURRENCIES, FIAT_CURRENCIES, parseAmount, type Currency } from '../money';
import { LIMITS } from '../protocol';
import { isValidAccountNumber } from './account-number';

/**
 * Field schemas shared by the money operations (accounts, transfers, exchange, rates).
 * Every message is a translation key the web app renders in EN and RU.
 */

/** Any currency the bank keeps (fiat and crypto). */
export const currencySchema = z.enum(CURRENCIES as [Currency, ...Currency[]], { error: 'validation.currency.unknown' });

/** Currencies of fiat accounts (crypto wallets are a separate product). */
export const accountCurrencySchema = z.enum(FIAT_CURRENCIES, { error: 'validation.currency.unknown' });

/** An account number of this bank (format and check digits). */
export const accountNumberSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .refine(isValidAccountNumber, 'validation.accountNumber.invalid');

/**
 * An amount as the client typed it: a decimal string or a JSON number. The currency's scale is
 * checked by `checkAmountScale` where the currency is known; nothing is ever rounded.
 */
export const amountInputSchema = z
  .union([z.string().trim(), z.number()], { error: 'validation.amount.invalid' })
  .transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value;
    if (text === '' ) {
      context.addIssue({ code: 'custom', message: 'validation.required' });
      return z.NEVER;
    }
    if (/^-/.test(text)) {
      context.addIssue({ code: 'custom', message: 'validation.amount.notPositive' });
      return z.NEVER;
    }
    if (typeof value === 'number' && (!Number.isFinite(value) || /e/i.test(text))) {
      context.addIssue({ code: 'custom', message: 'validation.amount.invalid' });
      return z.NEVER;
    }
    if (!/^\d{1,30}(\.\d+)?$/.test(text)) {
      context.addIssue({ code: 'custom', message: 'validation.amount.invalid' });
      return z.NEVER;
    }
    return text;
  });

/** Translation key of each amount problem. */
export const AMOUNT_PROBLEM_MESSAGES = {
  invalid: 'validation.amount.invalid',
  tooManyDecimals: 'validation.amount.tooManyDecimals',
  notPositive: 'validation.amount.notPositive',
} as const;

/**
 * Checks an amount against its currency's scale inside an object refinement and reports the
 * problem on `path` (e.g. 'validation.amount.tooManyDecimals' for 1.005 EUR).
 */
export function checkAmountScale(
  context: { addIssue(issue: { code: 'custom'; message: string; path: PropertyKey[] }): void },
  amount: string,
  currency: Currency,
  path: PropertyKey[],
): void {
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok) context.addIssue({ code: 'custom', message: AMOUNT_PROBLEM_MESSAGES[parsed.problem], path });
}

/**
 * The refinement of a question about an `amount` in the currency named by `currencyKey`: the
 * amount must fit that currency's scale (a quote of 1.005 EUR is a 400, never a rounding).
 */
export function amountFitsCurrencyOf<Key extends string>(currencyKey: Key) {
  return (value: { amount: string } & { [name in Key]: Currency }, context: Parameters<typeof checkAmountScale>[0]): void =>
    checkAmountScale(context, value.amount, value[currencyKey], ['amount']);
}

/** Required free text with the shared length limit. */
export function requiredText(max: number = LIMITS.maxShortText) {
  return z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max, 'validation.tooLong');
}

/** Optional free text: missing, null or blank all mean "not given" (undefined). */
export function optionalText(max: number = LIMITS.maxShortText) {
  return z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((value) => (value ? value : undefined));
}

/** An optional e-mail address; blank means not given. */
export const optionalEmailSchema = z
  .string({ error: 'validation.email.invalid' })
  .trim()
  .max(254, 'validation.tooLong')
  .nullish()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || z.email().safeParse(value).success, 'validation.email.invalid');

/** A decimal string of money in answers ("1250.00", with the currency's scale). */
export const moneyStringSchema = z.string().regex(/^-?\d+(\.\d+)?$/);
