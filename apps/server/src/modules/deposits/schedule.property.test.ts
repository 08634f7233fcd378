// Proves the deposit arithmetic of docs/product.md#tariffs-and-limits as DEPOSITS states it: ACT/365 daily accrual, rounded
// once per payout, payouts summing to the quoted total, and accrual a function of the day alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEPOSITS } from '@bank/contracts';
import { addCalendarDays } from '../jobs';
import {
  accruedSinceLastPayoutMinor,
  daysBetween,
  interestDueByMinor,
  maturityDateOf,
  payoutDatesOf,
  payoutScheduleOf,
  roundedInterestTo,
  totalInterestMinorOf,
  type DepositSchedule,
} from './schedule';

const dateArbitrary = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));

const termsArbitrary: fc.Arbitrary<DepositSchedule> = fc
  .record({
    principalMinor: fc.bigInt({ min: 1_000_000n, max: 100_000_000_00n }),
    currency: fc.constantFrom(...DEPOSITS.currencies),
    rateBasisPoints: fc.integer({ min: 1, max: 3000 }),
    openingDate: dateArbitrary,
    termMonths: fc.integer({ min: DEPOSITS.termMonths.min, max: DEPOSITS.termMonths.max }),
    payoutMonths: fc.constantFrom(...DEPOSITS.interestPaidEveryMonths),
  })
  .filter((terms) => terms.payoutMonths <= terms.termMonths);

describe('deposit schedule', () => {
  it('pays, across its payouts, exactly the total interest, each payout whole cents and none negative', () => {
    fc.assert(
      fc.property(termsArbitrary, (terms) => {
        const payouts = payoutScheduleOf(terms);
        const sum = payouts.reduce((total, payout) => total + payout.amountMinor, 0n);
        expect(sum).toBe(totalInterestMinorOf(terms));
        for (const payout of payouts) expect(payout.amountMinor >= 0n).toBe(true);
        expect(payouts.at(-1)!.date).toBe(maturityDateOf(terms));
        expect(payouts.reduce((days, payout) => days + payout.days, 0)).toBe(daysBetween(terms.openingDate, maturityDateOf(terms)));
      }),
    );
  });

  it('accrues ACT/365 from the opening day, exactly to the rounding', () => {
    fc.assert(
      fc.property(termsArbitrary, fc.integer({ min: 0, max: 2000 }), (terms, offset) => {
        const day = addCalendarDays(terms.openingDate, offset);
        const maturity = maturityDateOf(terms);
        const days = BigInt(Math.min(daysBetween(terms.openingDate, day), daysBetween(terms.openingDate, maturity)));
        const exactTimes365 = terms.principalMinor * BigInt(terms.rateBasisPoints) * days;
        const rounded = roundedInterestTo(terms, day);
        // |rounded − exact| ≤ half a minor unit.
        const difference = rounded * 10_000n * 365n - exactTimes365;
        expect(2n * (difference < 0n ? -difference : difference) <= 10_000n * 365n).toBe(true);
      }),
    );
  });

  it('accrues the same figure for a day whenever it is looked at, and pays it on the payout date', () => {
    fc.assert(
      fc.property(termsArbitrary, fc.integer({ min: 0, max: 1900 }), (terms, offset) => {
        const day = addCalendarDays(terms.openingDate, offset);
        const paidBy = payoutScheduleOf(terms).filter((payout) => payout.date <= day);
        const paid = paidBy.reduce((total, payout) => total + payout.amountMinor, 0n);
        // What is paid by a day plus what is accrued on it is the interest earned to it.
        expect(paid + accruedSinceLastPayoutMinor(terms, day)).toBe(roundedInterestTo(terms, day));
        // What is due by a day is exactly the payouts dated by then.
        expect(interestDueByMinor(terms, day)).toBe(paid);
        // On a payout date nothing is left accrued: the payout took it all.
        if (payoutDatesOf(terms).includes(day)) expect(accruedSinceLastPayoutMinor(terms, day)).toBe(0n);
        // A copy of the terms gives the same figures (nothing depends on state or the clock).
        expect(accruedSinceLastPayoutMinor({ ...terms }, day)).toBe(accruedSinceLastPayoutMinor(terms, day));
      }),
    );
  });

  it('schedules a 3-month deposit with monthly payouts on the opening day of each month, the last at maturity', () => {
    const terms: DepositSchedule = { principalMinor: 1_000_000n, currency: 'EUR', rateBasisPoints: 1000, openingDate: '2026-01-31', termMonths: 3, payoutMonths: 1 };
    expect(payoutDatesOf(terms)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    // 10,000.00 at 10 %: 28 days = 76.712…, 59 days = 161.643…, 89 days = 243.835…
    expect(payoutScheduleOf(terms).map((payout) => payout.amountMinor)).toEqual([7671n, 16164n - 7671n, 24384n - 16164n]);
    expect(totalInterestMinorOf(terms)).toBe(24384n);
  });
});
