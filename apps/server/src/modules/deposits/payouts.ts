import { formatMinor } from '@bank/contracts';
import type { Db } from '../../db';
import { recordAudit } from '../audit';
import { bankToday, type JobContext, type JobDefinition } from '../jobs';
import { bankAccountId, type LedgerAccountId, inMoneyTransaction } from '../ledger';
import { bookDepositMovement, type DepositMovement } from './movements';
import { finishDeposit, fundingAccountOf, lockDeposit, paidSequencesOf, scheduleOf, setNextPayoutDate, type DepositRow } from './records';
import { payoutScheduleOf, type ScheduledPayout } from './schedule';

/**
 * A deposit's payouts (docs/time.md, docs/deposits.md): each interest payment of the schedule is made once, on its
 * date or at the first run after it, by the sweep 'deposits.payouts' on whichever node takes it.
 *
 * - Exactly once: a payout is made under the deposit's row lock, and its deposit_payouts row, keyed
 *   (deposit, sequence), is written first, in the same transaction as its money. A second writer
 *   waits for the lock and then finds the row (or, should it get that far, its insert does nothing
 *   and it stops).
 * - In order: the payouts of a deposit due by today are made oldest first, each a row and a
 *   transfer of its own, so days missed while the bank was down are caught up one by one.
 * - Money: interest goes from the bank's interest expense account to the funding account
 *   ('deposit_interest'), an IN row "Interest on a term deposit" naming the deposit's number. The
 *   last payout is made at maturity with the principal's return ('deposit_return', deposit →
 *   account, "Return of a term deposit at maturity"), and the deposit is Matured.
 * - Dated by the ledger as it books, like every posting, so the statement's balances read in
 *   order; the payout's own date is the row's payment date.
 */
export const DEPOSIT_PAYOUTS_JOB = 'deposits.payouts';

/** The deposits the sweep reads at a time (keyset by id), so a large bank is swept in bounded steps. */
const SWEEP_PAGE_SIZE = 500;

export interface MadePayout {
  depositId: string;
  sequence: number;
  date: string;
  amountMinor: bigint;
  /** The interest's transaction number (none for a payout of no interest). */
  transactionNumber: string | null;
  /** The principal's return, on the maturity payout. */
  returnTransactionNumber: string | null;
}

/**
 * A movement of a deposit back to its funding account (interest, the return at maturity, an early
 * closing's return), booked by the system or, for an early closing, at the client's request.
 */
export function creditFundingAccount(
  trx: Db,
  deposit: DepositRow,
  movement: Pick<DepositMovement, 'amountMinor' | 'purpose' | 'paymentDate'> & {
    at?: Date;
    kind: 'deposit_interest' | 'deposit_return' | 'deposit_closing';
    from: LedgerAccountId;
    actor?: DepositMovement['actor'];
  },
) {
  return bookDepositMovement(trx, {
    ...movement,
    direction: 'IN',
    clientId: deposit.client_id,
    account: fundingAccountOf(deposit),
    depositNumber: deposit.number,
    counterpart: movement.from,
    actor: movement.actor ?? { type: 'system', id: null },
  });
}

/**
 * Writes the payout's row first: false when it exists already (another writer made it). It is
 * paid now (the transaction's time), or at `at` when the payout is booked then: the liability
 * report reads paid_at to tell what was paid by the end of a day.
 */
async function claimPayout(trx: Db, depositId: string, payout: ScheduledPayout, currency: DepositRow['currency'], at?: Date): Promise<boolean> {
  const claimed = await trx
    .insertInto('deposit_payouts')
    .values({
      deposit_id: depositId,
      sequence: payout.sequence,
      due_date: payout.date,
      amount: formatMinor(payout.amountMinor, currency),
      transfer_id: null,
      ...(at ? { paid_at: at } : {}),
    })
    .onConflict((conflict) => conflict.columns(['deposit_id', 'sequence']).doNothing())
    .returning('sequence')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** One payout of a locked running deposit: its row, its interest and, at maturity, the principal's return. */
async function makePayout(trx: Db, deposit: DepositRow, payout: ScheduledPayout, isLast: boolean, at?: Date): Promise<MadePayout | null> {
  const { currency } = deposit;
  if (!(await claimPayout(trx, deposit.id, payout, currency, at))) return null;
  let transactionNumber: string | null = null;
  if (payout.amountMinor > 0n) {
    const interest = await creditFundingAccount(trx, deposit, {
      kind: 'deposit_interest',
      from: await bankAccountId(trx, 'interest_expense', currency),
      amountMinor: payout.amountMinor,
      purpose: 'depositInterest',
      paymentDate: payout.date,
      at,
    });
    transactionNumber = interest.transactionNumber;
    await trx.updateTable('deposit_payouts').set({ transfer_id: interest.transferId }).where('deposit_id', '=', deposit.id).where('sequence', '=', payout.sequence).execute();
  }
  let returnTransactionNumber: string | null = null;
  if (isLast) {
    const returned = await creditFundingAccount(trx, deposit, {
      kind: 'deposit_return',
      from: String(deposit.ledger_account_id),
      amountMinor: scheduleOf(deposit).principalMinor,
      purpose: 'depositReturn',
      paymentDate: payout.date,
      at,
    });
    returnTransactionNumber = returned.transactionNumber;
    await finishDeposit(trx, deposit.id, { status: 'Matured', closedOn: deposit.maturity_date, closedAt: returned.bookedAt, closingTransferId: returned.transferId });
    await recordAudit(trx, {
      actorType: 'system',
      action: 'deposit.matured',
      subjectType: 'deposit',
      subjectId: deposit.id,
      before: { status: 'Active' },
      after: { status: 'Matured', number: deposit.number, principal: deposit.principal, transactionNumber: returnTransactionNumber },
    });
  }
  return { depositId: deposit.id, sequence: payout.sequence, date: payout.date, amountMinor: payout.amountMinor, transactionNumber, returnTransactionNumber };
}

/**
 * Makes every payout of a deposit due on or before `today` and not yet made, oldest first, in the
 * caller's transaction. The caller holds the deposit's lock (lockDeposit) and passes the row it
 * read under it. The sweep and the early closing (which pays what is due before it closes) call it.
 */
export async function makeDuePayouts(
  trx: Db,
  deposit: DepositRow,
  today: string,
  /** When they are booked, if not now: the demo history only. */
  at?: Date,
): Promise<MadePayout[]> {
  if (deposit.status !== 'Active') return [];
  const schedule = payoutScheduleOf(scheduleOf(deposit));
  const paid = await paidSequencesOf(trx, deposit.id);
  const made: MadePayout[] = [];
  for (const payout of schedule) {
    if (payout.date > today) {
      if (made.length > 0) await setNextPayoutDate(trx, deposit.id, payout.date);
      break;
    }
    if (paid.has(payout.sequence)) continue;
    const result = await makePayout(trx, deposit, payout, payout.sequence === schedule.length, at);
    // Another writer made it: it made the rest of what was due as well.
    if (!result) break;
    made.push(result);
  }
  return made;
}

/** Pays what is due on one deposit in a transaction of its own. */
export async function payDueOnDeposit(db: Db, depositId: string, today: string): Promise<MadePayout[]> {
  return inMoneyTransaction(db, async (trx) => {
    const deposit = await lockDeposit(trx, depositId);
    return deposit ? makeDuePayouts(trx, deposit, today) : [];
  });
}

/**
 * The sweep: every running deposit whose next payout is dated today or earlier, each in its own
 * transaction. One deposit's failure leaves the others paid; it is logged, and the run fails at
 * the end so the queue retries it (what was made is not made again).
 */
export async function payDueDeposits(context: Pick<JobContext, 'db' | 'clock' | 'log'>): Promise<MadePayout[]> {
  const { db } = context;
  const today = bankToday(context.clock);
  const made: MadePayout[] = [];
  let failures = 0;
  let after: string | null = null;
  for (;;) {
    let query = db.selectFrom('deposits').select('id').where('status', '=', 'Active').where('next_payout_date', '<=', today);
    if (after !== null) query = query.where('id', '>', after);
    const page = await query.orderBy('id').limit(SWEEP_PAGE_SIZE).execute();
    for (const { id } of page) {
      try {
        made.push(...(await payDueOnDeposit(db, id, today)));
      } catch (error) {
        failures += 1;
        context.log.error({ err: error, depositId: id }, 'a deposit payout could not be made');
      }
    }
    if (page.length < SWEEP_PAGE_SIZE) break;
    after = page.at(-1)!.id;
  }
  if (failures > 0) throw new Error(`Deposit payouts failed for ${failures} deposit(s)`);
  return made;
}

export const depositPayoutsJob: JobDefinition = {
  name: DEPOSIT_PAYOUTS_JOB,
  // Hourly: a payout falls due at the start of its bank day and is made within the hour.
  cron: '5 * * * *',
  catchUpOnStart: true,
  async run(context) {
    const made = await payDueDeposits(context);
    if (made.length > 0) context.log.info({ payouts: made.length }, 'deposit payouts made');
  },
};
