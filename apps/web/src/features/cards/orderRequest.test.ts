// Proves the order form of a card: a virtual card is checked and sent without an address, a
// physical one with it (line2 only when typed), the bank's nested field errors land under the
// form's flat fields, only USD accounts are offered, the profile's address starts the delivery
// address, the fees are the tariff's, the unpaid fee of a 422 is read, and a refusal is told apart
// from an outcome not known.
import { accountNumberFromSerial } from '@bank/contracts/accounts/account-number';
import { describe, expect, it } from 'vitest';
import {
  addressLines,
  cardAccountFor,
  cardAccounts,
  cardTypeOf,
  deliveryPrefill,
  EMPTY_ORDER,
  issueFee,
  orderFieldErrors,
  orderFormSchema,
  orderRefusalKind,
  orderRequestOf,
  unpaidFee,
} from './orderRequest';

const usd = { number: '', balance: '10.00', currency: 'USD', key: 'u' };

describe('orderFormSchema and orderRequestOf', () => {
  const accountNumber = accountNumberFromSerial(42);

  it('checks a virtual card without any address and sends none', () => {
    const parsed = orderFormSchema('virtual').safeParse({ ...EMPTY_ORDER, accountNumber });
    expect(parsed.success).toBe(true);
    expect(orderRequestOf(parsed.data!)).toEqual({ type: 'virtual', accountNumber });
  });

  it('asks a physical card for the address, each field under its own name', () => {
    const parsed = orderFormSchema('physical').safeParse({ ...EMPTY_ORDER, type: 'physical', accountNumber });
    expect(parsed.success).toBe(false);
    const fields = new Set(parsed.error!.issues.map((issue) => issue.path.join('.')));
    expect(fields).toEqual(new Set(['line1', 'city', 'postalCode', 'country']));
  });

  it('sends a physical card with its address, the second line only when typed, the country upper case', () => {
    const values = { ...EMPTY_ORDER, type: 'physical', accountNumber, line1: ' Hauptstraße 1 ', city: 'Berlin', postalCode: '10115', country: 'de' };
    const parsed = orderFormSchema('physical').safeParse(values);
    expect(parsed.success).toBe(true);
    expect(orderRequestOf(parsed.data!)).toEqual({ type: 'physical', accountNumber, deliveryAddress: { line1: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' } });
    const withLine2 = orderFormSchema('physical').safeParse({ ...values, line2: 'Flat 4' });
    expect(orderRequestOf(withLine2.data!).deliveryAddress).toMatchObject({ line2: 'Flat 4' });
  });

  it('refuses an unknown card type and a missing account with their keys', () => {
    const parsed = orderFormSchema('virtual').safeParse({ ...EMPTY_ORDER, type: 'gold' });
    const messages = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ type: 'validation.cardType.invalid', accountNumber: 'validation.accountNumber.required' });
    expect(cardTypeOf('gold')).toBe('virtual');
    expect(cardTypeOf('physical')).toBe('physical');
  });
});

describe('orderFieldErrors', () => {
  it('puts the bank’s nested address errors under the flat fields, and a missing address under its first line', () => {
    expect(
      orderFieldErrors({ accountNumber: 'validation.accountNumber.notUsd', 'deliveryAddress.city': 'validation.required', 'deliveryAddress.country': 'validation.country.invalid' }),
    ).toEqual({ accountNumber: ['validation.accountNumber.notUsd'], city: ['validation.required'], country: ['validation.country.invalid'] });
    expect(orderFieldErrors({ deliveryAddress: 'validation.required' })).toEqual({ line1: ['validation.required'] });
  });

  it('leaves out fields the form does not have, so the refusal is said in words', () => {
    expect(orderFieldErrors({ _: 'validation.text.controlCharacters', somethingElse: 'x' })).toEqual({});
    expect(orderFieldErrors(undefined)).toEqual({});
  });
});

describe('card accounts', () => {
  const accounts = [
    { ...usd, number: '1' },
    { ...usd, number: '2', currency: 'EUR' },
    { ...usd, number: '3' },
  ];

  it('offers only the USD accounts', () => {
    expect(cardAccounts(accounts).map((account) => account.number)).toEqual(['1', '3']);
    expect(cardAccounts([{ ...usd, number: '2', currency: 'EUR' }])).toEqual([]);
  });

  it('keeps a USD account chosen, takes the only one, and chooses none among several or none', () => {
    expect(cardAccountFor(accounts, '3')).toBe('3');
    expect(cardAccountFor(accounts, '2')).toBe('');
    expect(cardAccountFor([{ ...usd, number: '7' }, accounts[1]!], '')).toBe('7');
    expect(cardAccountFor([], '1')).toBe('');
  });
});

describe('deliveryPrefill', () => {
  it('starts from the profile’s address, city and country code', () => {
    expect(deliveryPrefill({ address: ' Hauptstraße 1 ', city: 'Berlin', country: 'de' })).toEqual({ line1: 'Hauptstraße 1', city: 'Berlin', country: 'DE' });
  });

  it('leaves empty what the profile lacks, and a country that is not a code', () => {
    expect(deliveryPrefill({})).toEqual({ line1: '', city: '', country: '' });
    expect(deliveryPrefill({ address: null, city: null, country: 'Germany' })).toEqual({ line1: '', city: '', country: '' });
  });
});

describe('fees', () => {
  it('charges 300 EUR for a virtual card and 400 EUR for a physical one', () => {
    expect(issueFee('virtual')).toEqual({ amount: '300.00', currency: 'EUR' });
    expect(issueFee('physical')).toEqual({ amount: '400.00', currency: 'EUR' });
  });

  it('reads the fee the bank could not charge from a 422, and nothing from other answers', () => {
    expect(unpaidFee({ code: 'INSUFFICIENT_FUNDS', message: 'no', details: { fee: '400.00', currency: 'EUR' } })).toEqual({ amount: '400.00', currency: 'EUR' });
    expect(unpaidFee({ code: 'INSUFFICIENT_FUNDS', message: 'no' })).toBeNull();
    expect(unpaidFee({ code: 'CONFLICT', message: 'no', details: { fee: '400.00', currency: 'EUR' } })).toBeNull();
    expect(unpaidFee(null)).toBeNull();
  });
});


describe('orderRefusalKind', () => {
  it('names the unpaid fee of a 422', () => {
    expect(orderRefusalKind(422, { code: 'INSUFFICIENT_FUNDS', message: 'no', details: { fee: '300.00', currency: 'EUR' } })).toBe('insufficientFunds');
  });

  it('calls an order without an answer, or with an unexplained failure, not known: it is confirmed again with the same key', () => {
    expect(orderRefusalKind(0, null)).toBe('unknown');
    expect(orderRefusalKind(502, null)).toBe('unknown');
    expect(orderRefusalKind(500, { code: 'INTERNAL', message: 'Internal server error' })).toBe('unknown');
  });

  it('says the bank’s own reason when it gave one, a 5xx with a known code included', () => {
    expect(orderRefusalKind(503, { code: 'RATES_STALE', message: 'stale' })).toBe('refused');
    expect(orderRefusalKind(503, { code: 'BUSY', message: 'busy' })).toBe('refused');
    expect(orderRefusalKind(403, { code: 'FORBIDDEN', message: 'Forbidden' })).toBe('refused');
    expect(orderRefusalKind(422, { code: 'INSUFFICIENT_FUNDS', message: 'no' })).toBe('refused');
  });
});

describe('addressLines', () => {
  it('reads a delivery address line by line, the second line only when given, the country by its name', () => {
    const name = (code: string) => (code === 'DE' ? 'Germany' : code);
    expect(addressLines({ line1: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' }, name)).toEqual(['Hauptstraße 1', '10115 Berlin', 'Germany']);
    expect(addressLines({ line1: 'Hauptstraße 1', line2: 'Flat 4', city: 'Berlin', postalCode: '10115', country: 'DE' }, name)).toEqual([
      'Hauptstraße 1',
      'Flat 4',
      '10115 Berlin',
      'Germany',
    ]);
  });
});
