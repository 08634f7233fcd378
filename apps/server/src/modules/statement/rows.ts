import {
  decimalToMinor,
  formatMinor,
  isCurrency,
  PAYMENT_REGIONS,
  TRANSACTION_REFERENCES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type Currency,
  type PaymentRegion,
  type StatementRow,
  type TransactionReference,
  type TransactionStatus,
  type TransactionType,
} from '@bank/contracts';
import type { StatementDbRow } from './repository';

function oneOf<T extends string>(values: readonly T[], value: string | null, what: string): T {
  if (value === null || !(values as readonly string[]).includes(value)) throw new Error(`Unknown ${what} ${value} in transactions`);
  return value as T;
}

/**
 * A stored row as the statement shows it. The four balance figures are the row's own, from the
 * available balance the ledger left right after the operation (balance_after, written in the same
 * database transaction as the postings or the hold): an incoming row credits its amount less the
 * fee, an outgoing row debits its amount plus the fee, and the opening balance is what was there
 * before, so opening + credit − debit = balance holds on every row.
 */
export function toStatementRow(row: StatementDbRow, accountNumber: string): StatementRow {
  if (!isCurrency(row.currency)) throw new Error(`Unknown currency ${row.currency} in transactions`);
  const currency: Currency = row.currency;
  const amountMinor = decimalToMinor(row.amount, currency);
  const feeMinor = decimalToMinor(row.fee, currency);
  const balanceMinor = decimalToMinor(row.balance_after, currency);
  const creditMinor = row.direction === 'IN' ? amountMinor - feeMinor : 0n;
  const debitMinor = row.direction === 'OUT' ? amountMinor + feeMinor : 0n;
  const reference = oneOf<TransactionReference>(TRANSACTION_REFERENCES, row.reference, 'reference');
  // The name stored with a row is the counterparty's as typed by the payer; for a payment received
  // from another bank it is the sender's name.
  const nameIsSender = row.direction === 'IN' && reference === 'International';
  const name = row.recipient && row.recipient !== row.to_account && row.recipient !== row.from_account ? row.recipient : null;
  return {
    transactionNumber: row.transaction_number,
    created: Math.floor(Date.parse(row.at) / 1000),
    accountNumber,
    sender: row.from_account,
    senderName: nameIsSender ? name : null,
    recipient: row.to_account,
    recipientName: nameIsSender ? null : name,
    type: oneOf<TransactionType>(TRANSACTION_TYPES, row.transaction_type, 'transaction type'),
    reference,
    purpose: row.purpose,
    amount: formatMinor(amountMinor, currency),
    fee: formatMinor(feeMinor, currency),
    currency,
    direction: row.direction,
    status: oneOf<TransactionStatus>(TRANSACTION_STATUSES, row.status, 'status'),
    openingBalance: formatMinor(balanceMinor - creditMinor + debitMinor, currency),
    creditTurnover: formatMinor(creditMinor, currency),
    debitTurnover: formatMinor(debitMinor, currency),
    balance: formatMinor(balanceMinor, currency),
    templateName: row.template_name,
    paymentRegion: row.payment_region === null ? null : oneOf<PaymentRegion>(PAYMENT_REGIONS, row.payment_region, 'payment region'),
  };
}
