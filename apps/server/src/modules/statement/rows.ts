import { formatMinor, type StatementRow } from '@bank/contracts';
import type { TransactionRow } from '../transfers/transaction-rows';

/**
 * A stored row as the statement shows it. The four balance figures are the row's own, from the
 * available balance the ledger left right after the operation (balance_after, written in the same
 * database transaction as the postings or the hold): an incoming row credits its amount less the
 * fee, an outgoing row debits its amount plus the fee, and the opening balance is what was there
 * before, so opening + credit − debit = balance holds on every row.
 */
export function toStatementRow(row: TransactionRow, accountNumber: string): StatementRow {
  const money = (minor: bigint) => formatMinor(minor, row.currency);
  const creditMinor = row.direction === 'IN' ? row.amountMinor - row.feeMinor : 0n;
  const debitMinor = row.direction === 'OUT' ? row.amountMinor + row.feeMinor : 0n;
  // The name stored with a row is the counterparty's as typed by the payer; for a payment received
  // from another bank it is the sender's name.
  const nameIsSender = row.direction === 'IN' && row.reference === 'International';
  const name = row.recipient && row.recipient !== row.toAccount && row.recipient !== row.fromAccount ? row.recipient : null;
  return {
    transactionNumber: row.transactionNumber,
    created: Math.floor(Date.parse(row.at) / 1000),
    accountNumber,
    sender: row.fromAccount,
    senderName: nameIsSender ? name : null,
    recipient: row.toAccount,
    recipientName: nameIsSender ? null : name,
    type: row.type,
    reference: row.reference,
    // The payment purpose; an internal transfer has none of its own and shows the client's reference text.
    purpose: row.purpose ?? row.paymentReference,
    amount: money(row.amountMinor),
    fee: money(row.feeMinor),
    currency: row.currency,
    direction: row.direction,
    status: row.status,
    openingBalance: money(row.balanceAfterMinor - creditMinor + debitMinor),
    creditTurnover: money(creditMinor),
    debitTurnover: money(debitMinor),
    balance: money(row.balanceAfterMinor),
    templateName: row.templateName,
    paymentRegion: row.paymentRegion,
  };
}
