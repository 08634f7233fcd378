import { describe, expect, it } from 'vitest';
import { menuFor } from './menu';

describe('back-office menu', () => {
  it('shows each role only the areas it may use', () => {
    expect(menuFor(['compliance']).map((entry) => entry.key)).toEqual(['dashboard', 'kyc', 'clients', 'contactMessages', 'audit']);
    expect(menuFor(['payments']).map((entry) => entry.key)).toEqual(['dashboard', 'payments', 'incoming', 'cryptoDeposit', 'clients', 'contactMessages', 'audit']);
    expect(menuFor(['admin'])).toHaveLength(10);
  });
});
