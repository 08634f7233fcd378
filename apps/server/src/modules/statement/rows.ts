import { formatMinor, type StatementRow } from '@bank/contracts';
import type { Db } from '../../db';
import { movementOf, statusReasonsOf, type TransactionRow } from '../operations';

/**
 * A stored row as the statement shows it, dated by its place on the statement (when it was booked,
 * or made while nothing is booked). The four balance figures are the row's own, on the booked basis
 * of the period's balances: the booked balance before it, what it credited (an incoming row's
 * amount less the fee) or debited (an outgoing row's amount plus the fee), each equal to its posting,
 * and the booked balance after it (balance_after, written with the postings). A pending row (status
 * New or Processing), and a denied or canceled one, books nothing: its opening balance is its
 * balance and its turnovers are zero. So opening + credit − debit = balance on every row, each row
 * opens where the one before it closed, and the rows of a period add up to its turnovers.
 */
export function toStatementRow(row: TransactionRow, accountNumber: string, statusReason: string | null): StatementRow {
  const money = (minor: bigint) => formatMinor(minor, row.currency);
  const { creditMinor, debitMinor } = movementOf(row);
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
    paymentDate: row.paymentDate,
    statusReason,
    openingBalance: money(row.balanceAfterMinor - creditMinor + debitMinor),
    creditTurnover: money(creditMinor),
    debitTurnover: money(debitMinor),
    balance: money(row.balanceAfterMinor),
    templateName: row.templateName,
    paymentRegion: row.paymentRegion,
  };
}

/**
 * Rows read together (a page, a batch of a file) as the statement shows them, each with the reason
 * its transfer did not go through, read for all of them at once.
 */
export async function toStatementRows(db: Db, rows: readonly TransactionRow[], accountNumberOf: (row: TransactionRow) => string): Promise<StatementRow[]> {
  const reasons = await statusReasonsOf(db, rows);
  return rows.map((row) => toStatementRow(row, accountNumberOf(row), reasons.get(row.transactionNumber) ?? null));
}
