import { convertMinor, formatMinor, parseAmount, sameRate, type Currency, type ExchangeRequest } from '@bank/contracts';
import { AppError } from '../../lib/errors';
import type { Db } from '../../db';
import { refuseOverOperationMaximum } from '../operations';
import { loadRateTable, offeredRate, type RateTable } from '../rates';

/**
 * The rate a client confirmed, checked against the rate on offer, for an exchange and a crypto
 * conversion alike. If the offer is now another rate (or gives less than the `toAmount` the client
 * expects), the answer is 409 RATE_CHANGED with the new quote; nothing is booked or held.
 */
export function confirmedQuote(
  table: RateTable,
  from: Currency,
  to: Currency,
  amountMinor: bigint,
  confirmed: { rate?: string | undefined; toAmount?: string | undefined },
): { rate: string; creditMinor: bigint } {
  const rate = offeredRate(table, from, to);
  const creditMinor = convertMinor(amountMinor, from, to, rate);
  const rateChanged = () =>
    new AppError('RATE_CHANGED', {
      message: 'The exchange rate has changed',
      details: { rate, convertedAmount: formatMinor(creditMinor, to) },
    });
  if (confirmed.rate !== undefined && !sameRate(confirmed.rate, rate)) throw rateChanged();
  if (confirmed.toAmount !== undefined) {
    const expected = parseAmount(confirmed.toAmount, to);
    if (!expected.ok) throw new AppError('VALIDATION_FAILED', { fields: { toAmount: `validation.amount.${expected.problem}` } });
    if (expected.minor > creditMinor) throw rateChanged();
  }
  if (creditMinor === 0n) {
    throw new AppError('VALIDATION_FAILED', { message: 'The amount is too small to exchange', fields: { amount: 'validation.amount.tooSmallToExchange' } });
  }
  return { rate, creditMinor };
}

/** The currencies the client named must be those of the two sides (an account or a wallet each). */
export function checkExchangeCurrencies(request: Pick<ExchangeRequest, 'forAmountCurrency' | 'getAmountCurrency'>, sold: Currency, bought: Currency): void {
  if (request.forAmountCurrency !== sold) {
    throw new AppError('VALIDATION_FAILED', { message: 'The currency sold is not the currency of the account', fields: { forAmountCurrency: 'validation.exchange.currencyMismatch' } });
  }
  if (request.getAmountCurrency !== bought) {
    throw new AppError('VALIDATION_FAILED', { message: 'The currency bought is not the currency of the account', fields: { getAmountCurrency: 'validation.exchange.currencyMismatch' } });
  }
}

/**
 * An exchange or a crypto conversion as the client confirmed it, between sides of `sold` and
 * `bought`: the currencies named must be the sides', the amount must parse and stay within the
 * operation maximum, and the rate on offer must be the one confirmed. Answers the amount, the
 * day's rate table (the conversion's fee reads it too) and the quote booked.
 */
export async function priceConfirmedExchange(
  trx: Db,
  request: ExchangeRequest,
  sold: Currency,
  bought: Currency,
): Promise<{ amountMinor: bigint; table: RateTable; rate: string; creditMinor: bigint }> {
  checkExchangeCurrencies(request, sold, bought);
  const amount = parseAmount(request.amount, sold);
  if (!amount.ok) throw new AppError('VALIDATION_FAILED', { fields: { amount: `validation.amount.${amount.problem}` } });
  const table = await loadRateTable(trx);
  await refuseOverOperationMaximum(trx, amount.minor, sold, table);
  return { amountMinor: amount.minor, table, ...confirmedQuote(table, sold, bought, amount.minor, request) };
}
