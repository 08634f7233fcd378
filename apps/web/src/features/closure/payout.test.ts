// Proves the payout form of a closed client: it starts from the client's own name (the company's for
// a business) and address, a refusal's field errors land under the form's fields whether the server
// names them as the payout's or as the transfer abroad it makes, "nothing to pay" is told apart, and
// the closing fee reads as paid only when paid whole.
import type { ErrorBody } from '@bank/contracts/errors';
import { describe, expect, it } from 'vitest';
import { feePaidInFull, nothingToPay, payoutFieldErrors, payoutPrefill } from './payout';

describe('payoutPrefill', () => {
  it('names a person by first and last name, and a business by its company', () => {
    expect(payoutPrefill({ accountType: 'personal', firstName: 'Anna', lastName: 'Petrova', companyName: null }).fullName).toBe('Anna Petrova');
    expect(payoutPrefill({ accountType: 'business', firstName: 'Anna', lastName: 'Petrova', companyName: 'Northwind Trading Ltd' }).fullName).toBe('Northwind Trading Ltd');
    expect(payoutPrefill({ accountType: 'business', firstName: 'Anna', lastName: null, companyName: null }).fullName).toBe('Anna');
    expect(payoutPrefill({ accountType: 'personal', firstName: null, lastName: null, companyName: 'Northwind Trading Ltd' }).fullName).toBe('Northwind Trading Ltd');
    expect(payoutPrefill({}).fullName).toBe('');
  });

  it('joins the address, city and country the bank has, the country by its English name', () => {
    expect(payoutPrefill({ address: 'Hauptstraße 1', city: 'Berlin', country: 'DE' }).address).toBe('Hauptstraße 1, Berlin, Germany');
    expect(payoutPrefill({ address: 'Hauptstraße 1', city: null, country: null }).address).toBe('Hauptstraße 1');
    expect(payoutPrefill({ address: null, city: 'Riga', country: 'lv' }).address).toBe('Riga, Latvia');
    expect(payoutPrefill({}).address).toBe('');
  });

  it('leaves the receiving bank to the client', () => {
    expect(payoutPrefill({ firstName: 'Anna' })).toMatchObject({ iban: '', swiftBic: '', bank: '', bankAddress: '' });
  });
});

describe('payoutFieldErrors', () => {
  it("puts the payout's own field errors under its fields", () => {
    const body: ErrorBody = { code: 'VALIDATION_FAILED', message: 'Validation failed', fields: { iban: 'validation.iban.invalid', swiftBic: 'validation.swiftBic.invalid', bank: 'validation.required' } };
    expect(payoutFieldErrors(body)).toEqual({ iban: ['validation.iban.invalid'], swiftBic: ['validation.swiftBic.invalid'], bank: ['validation.required'] });
  });

  it('puts a refusal of the transfer abroad under the field it was made from, and leaves the rest to the refusal', () => {
    const body: ErrorBody = {
      code: 'VALIDATION_FAILED',
      message: 'Validation failed',
      fields: { 'recipientDetails.recipientsIban': 'validation.iban.requiredForSepa', 'recipientDetails.recipientsBankAddress': 'validation.required', amount: 'validation.amount.notPositive' },
    };
    expect(payoutFieldErrors(body)).toEqual({ iban: ['validation.iban.requiredForSepa'], bankAddress: ['validation.required'] });
    expect(payoutFieldErrors({ code: 'INTERNAL', message: 'Internal server error' })).toEqual({});
    expect(payoutFieldErrors(null)).toEqual({});
  });
});

describe('nothingToPay', () => {
  it('is the conflict whose reason says so, and nothing else', () => {
    expect(nothingToPay({ code: 'CONFLICT', message: 'No account has anything to pay out', details: { reason: 'nothingToPay' } })).toBe(true);
    expect(nothingToPay({ code: 'CONFLICT', message: 'Conflict' })).toBe(false);
    expect(nothingToPay({ code: 'VALIDATION_FAILED', message: 'x', details: { reason: 'nothingToPay' } })).toBe(false);
    expect(nothingToPay(null)).toBe(false);
  });
});

describe('feePaidInFull', () => {
  it('compares what was paid with the fee exactly, in minor units', () => {
    expect(feePaidInFull({ amount: '100.00', currency: 'EUR', paid: '100.00' })).toBe(true);
    expect(feePaidInFull({ amount: '100.00', currency: 'EUR', paid: '99.99' })).toBe(false);
    expect(feePaidInFull({ amount: '100.00', currency: 'EUR', paid: '0.00' })).toBe(false);
    expect(feePaidInFull({ amount: '100', currency: 'EUR', paid: '100.00' })).toBe(true);
  });
});
