// Proves the exchange form's amounts: the figures it shows for typed text (null for what does not
// fit), which field follows which, and the settled amounts the summary shows. The exact maths behind
// them is the money module's (contracts money/ratio.test.ts), and the server books what the summary
// shows (server exchange-screen.property.test.ts).
import { describe, expect, it } from 'vitest';
import { amountStep, amountToReceive, amountToSell, recomputeAmounts, settledAmounts } from './exchangeAmounts';

describe('the two amounts of the form', () => {
  it('credits the product rounded down', () => {
    expect(amountToReceive('100', 'EUR', 'USD', '1.0769885')).toBe('107.69');
    expect(amountToReceive('1000000', 'USD', 'RUB', '89.12345678')).toBe('89123456.78');
    expect(amountToReceive('1', 'EUR', 'USDT', '1.0769885')).toBe('1.076988');
    expect(amountToReceive('0', 'EUR', 'USD', '1.2')).toBe('0.00');
  });

  it('sells the quotient rounded up', () => {
    expect(amountToSell('107.68', 'EUR', 'USD', '1.0769885')).toBe('99.99');
    expect(amountToSell('100', 'EUR', 'USD', '3')).toBe('33.34');
    expect(amountToSell('0', 'EUR', 'USD', '3')).toBe('0.00');
  });

  it('leaves the other field empty for an amount that does not fit or a rate that is not a positive decimal', () => {
    const invalid = [['1.005', '1.1'], ['abc', '1.1'], ['10', '0'], ['10', '-1'], ['10', '1e3']] as const;
    expect(invalid.map(([amount, rate]) => amountToReceive(amount, 'EUR', 'USD', rate))).toEqual([null, null, null, null, null]);
    expect(amountToSell('1.001', 'EUR', 'USD', '3')).toBeNull();
  });
});

describe('amountStep', () => {
  it('is one minor unit of the currency', () => {
    expect(amountStep('EUR')).toBe('0.01');
    expect(amountStep('USDT')).toBe('0.000001');
  });
});

describe('recomputeAmounts', () => {
  it('follows the amount typed last and keeps it as typed', () => {
    expect(recomputeAmounts({ amount: '100', toAmount: '', edited: 'amount' }, 'EUR', 'USD', '1.0769885')).toEqual({
      amount: '100',
      toAmount: '107.69',
      edited: 'amount',
    });
    expect(recomputeAmounts({ amount: '1', toAmount: '107.69', edited: 'toAmount' }, 'EUR', 'USD', '1.0769885')).toEqual({
      amount: '100.00',
      toAmount: '107.69',
      edited: 'toAmount',
    });
  });

  it('empties the other amount while the typed one is blank or invalid', () => {
    expect(recomputeAmounts({ amount: '', toAmount: '5.00', edited: 'amount' }, 'EUR', 'USD', '1.1').toAmount).toBe('');
    expect(recomputeAmounts({ amount: '1.234', toAmount: '5.00', edited: 'amount' }, 'EUR', 'USD', '1.1').toAmount).toBe('');
    expect(recomputeAmounts({ amount: '9.00', toAmount: 'x', edited: 'toAmount' }, 'EUR', 'USD', '1.1').amount).toBe('');
  });

  it('changes nothing until both currencies and the rate are known', () => {
    const amounts = { amount: '10', toAmount: '', edited: 'amount' } as const;
    expect(recomputeAmounts(amounts, 'EUR', null, '1.1')).toBe(amounts);
    expect(recomputeAmounts(amounts, 'EUR', 'USD', null)).toBe(amounts);
  });
});

describe('settledAmounts', () => {
  it('shows what the bank credits for the amount sold, even when the client typed the amount to receive', () => {
    // 100.00 USD wanted at 3: 33.34 EUR must be sold (33.33 buys only 99.99), and 33.34 buys 100.02.
    const typed = recomputeAmounts({ amount: '', toAmount: '100.00', edited: 'toAmount' }, 'EUR', 'USD', '3');
    expect(typed.amount).toBe('33.34');
    expect(settledAmounts(typed, 'EUR', 'USD', '3')).toEqual({ amount: '33.34', toAmount: '100.02', edited: 'amount' });
  });
});
