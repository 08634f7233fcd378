import { accountNumberSchema } from '@bank/contracts/accounts/fields';
import { CARD_TYPES, deliveryAddressSchema, type CardType, type OrderCardPayload } from '@bank/contracts/cards/cards';
import type { ErrorBody } from '@bank/contracts/errors';
import { CARD_ISSUE_FEES, CARDS } from '@bank/contracts/tariffs';
import { z } from 'zod';
import type { FieldErrors } from '../../lib/formValidation';
import type { AccountSummary } from '../auth';

/**
 * The order form of a card (docs/cards.md): the type, the USD account it draws on and, for a
 * physical card, where to send it. The form's fields are flat; the bank takes the address as an
 * object of its own, and names its fields `deliveryAddress.line1` and so on.
 */
export type OrderFormValues = {
  type: string;
  accountNumber: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  country: string;
};

export const EMPTY_ORDER: OrderFormValues = { type: 'virtual', accountNumber: '', line1: '', line2: '', city: '', postalCode: '', country: '' };

const cardTypeSchema = z.enum(CARD_TYPES, { error: 'validation.cardType.invalid' });

/**
 * The account is chosen from a list: none chosen is said once ("Choose an account"), and a number
 * chosen is checked by the contract's own rule.
 */
const chosenAccountSchema = z.string().trim().min(1, 'validation.accountNumber.required').pipe(accountNumberSchema);

/** A virtual card: the type and the account. */
const virtualOrderSchema = z.object({ type: cardTypeSchema, accountNumber: chosenAccountSchema });
/** A physical card: the same, and the delivery address with the contract's rules for each of its fields. */
const physicalOrderSchema = virtualOrderSchema.extend(deliveryAddressSchema.shape);

export type OrderFormOutput = z.output<typeof virtualOrderSchema> & Partial<z.output<typeof deliveryAddressSchema>>;

/** The schema that checks the form for the type chosen: the address only for a physical card. */
export function orderFormSchema(type: string): z.ZodType<OrderFormOutput> {
  return type === 'physical' ? physicalOrderSchema : virtualOrderSchema;
}

/** POST /api/cards's body from the checked form: the address only for a physical card. */
export function orderRequestOf(values: OrderFormOutput): OrderCardPayload {
  const { type, accountNumber } = values;
  if (type !== 'physical') return { type, accountNumber };
  const deliveryAddress = { line1: values.line1 ?? '', city: values.city ?? '', postalCode: values.postalCode ?? '', country: values.country ?? '' };
  return { type, accountNumber, deliveryAddress: values.line2 ? { ...deliveryAddress, line2: values.line2 } : deliveryAddress };
}

const ORDER_FIELDS: ReadonlySet<string> = new Set(Object.keys(EMPTY_ORDER));

/**
 * The bank's field errors under the form's fields: `deliveryAddress.city` under the city, a missing
 * address as a whole under its first line. Fields the form does not have are left out, so the
 * refusal is said in a sentence instead.
 */
export function orderFieldErrors(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, key] of Object.entries(fields ?? {})) {
    const name = path === 'deliveryAddress' ? 'line1' : path.replace(/^deliveryAddress\./, '');
    if (ORDER_FIELDS.has(name)) (errors[name] ??= []).push(key);
  }
  return errors;
}

/** The client's accounts a card may draw on: those in the cards' currency (USD). */
export function cardAccounts(accounts: readonly AccountSummary[]): AccountSummary[] {
  return accounts.filter((account) => account.currency === CARDS.currency);
}

/** The account the form shows: the one chosen while it is a USD account, else the only USD account, else none. */
export function cardAccountFor(accounts: readonly AccountSummary[], chosen: string): string {
  const candidates = cardAccounts(accounts);
  if (candidates.some((account) => account.number === chosen)) return chosen;
  return candidates.length === 1 ? candidates[0]!.number : '';
}

/** What the client's profile says of their address, to start the delivery address from (the postal code is not kept there). */
export function deliveryPrefill(user: { address?: string | null; city?: string | null; country?: string | null }): Pick<OrderFormValues, 'line1' | 'city' | 'country'> {
  const country = (user.country ?? '').trim().toUpperCase();
  return { line1: (user.address ?? '').trim(), city: (user.city ?? '').trim(), country: /^[A-Z]{2}$/.test(country) ? country : '' };
}

/** The issue fee of a card type (docs/product.md#fees-eur), in EUR. */
export function issueFee(type: CardType): { amount: string; currency: string } {
  return CARD_ISSUE_FEES[type];
}

/** The fee the bank could not charge, when it refused the order for want of money (422 INSUFFICIENT_FUNDS), else null. */
export function unpaidFee(body: ErrorBody | null): { amount: string; currency: string } | null {
  if (body?.code !== 'INSUFFICIENT_FUNDS') return null;
  const details = body.details as { fee?: unknown; currency?: unknown } | undefined;
  return typeof details?.fee === 'string' && typeof details.currency === 'string' ? { amount: details.fee, currency: details.currency } : null;
}

/** The card type as the form holds it, narrowed to the contract's (a virtual card until the client picks). */
export function cardTypeOf(value: string): CardType {
  return (CARD_TYPES as readonly string[]).includes(value) ? (value as CardType) : 'virtual';
}

/** A delivery address as lines to read: the street, its second line when given, the postal code with the city, the country. */
export function addressLines(address: { line1: string; line2?: string | null | undefined; city: string; postalCode: string; country: string }, countryNameOf: (code: string) => string): string[] {
  return [address.line1, address.line2 ?? '', [address.postalCode, address.city].filter(Boolean).join(' '), countryNameOf(address.country)].filter((line) => line.trim() !== '');
}

/**
 * How a refused order is said: the fee the bank could not charge; an outcome not known (no answer,
 * or a failure the bank did not explain), where the same order is to be confirmed again with the
 * same key; or a refusal the bank explained (stale rates, a busy bank, a closed client…).
 */
export function orderRefusalKind(status: number, body: ErrorBody | null): 'insufficientFunds' | 'unknown' | 'refused' {
  if (unpaidFee(body)) return 'insufficientFunds';
  if (status === 0 || (status >= 500 && (!body || body.code === 'INTERNAL'))) return 'unknown';
  return 'refused';
}
