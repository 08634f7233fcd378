// Proves a chart's summary names its first and last days and figures and its lowest and highest
// figures, compared exactly (not as floating-point numbers), a repeated extreme by its first day.
import { describe, expect, it } from 'vitest';
import { summarizeSeries } from './chartSummary';

describe('summarizeSeries', () => {
  it('names the first, last, lowest and highest figures with their days', () => {
    const days = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'];
    expect(summarizeSeries(days, ['10.00', '-5.00', '30.00', '-5.00', '30.00'], 'EUR')).toEqual({
      first: { day: '2026-11-01', value: '10.00' },
      last: { day: '2026-11-05', value: '30.00' },
      lowest: { day: '2026-11-02', value: '-5.00' },
      highest: { day: '2026-11-03', value: '30.00' },
    });
  });

  it('compares amounts beyond a float’s precision exactly', () => {
    const summary = summarizeSeries(['2026-11-01', '2026-11-02'], ['1.000000000000000001', '1.000000000000000002'], 'ETH');
    expect(summary?.highest.day).toBe('2026-11-02');
    expect(summary?.lowest.day).toBe('2026-11-01');
  });

  it('has nothing to say of an empty series', () => {
    expect(summarizeSeries([], [], 'EUR')).toBeNull();
  });
});
