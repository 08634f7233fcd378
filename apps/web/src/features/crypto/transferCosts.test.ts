// Proves the costs shown before a crypto transfer: the coin's network and fee from the tariffs, and
// the total as exact decimal arithmetic in the coin's full scale (never through a float).
import { describe, expect, it } from 'vitest';
import { networkOf, transferCosts } from './transferCosts';

describe('transferCosts', () => {
  it('adds the network fee to the amount in the coin’s own scale', () => {
    expect(transferCosts('0.015', 'BTC')).toEqual({ network: 'Bitcoin', fee: '0.00015000', total: '0.01515000' });
    expect(transferCosts('100', 'USDT')).toEqual({ network: 'Ethereum (ERC-20)', fee: '5.000000', total: '105.000000' });
    expect(transferCosts('1.5', 'SOL')).toEqual({ network: 'Solana', fee: '0.000100000', total: '1.500100000' });
  });

  it('keeps every one of 18 decimals where a float would lose them', () => {
    expect(transferCosts('0.1', 'ETH')?.total).toBe('0.102000000000000000');
    expect(transferCosts('123456789.000000000000000001', 'BNB')?.total).toBe('123456789.001000000000000001');
  });

  it('has no costs until the amount is a positive amount of the coin', () => {
    expect(transferCosts('', 'BTC')).toBeNull();
    expect(transferCosts('0', 'BTC')).toBeNull();
    expect(transferCosts('0.000000001', 'BTC')).toBeNull();
    expect(transferCosts('1,5', 'BTC')).toBeNull();
  });

  it('names the network and its fee before any amount is typed', () => {
    expect(networkOf('BNB')).toEqual({ network: 'BNB Smart Chain (BEP-20)', fee: '0.001000000000000000' });
  });
});
