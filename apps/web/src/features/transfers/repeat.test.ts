// Proves the Repeat part of the transfer forms: the standing order sent for each way of ending it,
// its problems named by the form's own fields (the transfer's too), and a template opened as an
// order on the right form with what it remembers.
import type { TransferTemplate } from '@bank/contracts/statement/templates';
import { describe, expect, it } from 'vitest';
import { REPEAT_EMPTY, standingOrderFieldErrors, standingOrderPayload, standingOrderServerErrors } from './repeat';
import { standingOrderDraftOf } from './templateDraft';

const transfer = {
  type: 'internal' as const,
  accNumberFrom: '4070000000000158',
  accNumberTo: '4070000000000208',
  amount: '25.00',
  transferCurrency: 'EUR' as const,
};

describe('standing order from the transfer form', () => {
  it('sends the frequency, the day for monthly orders and one way of ending', () => {
    const monthly = standingOrderPayload(transfer, { ...REPEAT_EMPTY, repeat: 'on', frequency: 'monthly', dayOfMonth: '31', startDate: '2026-12-31', endKind: 'count', count: '12' });
    expect(monthly).toEqual({ transfer, frequency: 'monthly', dayOfMonth: 31, startDate: '2026-12-31', endDate: undefined, count: 12 });
    const weekly = standingOrderPayload(transfer, { ...REPEAT_EMPTY, repeat: 'on', frequency: 'weekly', dayOfMonth: '5', startDate: '2026-12-07', endKind: 'date', endDate: '2027-03-01' });
    expect(weekly).toMatchObject({ frequency: 'weekly', dayOfMonth: undefined, endDate: '2027-03-01', count: undefined });
    expect(standingOrderPayload(transfer, { ...REPEAT_EMPTY, startDate: '2026-12-07' })).toMatchObject({ endDate: undefined, count: undefined });
  });

  it("names the order's and the transfer's problems by the form's fields", () => {
    const order = standingOrderPayload({ ...transfer, amount: '' }, { ...REPEAT_EMPTY, repeat: 'on', dayOfMonth: '40', endKind: 'date' });
    const errors = standingOrderFieldErrors(order, '', 'EUR');
    expect(errors.startDate).toBe('validation.required');
    expect(errors.dayOfMonth).toBe('validation.dayOfMonth.invalid');
    expect(errors.endDate).toBe('validation.required');
    expect(errors.amount).toBeDefined();
    expect(Object.keys(errors).some((field) => field.startsWith('transfer.'))).toBe(false);
    expect(standingOrderServerErrors({ code: 'VALIDATION_FAILED', message: 'x', fields: { 'transfer.recipientDetails.recipientsIban': 'validation.iban.invalid', startDate: 'validation.startDate.past' } })).toEqual({
      recipientsIban: 'validation.iban.invalid',
      startDate: 'validation.startDate.past',
    });
  });

  it('opens a template on its own form with Repeat on', () => {
    const template: TransferTemplate = {
      templateName: 'Rent', accountNumber: '4070000000000158', currency: 'EUR', toAccount: 'DE89370400440532013000', recipient: 'Landlord GmbH', amount: '900.00',
      type: 'Europe (SEPA)', paymentRegion: 'SEPA', purpose: 'Rent', lastUsed: 0, uses: 3,
    };
    expect(standingOrderDraftOf(template)).toEqual({
      kind: 'bank',
      values: { amount: '900.00', templateName: 'Rent', repeat: 'on', fromAccount: '4070000000000158', paymentRegions: 'SEPA', purpose: 'Rent', fullName: 'Landlord GmbH', recipientsIban: 'DE89370400440532013000' },
    });
    expect(standingOrderDraftOf({ ...template, type: 'Intra', paymentRegion: null, toAccount: '4070000000000208', recipient: '4070000000000208' })).toMatchObject({
      kind: 'internal',
      values: { accNumberFrom: '4070000000000158', accNumberTo: '4070000000000208', fullName: '', repeat: 'on' },
    });
  });
});
