import { formatMinor, type Deposit, type DepositCloseQuote, type DepositClosingConfirmation } from '@bank/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { bankToday, type BankClock } from '../jobs';
import { creditFundingAccount, makeDuePayouts } from './payouts';
import { depositNotFound, depositOfClient } from './read';
import { finishDeposit, lockDeposit, scheduleOf, selectDeposits, type DepositRow } from './records';
import { accruedSinceLastPayoutMinor } from './schedule';

/**
 * Closing a deposit before maturity, at the client's request (DEPOSIT_EARLY_CLOSING_RULE): the
 * principal comes back in full, interest already paid stays paid, and the interest accrued since
 * the last payout date is forfeited; the opening fee is not refunded. A deposit closes early only
 * while it runs and before its maturity date: on that date the bank returns it itself (payouts.ts).
 */

function refuseUnlessClosable(deposit: DepositRow, today: string): void {
  if (deposit.status !== 'Active') {
    throw new AppError('CONFLICT', { message: `The deposit is ${deposit.status}`, details: { status: deposit.status, reason: 'notActive' } });
  }
  if (today >= deposit.maturity_date) {
    throw new AppError('CONFLICT', {
      message: `The deposit matures on ${deposit.maturity_date} and is returned by the bank`,
      details: { status: deposit.status, reason: 'matured', maturityDate: deposit.maturity_date },
    });
  }
}

/** What closing `deposit` on `today` returns and forfeits (the deposit closable). */
function closeQuoteOf(deposit: DepositRow, today: string): DepositCloseQuote {
  const schedule = scheduleOf(deposit);
  // A payout due by today is made before the closing (closeDepositEarly), so what is forfeited is
  // the interest since the last payout date, whether the sweep has made that payout yet or not.
  return {
    depositId: deposit.id,
    closingDate: today,
    currency: deposit.currency,
    principal: formatMinor(schedule.principalMinor, schedule.currency),
    forfeitedInterest: formatMinor(accruedSinceLastPayoutMinor(schedule, today), schedule.currency),
    returned: formatMinor(schedule.principalMinor, schedule.currency),
    accountNumber: deposit.account_number,
  };
}

/** GET /api/deposit/close-quote: what closing the client's deposit today returns and forfeits. */
export async function closeQuote(db: Db, clock: BankClock, clientId: string, depositId: string): Promise<DepositCloseQuote> {
  const deposit = await selectDeposits(db).where('d.id', '=', depositId).where('d.client_id', '=', clientId).executeTakeFirst();
  if (!deposit) throw depositNotFound();
  const today = bankToday(clock);
  refuseUnlessClosable(deposit, today);
  return closeQuoteOf(deposit, today);
}

/**
 * POST /api/deposit/close, in the caller's transaction: under the deposit's lock, the payouts due
 * by today are made first (the same as the sweep would), then the principal comes back
 * ('deposit_closing': an IN row "Early closing of a term deposit") and the deposit is ClosedEarly
 * with what it forfeited. Another client's deposit is 404; one closed or matured, 409.
 */
export async function closeDepositEarly(
  trx: Db,
  clock: BankClock,
  client: { id: string; ip?: string },
  depositId: string,
  /** The close quote's figures the client confirmed: closed only on exactly those. */
  expected?: DepositClosingConfirmation['expected'],
): Promise<Deposit> {
  const deposit = await lockDeposit(trx, depositId, client.id);
  if (!deposit) throw depositNotFound();
  const today = bankToday(clock);
  // Refused before anything is paid: an Active deposit before its maturity date stays Active
  // through the payouts below (its last payout, at maturity, is not yet due).
  refuseUnlessClosable(deposit, today);
  const quote = closeQuoteOf(deposit, today);
  if (expected && (expected.closingDate !== quote.closingDate || expected.forfeitedInterest !== quote.forfeitedInterest)) {
    throw new AppError('CONFLICT', {
      message: 'What closing the deposit forfeits has changed since the quote: check the new figures and confirm them',
      details: { reason: 'quoteChanged', quote },
    });
  }
  const { forfeitedInterest } = quote;
  const schedule = scheduleOf(deposit);
  await makeDuePayouts(trx, deposit, today);
  const returned = await creditFundingAccount(trx, deposit, {
    kind: 'deposit_closing',
    from: String(deposit.ledger_account_id),
    amountMinor: schedule.principalMinor,
    purpose: 'depositEarlyClosing',
    paymentDate: today,
    actor: { type: 'client', id: client.id },
  });
  await finishDeposit(trx, deposit.id, { status: 'ClosedEarly', closedOn: today, closedAt: returned.bookedAt, closingTransferId: returned.transferId, forfeitedInterest });
  await recordAudit(trx, {
    actorType: 'client',
    actorId: client.id,
    action: 'deposit.closedEarly',
    subjectType: 'deposit',
    subjectId: deposit.id,
    ip: client.ip,
    before: { status: 'Active' },
    after: { status: 'ClosedEarly', number: deposit.number, principal: deposit.principal, forfeitedInterest, closedOn: today, transactionNumber: returned.transactionNumber },
  });
  return depositOfClient(trx, client.id, deposit.id, today);
}
