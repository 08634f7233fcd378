// Proves, over random amounts, currencies, terms, payout periods and opening dates, deposits opened
// through the service at that day's clock and swept on random days up to maturity: the ledger keeps
// its invariants after every step; the interest accrued that the list shows on a day is the same
// whichever days the sweep ran before (two deposits on the same terms, swept on different days),
// and is, with what was paid and what is due, the interest earned to that day rounded once; and at
// maturity the payouts add up to the total interest the quote showed.
import { decimalToMinor, depositTermsSchema, formatMinor, type Deposit } from '@bank/contracts';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, jobContextOf, type TestContext } from '../../test/harness';
import { openAccount } from '../accounts';
import { addCalendarDays, fixedClock, type FixedClock } from '../jobs';
import { findLedgerViolations, readBalances } from '../ledger';
import { closeCheckingLedger } from '../ledger/test-context';
import { fundLedgerAccount } from '../ledger/test-support';
import { markRatesLoaded } from '../rates';
import { openDeposit } from './open';
import { payDueDeposits, payDueOnDeposit } from './payouts';
import { priceDeposit, quoteOf } from './quote';
import { depositsOfClient } from './read';
import { daysBetween } from './schedule';

let context: TestContext;
let clock: FixedClock;

beforeAll(async () => {
  clock = fixedClock('2026-01-01T08:00:00Z');
  context = await createTestContext({}, { clock });
});
afterAll(() => closeCheckingLedger(context));

const caseArbitrary = fc
  .record({
    currency: fc.constantFrom('EUR' as const, 'USD' as const),
    principalMinor: fc.bigInt({ min: 1_000_000n, max: 50_000_000n }),
    termMonths: fc.integer({ min: 3, max: 60 }),
    payoutMonths: fc.constantFrom(1, 3, 6, 12),
    // Days after 1 January 2024: opening dates over seven years, leap days and month ends included.
    openingDay: fc.integer({ min: 0, max: 2600 }),
    // Days of the term, in thousandths of it, on which each deposit is swept, and the list looked at.
    sweepsOfFirst: fc.uniqueArray(fc.integer({ min: 0, max: 999 }), { maxLength: 5 }),
    sweepsOfSecond: fc.uniqueArray(fc.integer({ min: 0, max: 999 }), { maxLength: 5 }),
    looks: fc.uniqueArray(fc.integer({ min: 0, max: 999 }), { minLength: 1, maxLength: 3 }),
  })
  .filter((value) => value.payoutMonths <= value.termMonths);

/** The interest earned from opening to `day`, P × rate × days / 365, rounded half up once: worked out here, apart from schedule.ts. */
function earnedToMinor(principalMinor: bigint, rateBasisPoints: number, days: number): bigint {
  const numerator = principalMinor * BigInt(rateBasisPoints) * BigInt(days);
  const denominator = 10_000n * 365n;
  return (2n * numerator + denominator) / (2n * denominator);
}


describe('deposits over random terms', () => {
  it('keep the ledger sound, accrue alike whenever swept, and pay at maturity the total quoted', async () => {
    const jobs = { ...jobContextOf(context, clock), log: pino({ level: 'silent' }) };
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (drawn) => {
        const openingDate = addCalendarDays('2024-01-01', drawn.openingDay);
        clock.set(`${openingDate}T08:00:00Z`);
        // Rates loaded today: a USD fee is priced on them.
        await markRatesLoaded(context.db, clock.now());
        const deps = { clock, config: context.deps.config };
        const sumOf = (amounts: readonly string[]) => amounts.reduce((sum, amount) => sum + decimalToMinor(amount, drawn.currency), 0n);
        const db = context.deps.db;

        const client = await createSignedInClient(context);
        const account = await db.transaction().execute((trx) => openAccount(trx, client.id, drawn.currency));
        const funds = 2n * drawn.principalMinor + 200_000n;
        await fundLedgerAccount(context.db, account.ledgerAccountId, drawn.currency, formatMinor(funds, drawn.currency));
        const terms = depositTermsSchema.parse({
          currency: drawn.currency,
          accNumberFrom: account.number,
          amount: formatMinor(drawn.principalMinor, drawn.currency),
          termMonths: drawn.termMonths,
          payoutMonths: drawn.payoutMonths,
        });
        const quote = quoteOf(await priceDeposit(db, deps, client.id, terms));
        const first = await db.transaction().execute((trx) => openDeposit(trx, deps, { id: client.id }, terms));
        const second = await db.transaction().execute((trx) => openDeposit(trx, deps, { id: client.id }, terms));
        expect(first).toMatchObject({ totalInterest: quote.totalInterest, maturityDate: quote.maturityDate, rateBasisPoints: quote.rateBasisPoints });
        expect(await findLedgerViolations(context.db)).toEqual([]);

        const termDays = daysBetween(openingDate, quote.maturityDate);
        const dayOf = (thousandths: number) => addCalendarDays(openingDate, Math.floor((termDays * thousandths) / 1000));
        const sweepsOfFirst = new Set(drawn.sweepsOfFirst.map(dayOf));
        const sweepsOfSecond = new Set(drawn.sweepsOfSecond.map(dayOf));
        const looks = new Set(drawn.looks.map(dayOf));
        const days = [...new Set([...sweepsOfFirst, ...sweepsOfSecond, ...looks])].sort();
        for (const day of days) {
          clock.set(`${day}T08:00:00Z`);
          if (sweepsOfFirst.has(day)) await payDueOnDeposit(db, first.id, day);
          if (sweepsOfSecond.has(day)) await payDueOnDeposit(db, second.id, day);
          expect(await findLedgerViolations(context.db)).toEqual([]);
          if (!looks.has(day)) continue;
          const listed = new Map((await depositsOfClient(db, client.id, day)).map((deposit) => [deposit.id, deposit]));
          const [one, other] = [listed.get(first.id)!, listed.get(second.id)!];
          expect(one.accruedInterest).toBe(other.accruedInterest);
          // Paid, plus due and not yet paid, plus accrued since the last payout date: all earned to the day.
          const dueUnpaid = (deposit: Deposit) => sumOf(deposit.payouts.filter((payout) => payout.date <= day && !payout.paid).map((payout) => payout.amount));
          for (const deposit of [one, other]) {
            expect(sumOf([deposit.interestPaid, deposit.accruedInterest]) + dueUnpaid(deposit)).toBe(
              earnedToMinor(drawn.principalMinor, quote.rateBasisPoints, daysBetween(openingDate, day)),
            );
          }
        }

        clock.set(`${quote.maturityDate}T08:00:00Z`);
        await payDueDeposits(jobs);
        expect(await findLedgerViolations(context.db)).toEqual([]);
        const matured = await depositsOfClient(db, client.id, quote.maturityDate);
        expect(matured.map((deposit) => deposit.status)).toEqual(['Matured', 'Matured']);
        for (const deposit of matured) {
          const rows = await context.db.selectFrom('deposit_payouts').select('amount').where('deposit_id', '=', deposit.id).execute();
          expect(rows).toHaveLength(quote.payouts.length);
          expect(formatMinor(sumOf(rows.map((row) => row.amount)), drawn.currency)).toBe(quote.totalInterest);
          expect(deposit.interestPaid).toBe(quote.totalInterest);
        }
        // Both principals came back; the account paid two fees and earned twice the total interest.
        const balance = (await readBalances(context.db, [account.ledgerAccountId])).get(account.ledgerAccountId)!.bookedMinor;
        expect(formatMinor(balance, drawn.currency)).toBe(formatMinor(funds + 2n * (sumOf([quote.totalInterest]) - sumOf([quote.openingFee.amount])), drawn.currency));
      }),
      { numRuns: 12 },
    );
  }, 90_000);
});
