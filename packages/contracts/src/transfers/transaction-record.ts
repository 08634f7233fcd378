import { z } from 'zod';
import { CURRENCIES, type Currency } from '../money';
import { PAYMENT_REGIONS, type PaymentRegion } from '../tariffs';
import { moneyStringSchema } from '../accounts/fields';
import { TRANSACTION_STATUSES } from './status';

/** Transaction types (docs/product.md#data). */
export const TRANSACTION_TYPES = [
  'Intra', 'Europe (SEPA)', 'International (SWIFT)', 'International (Pan Africa)', 'Exchange', 'ACH', 'EFT', 'BACS',
  'Domestic Wire', 'Card', 'Crypto', 'INTERAC', 'Bill Payment',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** References (docs/product.md#data): the family of the operation. */
export const TRANSACTION_REFERENCES = ['Internal', 'Exchange', 'International'] as const;
export type TransactionReference = (typeof TRANSACTION_REFERENCES)[number];


export const DIRECTIONS = ['IN', 'OUT'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The transaction type shown for a payment region of an international transfer. */
export const TRANSACTION_TYPE_OF_REGION: Readonly<Record<PaymentRegion, TransactionType>> = {
  SWIFT: 'International (SWIFT)',
  SEPA: 'Europe (SEPA)',
  ACH: 'ACH',
  BACS: 'BACS',
  INTERAC: 'INTERAC',
  EFT: 'EFT',
  'PAN AFRICA': 'International (Pan Africa)',
};

/**
 * Why a scheduled transfer failed when it fell due (a Failed row's statusReason): the funds were
 * short, an account of it was no longer there to pay from or to, or the bank's rules refused it then.
 */
export const SCHEDULED_FAILURE_REASONS = ['insufficientFunds', 'accountUnavailable', 'refused'] as const;
export type ScheduledFailureReason = (typeof SCHEDULED_FAILURE_REASONS)[number];

/**
 * One row of the signed-in client's transaction list: one side of an operation as that client
 * sees it. An internal transfer between two clients is two rows, OUT for the sender and IN for
 * the receiver; an exchange is an OUT row on the sold account and an IN row on the bought one,
 * with the same transactionNumber.
 */
export const transactionRecordSchema = z.object({
  transactionNumber: z.string(),
  /** The account this row belongs to (the client's own): fromAccount for OUT, toAccount for IN. */
  accountNumber: z.string(),
  fromAccount: z.string(),
  /** Target account number, or the IBAN / account number abroad for international transfers. */
  toAccount: z.string(),
  /** Recipient name as given (or the target account when no name was given). */
  recipient: z.string(),
  /** Creation time, unix seconds. */
  created: z.number().int(),
  /** Amount of this side in `currency`, without the fee. */
  amount: moneyStringSchema,
  currency: z.enum(CURRENCIES as [Currency, ...Currency[]]),
  /** Booked balance of the client's account right after this row (a pending transfer's hold does not lower it). */
  balance: moneyStringSchema,
  direction: z.enum(DIRECTIONS),
  transactionType: z.enum(TRANSACTION_TYPES),
  reference: z.enum(TRANSACTION_REFERENCES),
  transactionStatus: z.enum(TRANSACTION_STATUSES),
  /** Fee charged on this side, same currency ("0.00" when free). */
  fee: moneyStringSchema,
  purpose: z.string().nullable(),
  templateName: z.string().nullable(),
  paymentRegion: z.enum(PAYMENT_REGIONS).nullable(),
  /** The client's own payment reference text from the form. */
  paymentReference: z.string().nullable(),
  /** Requested execution date (YYYY-MM-DD) of a transfer, when given. */
  paymentDate: z.string().nullable(),
  /** Exchange rate booked (exchanges only). */
  rate: z.string().nullable(),
  /**
   * Why the transfer did not go through, for the client: a Denied row's reason as the bank wrote it,
   * a Failed row's one of SCHEDULED_FAILURE_REASONS (the web shows its text); null otherwise.
   */
  statusReason: z.string().nullable(),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;
