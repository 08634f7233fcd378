import { randomUUID } from 'node:crypto';
import { basisPointsOf, formatMinor, isValidAccountNumber, parseAmount, type Currency, type ExchangeRequest } from '@bank/contracts';
import { conversionFeeBasisPoints, type ConversionQuote } from '@bank/contracts/exchange/conversion-quote';
import type { Db } from '../../db';
import { instantOfDate } from '../../db/instant';
import { AppError } from '../../lib/errors';
import { findOwnAccount } from '../accounts';
import { confirmedQuote, priceConfirmedExchange } from '../exchange';
import { placeHold, readBalances } from '../ledger';
import { convertAtMidMinor, type RateTable, loadRateTable } from '../rates';
import { thresholdsAtCreation, recordOperations, type NewSide, type NewWalletSide } from '../operations';
import { findOwnWallet } from './wallets';

/**
 * Crypto conversion (docs/product.md#tariffs-and-limits: by agreement, requires approval, fee up to 2.5 % by volume): the
 * exchange screen's payload with a wallet on either side (or both). It is quoted at the rate
 * source's rate for the pair like any exchange, with the fee of the amount's tier
 * (CRYPTO_CONVERSION_FEE_TIERS) in the currency sold on top. Amount + fee are held and it waits
 * (New) for a payments operator: approval books it through the FX position accounts at the rate
 * the client confirmed (pending.ts), denial releases the hold.
 */

/** Whether an exchange payload names a wallet (a conversion) rather than two accounts. */
export function isCryptoConversion(request: Pick<ExchangeRequest, 'accNumberFrom' | 'accNumberTo'>): boolean {
  return !isValidAccountNumber(request.accNumberFrom) || !isValidAccountNumber(request.accNumberTo);
}

/** The fee of a conversion of `amountMinor` of `from`: its tier by the EUR value at the day's mid rate. */
function conversionFee(table: RateTable, from: Currency, amountMinor: bigint) {
  const amountEurMinor = convertAtMidMinor(table, amountMinor, from, 'EUR');
  const feeBasisPoints = conversionFeeBasisPoints(amountEurMinor);
  return { amountEurMinor, feeBasisPoints, feeMinor: basisPointsOf(amountMinor, feeBasisPoints) };
}

/** GET /api/exchange/conversion-quote: what the summary step shows. */
export async function quoteConversion(db: Db, from: Currency, to: Currency, amount: string): Promise<ConversionQuote> {
  const parsed = parseAmount(amount, from);
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', { fields: { amount: `validation.amount.${parsed.problem}` } });
  const table = await loadRateTable(db);
  const { rate, creditMinor } = confirmedQuote(table, from, to, parsed.minor, {});
  const fee = conversionFee(table, from, parsed.minor);
  return {
    from,
    to,
    amount: formatMinor(parsed.minor, from),
    rate,
    convertedAmount: formatMinor(creditMinor, to),
    fee: formatMinor(fee.feeMinor, from),
    feeBasisPoints: fee.feeBasisPoints,
    total: formatMinor(parsed.minor + fee.feeMinor, from),
    amountEur: formatMinor(fee.amountEurMinor, 'EUR'),
  };
}

/** One side of a conversion: one of the client's accounts or wallets. */
interface ConversionSide {
  number: string;
  currency: Currency;
  ledgerAccountId: string;
  accountId: string | null;
  walletId: string | null;
}

async function ownSide(db: Db, clientId: string, number: string, field: 'accNumberFrom' | 'accNumberTo'): Promise<ConversionSide> {
  if (isValidAccountNumber(number)) {
    const account = await findOwnAccount(db, clientId, number);
    if (account) return { number: account.number, currency: account.currency, ledgerAccountId: account.ledgerAccountId, accountId: account.id, walletId: null };
  } else {
    const wallet = await findOwnWallet(db, clientId, number);
    if (wallet) return { number: wallet.address, currency: wallet.currency, ledgerAccountId: wallet.ledgerAccountId, accountId: null, walletId: wallet.id };
  }
  throw new AppError('NOT_FOUND', { message: 'Account or wallet not found', fields: { [field]: `validation.${field}.notFound` } });
}

/** POST /api/transaction/create with type 'exchange' and a wallet on a side. Answers the transaction number. */
export async function createCryptoConversion(trx: Db, clientId: string, request: ExchangeRequest, options: { at?: Date } = {}): Promise<string> {
  const from = await ownSide(trx, clientId, request.accNumberFrom, 'accNumberFrom');
  const to = await ownSide(trx, clientId, request.accNumberTo, 'accNumberTo');
  const { amountMinor, table, rate, creditMinor } = await priceConfirmedExchange(trx, request, from.currency, to.currency);
  const { feeMinor } = conversionFee(table, from.currency, amountMinor);

  const transferId = randomUUID();
  let held;
  try {
    held = await placeHold(trx, { accountId: from.ledgerAccountId, currency: from.currency, amountMinor: amountMinor + feeMinor, transferId });
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
      throw new AppError('INSUFFICIENT_FUNDS', { details: { fee: formatMinor(feeMinor, from.currency), total: formatMinor(amountMinor + feeMinor, from.currency) } });
    }
    throw error;
  }
  // Pending rows move nothing: a fiat side shows its booked balance as it stands (the side sold is
  // known from its hold; the side bought is read only when it is an account).
  const bookedNow = to.accountId ? await readBalances(trx, [to.ledgerAccountId]) : new Map<string, { bookedMinor: bigint }>();
  const sides: NewSide[] = [];
  const walletSides: NewWalletSide[] = [];
  for (const [side, direction, other, sideAmountMinor, sideFee] of [
    [from, 'OUT', to, amountMinor, feeMinor],
    [to, 'IN', from, creditMinor, 0n],
  ] as const) {
    if (side.walletId) {
      walletSides.push({ clientId, walletId: side.walletId, kind: 'conversion', direction, counterparty: other.number, amountMinor: sideAmountMinor, currency: side.currency, feeMinor: sideFee, bookedAt: null });
    } else {
      sides.push({
        clientId,
        accountId: side.accountId!,
        direction,
        fromAccount: from.number,
        toAccount: to.number,
        recipient: to.number,
        amountMinor: sideAmountMinor,
        currency: side.currency,
        feeMinor: sideFee,
        bookedAt: null,
        balanceAfterMinor: side === from ? held.balance.bookedMinor : bookedNow.get(to.ledgerAccountId)!.bookedMinor,
        transactionType: 'Exchange',
        reference: 'Exchange',
      });
    }
  }
  const madeAt = options.at ? instantOfDate(options.at) : held.heldAt;
  const thresholds = await thresholdsAtCreation(trx, table, { clientId, kind: 'crypto_conversion', amountMinor, currency: from.currency, at: madeAt });
  const numbers = await recordOperations(trx, [
    {
      at: madeAt,
      transfer: {
        id: transferId,
        kind: 'crypto_conversion',
        status: 'New',
        clientId,
        fromAccountId: from.accountId,
        toAccountId: to.accountId,
        fromWalletId: from.walletId ?? undefined,
        toWalletId: to.walletId ?? undefined,
        amountMinor,
        currency: from.currency,
        feeMinor,
        counterAmountMinor: creditMinor,
        counterCurrency: to.currency,
        rate,
        recipient: to.number,
        holdId: held.holdId,
        thresholds,
      },
      sides,
      walletSides,
      actor: { type: 'client', id: clientId },
    },
  ]);
  return numbers.get(transferId)!;
}
