// Proves the back office's display helpers: an audit change read field by field, and an operator named.
import { describe, expect, it } from 'vitest';
import { describeChange, operatorText } from './format';

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

describe('operatorText', () => {
  it('names an operator by name and e-mail, or by whichever is known', () => {
    expect(operatorText({ name: 'Nina Smirnova', email: 'nina@bank.example' })).toBe('Nina Smirnova (nina@bank.example)');
    expect(operatorText({ name: 'Nina Smirnova', email: '' })).toBe('Nina Smirnova');
    expect(operatorText({ name: '', email: 'nina@bank.example' })).toBe('nina@bank.example');
  });
});
