import { z } from 'zod';
import { moneyStringSchema } from '../accounts/fields';
import { LIMITS } from '../protocol';
import { STATEMENT_PERIODS } from '../statement/periods';
import { pageLimitSchema, timeZoneSchema } from '../statement/statement-query';
import { optionalDateSchema } from '../transfers/dates';
import { DIRECTIONS } from '../transfers/transaction-record';
import { cryptoCurrencySchema } from './wallets';

/** Crypto statuses (docs/product.md#states): New (shown as Pending), Approved, Denied. */
export const CRYPTO_STATUSES = ['New', 'Approved', 'Denied'] as const;
export type CryptoStatus = (typeof CRYPTO_STATUSES)[number];

/** What a row of the crypto list is: a transfer out, one between wallets of this bank, a deposit from the network, a conversion. */
export const CRYPTO_OPERATION_KINDS = ['transfer', 'internal', 'deposit', 'conversion'] as const;
export type CryptoOperationKind = (typeof CRYPTO_OPERATION_KINDS)[number];

/** docs/product.md#tariffs-and-limits: 8 crypto transactions a page. */
export const CRYPTO_PAGE_SIZE = LIMITS.pageSize;

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * GET /api/crypto-transaction/list (bearer), every parameter optional: `wallet` (one of the
 * client's wallet addresses; another one is a 404), `status`, a `period` preset or `from`/`to`
 * days in `timeZone`, `limit` (default 8) and `cursor` (the `nextCursor` of the page before, for
 * the next page by keyset). Newest first.
 */
export const cryptoTransactionsQuerySchema = z
  .object({
    wallet: z.preprocess(blank, z.string().trim().max(100, 'validation.filter.tooLong').optional()),
    status: z.preprocess(blank, z.enum(CRYPTO_STATUSES, { error: 'validation.status.invalid' }).optional()),
    period: z.preprocess(blank, z.enum(STATEMENT_PERIODS, { error: 'validation.period.unknown' }).optional()),
    from: optionalDateSchema,
    to: optionalDateSchema,
    timeZone: timeZoneSchema,
    limit: pageLimitSchema,
    cursor: z.preprocess(blank, z.string().max(200, 'validation.cursor.invalid').optional()),
  })
  .superRefine((query, context) => {
    if (!query.period && query.from && query.to && query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'validation.period.toBeforeFrom' });
    }
  });
export type CryptoTransactionsQueryInput = z.input<typeof cryptoTransactionsQuerySchema>;
export type CryptoTransactionsQuery = z.output<typeof cryptoTransactionsQuerySchema>;

/**
 * One row of the crypto list: one side of an operation as the signed-in client sees it (a transfer
 * between two clients of this bank is OUT for the payer and IN for the payee, with one number).
 */
export const cryptoTransactionSchema = z.object({
  transactionNumber: z.string(),
  kind: z.enum(CRYPTO_OPERATION_KINDS),
  /** The client's own wallet address of this row. */
  wallet: z.string(),
  /** The other side: the recipient address (OUT), the sender address or network (IN), or the account of a conversion. */
  counterparty: z.string(),
  direction: z.enum(DIRECTIONS),
  /** The amount of this side, without the fee, in the coin's full precision. */
  amount: moneyStringSchema,
  /** Network fee (or conversion fee), held and booked with the amount; "0" when free. */
  fee: moneyStringSchema,
  currency: cryptoCurrencySchema,
  status: z.enum(CRYPTO_STATUSES),
  /** Why the bank denied it (shown to the client), when it did. */
  statusReason: z.string().nullable(),
  reference: z.string().nullable(),
  /** The network's transaction hash of a deposit. */
  txHash: z.string().nullable(),
  /** Creation time, unix seconds. */
  created: z.number().int(),
});
export type CryptoTransaction = z.infer<typeof cryptoTransactionSchema>;

export const cryptoTransactionsResponseSchema = z.object({
  items: z.array(cryptoTransactionSchema),
  /** Rows matching the filters in all. */
  total: z.number().int(),
  /** Give it back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CryptoTransactionsResponse = z.infer<typeof cryptoTransactionsResponseSchema>;
