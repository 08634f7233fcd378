import { formatMinor, ratePercentOf, type Deposit, type DepositOpeningConfirmation, type DepositTerms } from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { lockBalances, openDepositLedgerAccount } from '../ledger';
import type { RatesAgeLimit } from '../rates';
import { chargeFee } from '../operations';
import { bookDepositMovement } from './movements';
import { depositOfClient } from './read';
import { priceDeposit, quoteOf, type PricedDeposit } from './quote';

/**
 * POST /api/deposit/create: opens a deposit on the client's terms, in the caller's transaction (a
 * savepoint of the group commit's, as every money write of a client's: routes.ts). Everything is
 * priced again here, on the same day's figures the quote showed, and written at once or not at all:
 *
 * 1. the funding account is locked and must hold the principal plus the opening fee (else 422
 *    INSUFFICIENT_FUNDS, and nothing is written);
 * 2. the deposit's own ledger account is opened, and the principal moved to it ('deposit_opening':
 *    an OUT row "Placement of a term deposit" to the deposit's number);
 * 3. the opening fee is charged (fee-charge.ts: its own row "Deposit account opening");
 * 4. the deposits row, with the rate, the schedule's total and its first payout date, and the audit row.
 */

/** DEP-YYYYMMDD-NNNNNN: the opening day and a serial from a sequence that never repeats. */
async function nextDepositNumber(trx: Db, openingDate: string): Promise<string> {
  const { rows } = await sql<{ serial: string }>`select nextval('deposit_number_seq')::text as serial`.execute(trx);
  return `DEP-${openingDate.replaceAll('-', '')}-${rows[0]!.serial.padStart(6, '0')}`;
}

/** Whether the bank would open today exactly what the client was quoted and confirmed. */
function sameAsConfirmed(priced: PricedDeposit, expected: NonNullable<DepositOpeningConfirmation['expected']>): boolean {
  const { currency } = priced.schedule;
  return (
    priced.schedule.rateBasisPoints === expected.rateBasisPoints &&
    priced.schedule.openingDate === expected.openingDate &&
    formatMinor(priced.feeMinor, currency) === expected.openingFee &&
    formatMinor(priced.totalInterestMinor, currency) === expected.totalInterest
  );
}

export async function openDeposit(
  trx: Db,
  deps: RatesAgeLimit,
  client: { id: string; ip?: string },
  terms: DepositTerms,
  options: {
    /** The quote's figures the client confirmed: opened only on exactly those (contracts' depositOpeningConfirmationSchema). */
    expected?: DepositOpeningConfirmation['expected'];
    /** When it is booked, if not now: the demo history only (the clock gives the opening day). */
    at?: Date;
  } = {},
): Promise<Deposit> {
  const { at, expected } = options;
  const priced = await priceDeposit(trx, deps, client.id, terms);
  if (expected && !sameAsConfirmed(priced, expected)) {
    throw new AppError('CONFLICT', {
      message: "The deposit's terms have changed since the quote: check the new quote and confirm it",
      details: { reason: 'quoteChanged', quote: quoteOf(priced) },
    });
  }
  const { account, schedule } = priced;
  const { currency, principalMinor } = schedule;
  const totalDebitMinor = principalMinor + priced.feeMinor;
  const balance = (await lockBalances(trx, [account.ledgerAccountId])).get(account.ledgerAccountId)!;
  if (balance.availableMinor < totalDebitMinor) {
    throw new AppError('INSUFFICIENT_FUNDS', { details: { totalDebit: formatMinor(totalDebitMinor, currency), currency } });
  }

  const ledgerAccountId = await openDepositLedgerAccount(trx, currency);
  const number = await nextDepositNumber(trx, schedule.openingDate);
  const actor = { type: 'client', id: client.id } as const;
  const placement = await bookDepositMovement(trx, {
    kind: 'deposit_opening',
    direction: 'OUT',
    clientId: client.id,
    account,
    depositNumber: number,
    counterpart: ledgerAccountId,
    amountMinor: principalMinor,
    purpose: 'depositPlacement',
    paymentDate: schedule.openingDate,
    actor,
    at,
  });
  const fee = await chargeFee(trx, { clientId: client.id, account, amountMinor: priced.feeMinor, reason: 'depositOpening', reference: number, actor, at });

  const { id } = await trx
    .insertInto('deposits')
    .values({
      number,
      client_id: client.id,
      account_id: account.id,
      ledger_account_id: ledgerAccountId,
      currency,
      principal: formatMinor(principalMinor, currency),
      rate_basis_points: schedule.rateBasisPoints,
      history_tier: priced.historyTier,
      term_months: schedule.termMonths,
      payout_months: schedule.payoutMonths,
      opening_date: schedule.openingDate,
      maturity_date: priced.maturityDate,
      next_payout_date: priced.payouts[0]!.date,
      opening_fee: formatMinor(priced.feeMinor, currency),
      opening_fee_eur: formatMinor(priced.feeEurMinor, 'EUR'),
      total_interest: formatMinor(priced.totalInterestMinor, currency),
      opening_transfer_id: placement.transferId,
      ...(at ? { opened_at: at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    actorType: 'client',
    actorId: client.id,
    action: 'deposit.opened',
    subjectType: 'deposit',
    subjectId: id,
    ip: client.ip,
    after: {
      number,
      status: 'Active',
      account: account.number,
      principal: formatMinor(principalMinor, currency),
      currency,
      rate: ratePercentOf(schedule.rateBasisPoints),
      historyTier: priced.historyTier,
      rateVersionId: priced.rateVersionId,
      termMonths: schedule.termMonths,
      payoutMonths: schedule.payoutMonths,
      maturityDate: priced.maturityDate,
      totalInterest: formatMinor(priced.totalInterestMinor, currency),
      openingFee: formatMinor(priced.feeMinor, currency),
      transactionNumbers: [placement.transactionNumber, fee.transactionNumber],
    },
  });
  return depositOfClient(trx, client.id, id, schedule.openingDate);
}
