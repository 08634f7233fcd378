import type { TransferTemplate } from '@bank/contracts/statement/templates';
import type { DraftKind } from './transferDraft';

/** An IBAN starts with its country's two letters; anything else abroad is an account number. */
const IBAN_START = /^[A-Za-z]{2}\d{2}/;

/**
 * A saved template as the transfer form's draft, with Repeat on: the form opens filled in with what
 * the template remembers, and the client completes the rest (a transfer abroad's bank details are
 * not kept in a template) and the order's calendar.
 */
export function standingOrderDraftOf(template: TransferTemplate): { kind: DraftKind; values: Record<string, string> } {
  const common = { amount: template.amount, templateName: template.templateName, repeat: 'on' };
  if (template.type === 'Intra') {
    return {
      kind: 'internal',
      values: { ...common, accNumberFrom: template.accountNumber, accNumberTo: template.toAccount, fullName: template.recipient === template.toAccount ? '' : template.recipient },
    };
  }
  return {
    kind: 'bank',
    values: {
      ...common,
      fromAccount: template.accountNumber,
      paymentRegions: template.paymentRegion ?? '',
      purpose: template.purpose ?? '',
      fullName: template.recipient,
      [IBAN_START.test(template.toAccount) ? 'recipientsIban' : 'recipientsAccountNumber']: template.toAccount,
    },
  };
}
