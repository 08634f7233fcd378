import {
  amountToSellMinor,
  convertMinor,
  CURRENCY_SCALE,
  formatMinor,
  parseAmount,
  positiveRatioFromDecimal,
  type Currency,
} from '@bank/contracts/money';

/**
 * The exchange form's amounts, recomputed from the quoted rate with the money module of contracts:
 * the same functions the server books with, so what the form says the client receives is what is
 * credited (down to the minor unit), and the amount to sell for a wanted credit always buys it.
 */

/**
 * What selling `amount` of `from` buys in `to` at `rate`, rounded down to `to`'s scale: the figure
 * the bank credits. Null when the amount does not fit `from` or the rate is not a positive decimal.
 */
export function amountToReceive(amount: string, from: Currency, to: Currency, rate: string): string | null {
  const sold = parseAmount(amount, from, { allowZero: true });
  if (!sold.ok || !positiveRatioFromDecimal(rate)) return null;
  return formatMinor(convertMinor(sold.minor, from, to, rate), to);
}

/**
 * The least amount of `from` (at `from`'s scale) that buys at least `toAmount` of `to` at `rate`.
 * Null when the amount does not fit `to` or the rate is not a positive decimal.
 */
export function amountToSell(toAmount: string, from: Currency, to: Currency, rate: string): string | null {
  const bought = parseAmount(toAmount, to, { allowZero: true });
  if (!bought.ok || !positiveRatioFromDecimal(rate)) return null;
  return formatMinor(amountToSellMinor(bought.minor, from, to, rate), from);
}

/** The input step of an amount field: one minor unit of the currency (0.01 for two decimals). */
export function amountStep(currency: Currency): string {
  const scale = CURRENCY_SCALE[currency];
  return scale === 0 ? '1' : `0.${'1'.padStart(scale, '0')}`;
}

/** The two amounts of the exchange form and which of them the client typed last. */
export interface ExchangeAmounts {
  amount: string;
  toAmount: string;
  edited: 'amount' | 'toAmount';
}

/**
 * docs/product.md#validation: editing one amount recalculates the other from the rate. The amount typed last stays as
 * typed; the other follows it, and is emptied while the typed one is not yet a valid amount.
 */
export function recomputeAmounts(amounts: ExchangeAmounts, from: Currency | null, to: Currency | null, rate: string | null): ExchangeAmounts {
  if (!from || !to || !rate) return amounts;
  if (amounts.edited === 'amount') {
    const toAmount = amounts.amount.trim() === '' ? '' : (amountToReceive(amounts.amount, from, to, rate) ?? '');
    return { ...amounts, toAmount };
  }
  const amount = amounts.toAmount.trim() === '' ? '' : (amountToSell(amounts.toAmount, from, to, rate) ?? '');
  return { ...amounts, amount };
}

/**
 * The amounts the summary shows and the payload sends: the amount to sell as it stands, and what
 * the bank credits for exactly that amount. After the client typed the amount to receive, the
 * credit can be a minor unit more than typed (the amount sold is rounded up); the summary then
 * shows the credit itself, never a figure the server would not book.
 */
export function settledAmounts(amounts: ExchangeAmounts, from: Currency, to: Currency, rate: string): ExchangeAmounts {
  const received = amountToReceive(amounts.amount, from, to, rate);
  return received === null ? amounts : { amount: amounts.amount, toAmount: received, edited: 'amount' };
}
