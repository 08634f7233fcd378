// Proves the international fee of docs/product.md#tariffs-and-limits: 0.30 % rounded half up, at least 50 and at most 2000 EUR,
// the limits converted at the mid rate for other currencies.
import { CURRENCY_SCALE, FIAT_CURRENCIES } from '@bank/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rateTableFrom, SNAPSHOT_PER_EUR } from '../rates';
import { feeLimitsIn, internationalFeeMinor, quoteInternationalFee } from './fees';

const table = rateTableFrom(SNAPSHOT_PER_EUR);

describe('international transfer fee', () => {
  it('is 0.30 % between the limits, rounded half up', () => {
    expect(internationalFeeMinor(2_000_000n, 5_000n, 200_000n)).toBe(6_000n); // 20 000.00 → 60.00
    expect(internationalFeeMinor(1_666_667n, 5_000n, 200_000n)).toBe(5_000n); // 16 666.67 → 50.0000… → 50.00
    expect(internationalFeeMinor(1_668_350n, 5_000n, 200_000n)).toBe(5_005n); // 50.0505 → 50.05
    expect(internationalFeeMinor(1_668_500n, 5_000n, 200_000n)).toBe(5_006n); // 50.055 → 50.06 (half up)
  });

  it('never goes below the minimum or above the maximum', () => {
    expect(internationalFeeMinor(1n, 5_000n, 200_000n)).toBe(5_000n);
    expect(internationalFeeMinor(100_000_000n, 5_000n, 200_000n)).toBe(200_000n);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), (amountMinor) => {
        const fee = internationalFeeMinor(amountMinor, 5_000n, 200_000n);
        expect(fee >= 5_000n && fee <= 200_000n).toBe(true);
        if (fee > 5_000n && fee < 200_000n) expect(fee * 10_000n - amountMinor * 30n).toBeLessThanOrEqual(5_000n);
      }),
    );
  });

  it('converts the EUR limits for every account currency', () => {
    expect(feeLimitsIn(table, 'EUR')).toEqual({ minimumMinor: 5_000n, maximumMinor: 200_000n });
    expect(feeLimitsIn(table, 'USD')).toEqual({ minimumMinor: 5_412n, maximumMinor: 216_460n });
    expect(feeLimitsIn(table, 'USDT').minimumMinor).toBe(54_090_000n);
    for (const currency of FIAT_CURRENCIES) {
      const quote = quoteInternationalFee(table, currency, 10n ** BigInt(CURRENCY_SCALE[currency] + 3));
      expect(quote.totalMinor).toBe(quote.amountMinor + quote.feeMinor);
      expect(quote.feeMinor).toBeGreaterThanOrEqual(quote.minimumMinor);
    }
  });
});
