import {
  DEPOSIT_EARLY_CLOSING_RULE,
  DEPOSITS,
  decimalToMinor,
  formatMinor,
  parseAmount,
  ratePercentOf,
  type DepositHistoryTier,
  type DepositPayout,
  type DepositQuote,
  type DepositTerms,
} from '@bank/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { findOwnAccount, type ClientAccount } from '../accounts';
import { bankToday } from '../jobs';
import type { RatesAgeLimit } from '../rates';
import { tariffFeeInMinor, refuseOverOperationMaximum } from '../operations';
import { historyTierOf } from './history';
import { depositRatesInForce } from './rate-table';
import { maturityDateOf, maxForfeitMinorOf, payoutScheduleOf, totalInterestMinorOf, type DepositSchedule, type ScheduledPayout } from './schedule';

/**
 * What a deposit on the client's terms would be, opened today (GET /api/deposit/quote), and the
 * figures POST /api/deposit/create opens it with, priced again inside its transaction: the rate of
 * the table in force for the client's history tier, the schedule's dates and payouts, and the
 * opening fee of the tariff in the account's currency at the day's mid rate.
 */
export interface PricedDeposit {
  account: ClientAccount;
  schedule: DepositSchedule;
  historyTier: DepositHistoryTier;
  /** The rate table version the rate came from (null: the tariff's own table). */
  rateVersionId: string | null;
  maturityDate: string;
  payouts: ScheduledPayout[];
  totalInterestMinor: bigint;
  feeMinor: bigint;
  feeEurMinor: bigint;
}

/** A scheduled payout as the API answers it. */
export function payoutAnswer(payout: ScheduledPayout, currency: DepositSchedule['currency'], paid: boolean): DepositPayout {
  return { sequence: payout.sequence, date: payout.date, amount: formatMinor(payout.amountMinor, currency), days: payout.days, paid };
}

/** What closing early costs (DEPOSIT_EARLY_CLOSING_RULE): at most the largest payout's interest. */
export function earlyClosingTermsOf(schedule: DepositSchedule): DepositQuote['earlyClosing'] {
  return { rule: DEPOSIT_EARLY_CLOSING_RULE, maxForfeit: formatMinor(maxForfeitMinorOf(schedule), schedule.currency) };
}

const accountNotFound = () => new AppError('NOT_FOUND', { message: 'Account not found', fields: { accNumberFrom: 'validation.accNumberFrom.notFound' } });

/**
 * Prices the client's terms on the bank's date (the schema has checked the currency, the minimum,
 * the term and the payout period). The account must be the client's own (404) and in the deposit's
 * currency (400); the principal at most MAX_OPERATION_EUR, as any operation. Reads through `db`,
 * the caller's transaction when it opens the deposit.
 */
export async function priceDeposit(db: Db, deps: RatesAgeLimit, clientId: string, terms: DepositTerms): Promise<PricedDeposit> {
  const account = await findOwnAccount(db, clientId, terms.accNumberFrom);
  if (!account) throw accountNotFound();
  if (account.currency !== terms.currency) {
    throw new AppError('VALIDATION_FAILED', {
      message: `The account is in ${account.currency}; a deposit in ${terms.currency} is funded from an account in ${terms.currency}`,
      fields: { accNumberFrom: 'validation.deposit.accountCurrency' },
    });
  }
  const amount = parseAmount(terms.amount, terms.currency);
  if (!amount.ok) throw new AppError('VALIDATION_FAILED', { fields: { amount: `validation.amount.${amount.problem}` } });
  const currency = terms.currency;
  // The fee in USD is priced on the day's rates, and refused on stale ones before anything else is.
  const feeMinor = await tariffFeeInMinor(db, deps, DEPOSITS.openingFee, currency);
  await refuseOverOperationMaximum(db, amount.minor, currency);
  const openingDate = bankToday(deps.clock);
  const historyTier = await historyTierOf(db, clientId, openingDate, deps.clock.timeZone);
  const table = await depositRatesInForce(db);
  const schedule: DepositSchedule = {
    principalMinor: amount.minor,
    currency,
    rateBasisPoints: table.rates[historyTier][currency],
    openingDate,
    termMonths: terms.termMonths,
    payoutMonths: terms.payoutMonths,
  };
  return {
    account,
    schedule,
    historyTier,
    rateVersionId: table.versionId,
    maturityDate: maturityDateOf(schedule),
    payouts: payoutScheduleOf(schedule),
    totalInterestMinor: totalInterestMinorOf(schedule),
    feeMinor,
    feeEurMinor: decimalToMinor(DEPOSITS.openingFee.amount, DEPOSITS.openingFee.currency),
  };
}

export function quoteOf(priced: PricedDeposit): DepositQuote {
  const { schedule, account } = priced;
  const { currency } = schedule;
  return {
    currency,
    accNumberFrom: account.number,
    amount: formatMinor(schedule.principalMinor, currency),
    termMonths: schedule.termMonths,
    payoutMonths: schedule.payoutMonths,
    historyTier: priced.historyTier,
    rateBasisPoints: schedule.rateBasisPoints,
    rate: ratePercentOf(schedule.rateBasisPoints),
    openingDate: schedule.openingDate,
    maturityDate: priced.maturityDate,
    openingFee: {
      amount: formatMinor(priced.feeMinor, currency),
      currency,
      eurAmount: formatMinor(priced.feeEurMinor, DEPOSITS.openingFee.currency),
    },
    totalDebit: formatMinor(schedule.principalMinor + priced.feeMinor, currency),
    payouts: priced.payouts.map((payout) => payoutAnswer(payout, currency, false)),
    totalInterest: formatMinor(priced.totalInterestMinor, currency),
    earlyClosing: earlyClosingTermsOf(schedule),
  };
}
