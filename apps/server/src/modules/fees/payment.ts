import { ACCOUNT_MAINTENANCE_FEE, CURRENCY_SCALE, decimalToMinor, floorToScale, multiply, ratioFromMinor, type BankFee, type Currency } from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ClientAccount } from '../accounts';
import { ratesAreStale, type RatesAgeLimit, convertAtMidMinor, midRate, type RateTable, loadRateTable } from '../rates';
import { chargeFee } from '../operations';

const FEE_CURRENCY = ACCOUNT_MAINTENANCE_FEE.currency;

/** The maintenance fee of one month, in EUR minor units. */
export const maintenanceFeeMinor = (): bigint => decimalToMinor(ACCOUNT_MAINTENANCE_FEE.amount, FEE_CURRENCY);

interface Payer {
  account: ClientAccount;
  availableMinor: bigint;
}

/** The client's fiat accounts, EUR first, then oldest first, each locked with its available balance. */
async function lockedPayers(trx: Db, clientId: string): Promise<Payer[]> {
  const { rows } = await sql<{ id: string; number: string; currency: Currency; ledger_account_id: string; available: string }>`
    select account.id, account.number, account.currency, account.ledger_account_id::text as ledger_account_id, ledger.available
    from accounts as account
    join (select id, available from ledger_accounts
      where id in (select ledger_account_id from accounts where client_id = ${clientId})
      order by id for no key update) as ledger on ledger.id = account.ledger_account_id
    where account.client_id = ${clientId}
    order by account.currency <> ${FEE_CURRENCY}, account.created_at, account.number`.execute(trx);
  return rows.map((row) => ({
    account: { id: row.id, number: row.number, clientId, currency: row.currency, ledgerAccountId: row.ledger_account_id },
    availableMinor: decimalToMinor(row.available, row.currency),
  }));
}

/** EUR → the account's currency, rounded half up: what the account pays for `eurMinor`. */
const equivalentOf = (table: RateTable, eurMinor: bigint, currency: Currency): bigint =>
  convertAtMidMinor(table, eurMinor, FEE_CURRENCY, currency);

/** The account's currency → EUR, rounded down: what `minor` of it covers. */
const coveredBy = (table: RateTable, minor: bigint, currency: Currency): bigint =>
  currency === FEE_CURRENCY ? minor : floorToScale(multiply(ratioFromMinor(minor, CURRENCY_SCALE[currency]), midRate(table, currency, FEE_CURRENCY)), CURRENCY_SCALE[FEE_CURRENCY]);

/** The monthly fees charged in EUR with arrears: account maintenance, and the service of a high-risk client. */
export type MonthlyFee = Extract<BankFee, 'maintenance' | 'highRisk'>;

/** The fees paid in EUR from whichever of the client's accounts can: the monthly ones, and the closing of a client who breached policy. */
export type EurFee = MonthlyFee | Extract<BankFee, 'policyClosing'>;

export interface FeePayment {
  clientId: string;
  /** Which fee it is: its statement rows are named after it. */
  fee: EurFee;
  dueEurMinor: bigint;
  /** The statement rows' payment reference: the month a monthly fee is for (YYYY-MM). */
  reference?: string;
}

/**
 * Pays a client's fee in EUR (a monthly one, or what is left of one; the closing fee) from their accounts, as far as
 * their money goes and never below zero (docs/product.md#tariffs-and-limits):
 *
 * 1. the EUR account, if it can pay the whole amount;
 * 2. else the first other account, oldest first, that can pay the whole equivalent: EUR converted
 *    at the mid rate in use, rounded half up to the account's minor unit (one rounding, as for the
 *    withdrawal fee);
 * 3. else, none being able to pay it whole, each account in the same order gives what it has: the
 *    whole of its available balance, which covers its EUR value at the mid rate rounded down (the
 *    client is never credited more than was taken), until the amount is paid.
 *
 * Each payment is a fee of its own (transfers/fee-charge.ts: a ledger entry and a statement row
 * "Account maintenance" or "High-risk client service"). The client's accounts are locked first, in the ledger's order, so the
 * balances read are the balances the debits meet. Answers the EUR paid; the rest is the caller's
 * to keep as arrears.
 *
 * Nothing is converted on stale rates (docs/time.md): while they are, only the EUR account pays, and
 * what it cannot is kept as arrears, which the arrears sweep takes from the other accounts once
 * fresh rates are loaded.
 */
export async function payFeeInEur(trx: Db, payment: FeePayment, rates: RatesAgeLimit): Promise<{ paidEurMinor: bigint; transactionNumbers: string[] }> {
  const locked = await lockedPayers(trx, payment.clientId);
  const eurPaysWhole = locked.some((payer) => payer.account.currency === FEE_CURRENCY && payer.availableMinor >= payment.dueEurMinor);
  const converting = !eurPaysWhole && locked.some((payer) => payer.account.currency !== FEE_CURRENCY) && !(await ratesAreStale(trx, rates));
  const table = converting ? await loadRateTable(trx) : null;
  const payers = table ? locked : locked.filter((payer) => payer.account.currency === FEE_CURRENCY);
  const equivalent = (eurMinor: bigint, currency: Currency) => (currency === FEE_CURRENCY || !table ? eurMinor : equivalentOf(table, eurMinor, currency));
  const covered = (minor: bigint, currency: Currency) => (currency === FEE_CURRENCY || !table ? minor : coveredBy(table, minor, currency));
  const transactionNumbers: string[] = [];
  const charge = async (payer: Payer, amountMinor: bigint) => {
    const charged = await chargeFee(trx, {
      clientId: payment.clientId,
      account: payer.account,
      amountMinor,
      reason: payment.fee,
      reference: payment.reference,
      // Dated by the ledger as it books, like every posting, so the statement's balances read in order.
      actor: { type: 'system', id: null },
    });
    transactionNumbers.push(charged.transactionNumber);
  };

  const whole = payers.find((payer) => payer.availableMinor >= equivalent(payment.dueEurMinor, payer.account.currency));
  if (whole) {
    await charge(whole, equivalent(payment.dueEurMinor, whole.account.currency));
    return { paidEurMinor: payment.dueEurMinor, transactionNumbers };
  }
  let dueMinor = payment.dueEurMinor;
  for (const payer of payers) {
    if (dueMinor === 0n) break;
    const { currency } = payer.account;
    const wanted = equivalent(dueMinor, currency);
    if (payer.availableMinor >= wanted) {
      await charge(payer, wanted);
      dueMinor = 0n;
      break;
    }
    const covers = covered(payer.availableMinor, currency);
    // A balance worth less than a cent pays nothing: taking it would cover nothing of the fee.
    if (covers === 0n) continue;
    await charge(payer, payer.availableMinor);
    dueMinor -= covers < dueMinor ? covers : dueMinor;
  }
  return { paidEurMinor: payment.dueEurMinor - dueMinor, transactionNumbers };
}
