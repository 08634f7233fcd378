import { z } from 'zod';
import { moneyStringSchema, requiredText } from '../accounts/fields';
import { optionalIbanSchema, swiftBicSchema } from '../transfers/create-international-transfer';
import { TRANSACTION_STATUSES } from '../transfers/status';

/**
 * A client the bank closes for a breach of its policy (docs/bank-controls.md#closing-a-client). Once
 * a second operator approves the closure, the client's sessions end, the closing fee is charged and
 * the accounts take no new money. At the next sign-in the client sees only the notice, the
 * statement and the payout form: what remains goes abroad as an ordinary bank transfer, and an
 * account whose balance is gone is Closed. The reason stays in the bank: the client is not told it.
 */

/**
 * Where each account of a closed client stands:
 * - awaitingPayout: it holds money the payout form can send;
 * - payoutPending: a payout from it waits for the bank (New or Processing);
 * - belowFee: what it holds cannot pay the fee of a transfer abroad, so nothing can be sent;
 * - closed: nothing is left and nothing waits.
 */
export const CLOSURE_ACCOUNT_STATES = ['awaitingPayout', 'payoutPending', 'belowFee', 'closed'] as const;
export type ClosureAccountState = (typeof CLOSURE_ACCOUNT_STATES)[number];

/** What an account and a wallet of a closed client both show: balances, state, what a payout would send and its newest payout. */
const holdingFields = {
  currency: z.string(),
  balance: moneyStringSchema,
  available: moneyStringSchema,
  state: z.enum(CLOSURE_ACCOUNT_STATES),
  /** While awaiting payout: what the payout would send and its fee (together, the available balance at most). */
  payable: moneyStringSchema.nullable(),
  fee: moneyStringSchema.nullable(),
};
const payoutFields = { transactionNumber: z.string(), status: z.enum(TRANSACTION_STATUSES), amount: moneyStringSchema, fee: moneyStringSchema };

export const closureAccountSchema = z.object({
  number: z.string(),
  ...holdingFields,
  /** The newest payout from the account, if any: a transfer abroad to `iban`. */
  payout: z.object({ ...payoutFields, iban: z.string() }).nullable(),
});
export type ClosureAccount = z.infer<typeof closureAccountSchema>;

/**
 * A wallet of a closed client, in the same states as an account: what it holds goes out as a crypto
 * transfer to an address the client names, one wallet at a time, less the coin's network fee.
 */
export const closureWalletSchema = z.object({
  address: z.string(),
  ...holdingFields,
  /** The newest payout from the wallet, if any: a crypto transfer to `recipient`. */
  payout: z.object({ ...payoutFields, recipient: z.string() }).nullable(),
});
export type ClosureWallet = z.infer<typeof closureWalletSchema>;

/**
 * GET /api/closure (a signed-in client the bank has closed; 404 for any other): when the closure
 * held, the closing fee (what was paid of it), and each account's and wallet's state.
 * `canRequestPayout` is true while some account awaits its payout (the bank transfer's form);
 * each wallet awaiting its payout has a form of its own.
 */
export const closureStatusSchema = z.object({
  closedAt: z.string(),
  fee: z.object({ amount: moneyStringSchema, currency: z.string(), paid: moneyStringSchema }),
  accounts: z.array(closureAccountSchema),
  wallets: z.array(closureWalletSchema),
  canRequestPayout: z.boolean(),
});
export type ClosureStatus = z.infer<typeof closureStatusSchema>;

/**
 * POST /api/closure/payout (with an Idempotency-Key): the account abroad that receives what remains.
 * Each account awaiting its payout sends its available balance less the fee, as a bank transfer
 * under the usual rules (SEPA for euros, SWIFT otherwise; the bank's country is the IBAN's).
 * Answers the closure's status with the payouts made; 409 (details.reason 'nothingToPay') when no
 * account awaits one.
 */
export const closurePayoutRequestSchema = z.object({
  fullName: requiredText(),
  iban: optionalIbanSchema.refine((iban) => iban !== undefined, 'validation.required'),
  swiftBic: swiftBicSchema,
  bank: requiredText(),
  bankAddress: requiredText(),
  /** The recipient's address. */
  address: requiredText(),
});
export type ClosurePayoutPayload = z.input<typeof closurePayoutRequestSchema>;
export type ClosurePayoutRequest = z.output<typeof closurePayoutRequestSchema>;

/**
 * POST /api/closure/crypto-payout {wallet, recipient} (with an Idempotency-Key): what a wallet of a
 * closed client holds, less the coin's network fee, goes to `recipient` as a crypto transfer under
 * the usual rules. 404 (fields.wallet) for a wallet not the client's; 400 (fields.recipient
 * 'validation.cryptoAddress.invalid') for an address not of the wallet's coin; 409 'nothingToPay'
 * when the wallet does not await its payout. Answers the closure's status.
 */
export const closureCryptoPayoutRequestSchema = z.object({
  wallet: requiredText(100),
  recipient: requiredText(100),
});
export type ClosureCryptoPayoutPayload = z.input<typeof closureCryptoPayoutRequestSchema>;
