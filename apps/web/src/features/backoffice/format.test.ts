import { describe, expect, it } from 'vitest';
import { describeChange } from './format';

describe('describeChange', () => {
  it('shows each field once: changed, added, removed, unchanged', () => {
    expect(describeChange({ status: 'New', clientStatus: 'New' }, { status: 'Approved', clientStatus: 'Approved', reason: null })).toEqual([
      'status: New → Approved',
      'clientStatus: New → Approved',
      'reason: —',
    ]);
    expect(describeChange({ enrolled: true }, {})).toEqual(['enrolled: true → —']);
    expect(describeChange(null, { currencies: ['USD', 'GBP'] })).toEqual(['currencies: ["USD","GBP"]']);
    expect(describeChange({ perEur: '1.08' }, { perEur: '1.08' })).toEqual(['perEur: 1.08']);
  });
});
