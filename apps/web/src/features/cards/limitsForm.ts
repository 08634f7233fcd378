import { AMOUNT_PROBLEM_MESSAGES, amountInputSchema } from '@bank/contracts/accounts/fields';
import { CARD_MAX_LIMITS, type CardLimits, type CardLimitsRequest } from '@bank/contracts/cards/cards';
import { parseAmount } from '@bank/contracts/money';
import { CARDS } from '@bank/contracts/tariffs';
import { z } from 'zod';

/**
 * The limits form of a card (docs/cards.md): the USD amounts a payment and a calendar month may
 * reach, whether online payments pass, and the countries where the card is refused. The amounts are
 * checked here as the bank checks them, so most mistakes show before anything is sent.
 */
export type LimitAmounts = {
  perTransaction: string;
  monthly: string;
};

type LimitField = keyof LimitAmounts & string;

/** The problems of the amounts typed, as the bank would name them: a field and its translation key each. */
export function limitIssues(values: LimitAmounts): Array<{ path: [LimitField]; message: string }> {
  const issues: Array<{ path: [LimitField]; message: string }> = [];
  const minor: Partial<Record<LimitField, bigint>> = {};
  for (const field of ['perTransaction', 'monthly'] as const) {
    const parsed = parseAmount(values[field], CARDS.currency);
    if (!parsed.ok) {
      issues.push({ path: [field], message: AMOUNT_PROBLEM_MESSAGES[parsed.problem] });
      continue;
    }
    const maximum = parseAmount(CARD_MAX_LIMITS[field], CARDS.currency);
    if (maximum.ok && parsed.minor > maximum.minor) issues.push({ path: [field], message: 'validation.cardLimit.tooHigh' });
    else minor[field] = parsed.minor;
  }
  if (minor.perTransaction !== undefined && minor.monthly !== undefined && minor.monthly < minor.perTransaction) {
    issues.push({ path: ['monthly'], message: 'validation.cardLimit.belowPerTransaction' });
  }
  return issues;
}

/** The amounts: each typed as an amount (the contract's rule), then within the cards' maximum and in order. */
export const limitAmountsSchema = z.object({ perTransaction: amountInputSchema, monthly: amountInputSchema }).superRefine((values, context) => {
  for (const issue of limitIssues(values)) context.addIssue({ code: 'custom', ...issue });
});

/** The form's first values: the card's limits as they stand. */
export function limitAmountsOf(limits: CardLimits): LimitAmounts {
  return { perTransaction: limits.perTransaction, monthly: limits.monthly };
}

/** PATCH /api/cards/:id/limits's body: every limit as the form holds it, the countries each once and in order. */
export function limitsRequestOf(amounts: { perTransaction: string; monthly: string }, online: boolean, countriesBlocked: readonly string[]): CardLimitsRequest {
  return { perTransaction: amounts.perTransaction.trim(), monthly: amounts.monthly.trim(), online, countriesBlocked: normalisedCountries(countriesBlocked) };
}

/** Country codes upper case, each once, sorted (as the bank keeps them). */
export function normalisedCountries(codes: readonly string[]): string[] {
  return [...new Set(codes.map((code) => code.trim().toUpperCase()).filter((code) => code !== ''))].sort();
}

/** The blocked countries with one more (the list unchanged when it is already there or none was chosen). */
export function withCountry(codes: readonly string[], code: string): string[] {
  return normalisedCountries([...codes, code]);
}

/** The blocked countries without one. */
export function withoutCountry(codes: readonly string[], code: string): string[] {
  return codes.filter((other) => other !== code);
}

/** The bank's field errors under the form's two amounts; others (a country refused) are said in a sentence. */
export function limitFieldErrors(fields: Record<string, string> | undefined): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const field of ['perTransaction', 'monthly'] as const) {
    const key = fields?.[field];
    if (key) errors[field] = [key];
  }
  return errors;
}
