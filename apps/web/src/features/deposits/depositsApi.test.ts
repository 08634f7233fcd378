// Proves the screen finds the bank's new quote only in a refusal that says the quote changed.
import { describe, expect, it } from 'vitest';
import { quoteChangedIn } from './depositsApi';

describe('quoteChangedIn', () => {
  it('answers the new quote of a 409 quoteChanged, and nothing for any other answer', () => {
    const quote = { depositId: 'd', closingDate: '2026-02-11', forfeitedInterest: '30.14' };
    expect(quoteChangedIn({ code: 'CONFLICT', message: 'changed', details: { reason: 'quoteChanged', quote } })).toEqual(quote);
    expect(quoteChangedIn({ code: 'CONFLICT', message: 'closed', details: { reason: 'notActive' } })).toBeNull();
    expect(quoteChangedIn({ code: 'VALIDATION_FAILED', message: 'no', details: { reason: 'quoteChanged', quote } })).toBeNull();
    expect(quoteChangedIn({ code: 'CONFLICT', message: 'changed' })).toBeNull();
    expect(quoteChangedIn(null)).toBeNull();
  });
});
