import { decimalToMinor, type BankFee, type Currency } from '@bank/contracts';
import type { Db } from '../../db';
import type { ClientAccount } from '../accounts';
import { bankAccountId } from '../ledger';
import { refuseStaleRates, type RatesAgeLimit, convertAtMidMinor, loadRateTable } from '../rates';
import { bookBankMovement, type BookedBankMovement } from './bank-movement';

/**
 * A fee the bank charges a client outside any transfer of theirs (docs/product.md#tariffs-and-limits): the withdrawal of a
 * payment order, the monthly account maintenance. It is a transfer of its own kind ('fee'), booked
 * at once: one entry (client −fee, fee income +fee) and one statement row the client sees, its
 * purpose naming what the fee is for. Like every debit it never takes a balance below zero: an
 * account that cannot pay is the ledger's 422 INSUFFICIENT_FUNDS, and the caller decides what then.
 */
export interface FeeCharge {
  clientId: string;
  /** The client's account that pays, in whose currency `amountMinor` is. */
  account: ClientAccount;
  amountMinor: bigint;
  reason: BankFee;
  /** What the fee is about, shown as the row's payment reference (the withdrawn order's number, the month). */
  reference?: string;
  /** When it is booked, if not now (a job books at its clock's instant). */
  at?: Date;
  /** Who caused it, for the audit trail: the client who withdrew, the operator who booked what it is for, or the bank's own job. */
  actor: { type: 'client' | 'operator' | 'system'; id: string | null };
}

/**
 * A fee the tariff fixes in EUR (a payment order's withdrawal, a deposit's opening) in the paying
 * account's currency, at the day's mid rate: exact decimals, one rounding (half up). Never on stale
 * rates (503 RATES_STALE); the EUR fee itself needs none.
 */
export async function tariffFeeInMinor(trx: Db, deps: RatesAgeLimit, fee: { amount: string; currency: Currency }, currency: Currency): Promise<bigint> {
  const tariffMinor = decimalToMinor(fee.amount, fee.currency);
  if (currency === fee.currency) return tariffMinor;
  await refuseStaleRates({ clock: deps.clock, config: deps.config, db: trx });
  return convertAtMidMinor(await loadRateTable(trx), tariffMinor, fee.currency, currency);
}

/** The fee's operation, booked: its number, instant and the account's booked balance right after it. */
export type ChargedFee = BookedBankMovement;

export async function chargeFee(trx: Db, charge: FeeCharge): Promise<ChargedFee> {
  const { account, amountMinor } = charge;
  if (amountMinor <= 0n) throw new Error(`A fee of ${amountMinor} is not charged`);
  return bookBankMovement(trx, {
    entryKind: 'fee',
    operationKind: 'fee',
    direction: 'OUT',
    clientId: charge.clientId,
    account,
    counterpart: await bankAccountId(trx, 'fee_income', account.currency),
    amountMinor,
    // The fee's name in the tariff (docs/product.md#tariffs-and-limits).
    purpose: charge.reason,
    otherSide: '',
    paymentReference: charge.reference,
    actor: charge.actor,
    at: charge.at,
  });
}
