import { z } from 'zod';
import { moneyStringSchema } from '../accounts/fields';
import { CURRENCIES, type Currency } from '../money';
import { PAYMENT_REGIONS } from '../tariffs';
import { DIRECTIONS, TRANSACTION_REFERENCES, TRANSACTION_TYPES } from '../transfers/transaction-record';
import { TRANSACTION_STATUSES } from '../transfers/status';

/**
 * One statement row (docs/product.md#screens-and-routes): date, transfer number, sender, recipient, type, payment purpose,
 * amount, currency, direction, status, opening balance, credit turnover, debit turnover and fiat
 * balance. The four balance figures are this row's own, on the basis of the period's summary (the
 * booked balance): the account's booked balance before it, what it credited (the amount less any
 * fee) or debited (the amount plus any fee), each its posting, and the booked balance after it; so
 * openingBalance + creditTurnover − debitTurnover = balance on every row, each row opens where the
 * older one closed, and a period's rows add up to its summary. A row not booked (status New or
 * Processing: pending; Denied, Canceled) moves nothing: zero turnovers, opening balance = balance.
 */
export const statementRowSchema = z.object({
  transactionNumber: z.string(),
  /**
   * The row's date on the statement, unix seconds: when its money was booked, or when it was made
   * while nothing is booked (a pending transfer; a denied or canceled one). Rows are in this order.
   */
  created: z.number().int(),
  /** The client's own account this row belongs to. */
  accountNumber: z.string(),
  /** Sender's account (the client's own for OUT rows; the payer's for IN rows). */
  sender: z.string(),
  /** Sender's name when the bank knows it (payments received from abroad). */
  senderName: z.string().nullable(),
  /** Target account number (IBAN or account number abroad for international transfers). */
  recipient: z.string(),
  /** Recipient's name as the payer typed it, when it is not just the account number. */
  recipientName: z.string().nullable(),
  type: z.enum(TRANSACTION_TYPES),
  reference: z.enum(TRANSACTION_REFERENCES),
  purpose: z.string().nullable(),
  amount: moneyStringSchema,
  fee: moneyStringSchema,
  currency: z.enum(CURRENCIES as [Currency, ...Currency[]]),
  direction: z.enum(DIRECTIONS),
  status: z.enum(TRANSACTION_STATUSES),
  /** The date the transfer was dated for (YYYY-MM-DD; a Scheduled one runs on it), when it was given one. */
  paymentDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  /**
   * Why the transfer did not go through, for the client: a Denied row's reason as the bank wrote it,
   * a Failed row's one of SCHEDULED_FAILURE_REASONS (the web shows its text); null otherwise.
   */
  statusReason: z.string().nullable(),
  openingBalance: moneyStringSchema,
  creditTurnover: moneyStringSchema,
  debitTurnover: moneyStringSchema,
  /** Fiat balance: the account's booked balance right after this row. */
  balance: moneyStringSchema,
  templateName: z.string().nullable(),
  paymentRegion: z.enum(PAYMENT_REGIONS).nullable(),
});
export type StatementRow = z.infer<typeof statementRowSchema>;

/**
 * One account over the period, from the ledger's postings: the booked balance at the start,
 * the sum of credits and of debits inside the period, and the booked balance at the end.
 * Pending holds are not postings, so they are not in these figures.
 */
export const statementAccountSummarySchema = z.object({
  accountNumber: z.string(),
  currency: z.enum(CURRENCIES as [Currency, ...Currency[]]),
  openingBalance: moneyStringSchema,
  creditTurnover: moneyStringSchema,
  debitTurnover: moneyStringSchema,
  closingBalance: moneyStringSchema,
});
export type StatementAccountSummary = z.infer<typeof statementAccountSummarySchema>;

export const statementPeriodAnswerSchema = z.object({
  /** First and last day (inclusive, YYYY-MM-DD in the client's zone); null when open-ended. */
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  /** The same bounds as instants (ISO, UTC): start inclusive, end exclusive. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  timeZone: z.string(),
});
export type StatementPeriodAnswer = z.infer<typeof statementPeriodAnswerSchema>;

/**
 * The answer of GET /api/statement. `total`, `totalPages` and `accounts` (the summaries) are
 * computed when the statement is opened without a cursor; a move with a cursor carries the total
 * along and leaves `accounts` null, since the period and filters have not changed. Counting stops
 * at a cap: `totalExact` false means there are more rows than `total` (and pages than `totalPages`).
 */
export const statementPageSchema = z.object({
  rows: z.array(statementRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalExact: z.boolean(),
  totalPages: z.number().int(),
  /** Send back with `page` to move from this page by keyset seek. */
  cursor: z.string().nullable(),
  period: statementPeriodAnswerSchema,
  accounts: z.array(statementAccountSummarySchema).nullable(),
});
export type StatementPage = z.infer<typeof statementPageSchema>;
