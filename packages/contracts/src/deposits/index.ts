import { z } from 'zod';
import { accountNumberSchema, AMOUNT_PROBLEM_MESSAGES, amountInputSchema, moneyStringSchema } from '../accounts/fields';
import { decimalToMinor, formatRatioHalfUp, parseAmount, ratio } from '../money';
import { DEPOSIT_CURRENCIES, DEPOSIT_HISTORY_TIERS, DEPOSITS, type DepositCurrency, type DepositHistoryTier } from '../tariffs';

/**
 * Term deposits (docs/product.md#tariffs-and-limits, docs/deposits.md): the client's calls. The rules (currencies, minimum, terms,
 * payout periods, rates, the opening fee) are DEPOSITS in tariffs.ts; the server quotes from the
 * rate table in force, which the back office changes through four-eyes approvals.
 */

/** An annual rate in basis points as the percentage the bank writes, with two decimals (1150 → "11.50"). */
export function ratePercentOf(rateBasisPoints: number): string {
  return formatRatioHalfUp(ratio(BigInt(rateBasisPoints), 100n), 2);
}

/** Active until maturity or an early closing; Matured and ClosedEarly are final. */
export const DEPOSIT_STATUSES = ['Active', 'Matured', 'ClosedEarly'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** A rate of the table is above 0 and below 100 % a year: 1 to 9999 basis points. */
export const MAX_DEPOSIT_RATE_BASIS_POINTS = 9999;

/** A table of `cell`s, one per history tier and currency, shaped as DepositRateTable. */
export function depositRateTableOf<Cell extends z.ZodType>(cell: Cell) {
  const row = z.object(Object.fromEntries(DEPOSIT_CURRENCIES.map((currency) => [currency, cell])) as Record<DepositCurrency, Cell>);
  return z.object(Object.fromEntries(DEPOSIT_HISTORY_TIERS.map((tier) => [tier, row])) as Record<DepositHistoryTier, typeof row>);
}

/** A rate table in basis points (DepositRateTable), as a version of it is stored and answered. */
export const depositRateTableSchema = depositRateTableOf(z.number().int().min(1).max(MAX_DEPOSIT_RATE_BASIS_POINTS));

/**
 * GET /api/deposit/rates (public, no token): the rate table new deposits open at, the one the quote
 * prices from and the public pages print. `since` is when the back office's approved version came
 * into force (an ISO instant), null while the tariff's own table (DEPOSITS.ratesBasisPoints) holds.
 * Answered with `cache-control: public, max-age=60`: a new table reaches the pages within a minute.
 */
export const depositRatesInForceSchema = z.object({
  rates: depositRateTableSchema,
  since: z.iso.datetime().nullable(),
});
export type DepositRatesInForce = z.infer<typeof depositRatesInForceSchema>;

/** A whole number, from a JSON number or a query string's digits. */
const wholeNumber = (message: string) =>
  z.union([z.number(), z.string().trim().regex(/^\d{1,3}$/, message).transform(Number)], { error: message }).pipe(z.number().int(message));

/**
 * The terms a client asks for: GET /api/deposit/quote takes them as query parameters, POST
 * /api/deposit/create as its body. `accNumberFrom` is the client's account the principal and the
 * opening fee come from and the interest and principal go back to; it must be in `currency`.
 *
 * Refusals are 400 VALIDATION_FAILED naming the field: currency 'validation.deposit.currency';
 * amount 'validation.deposit.minimum' below DEPOSITS.minimum (the same figure in EUR and USD), the
 * shared 'validation.amount.*' keys for an amount that is no amount (or has more decimals than the
 * currency), and 'validation.amount.overLimit' from the server above MAX_OPERATION_EUR;
 * termMonths 'validation.deposit.term' outside 3–60 whole months; payoutMonths
 * 'validation.deposit.payoutPeriod' when not 1, 3, 6 or 12, 'validation.deposit.payoutLongerThanTerm'
 * when longer than the term. The server adds accNumberFrom 'validation.accNumberFrom.notFound'
 * (404) and 'validation.deposit.accountCurrency' (400, an account in another currency); 403 for a
 * client not identified; 422 INSUFFICIENT_FUNDS when the account cannot pay principal and fee.
 */
export const depositTermsSchema = z
  .object({
    currency: z.enum(DEPOSIT_CURRENCIES, { error: 'validation.deposit.currency' }),
    accNumberFrom: accountNumberSchema,
    amount: amountInputSchema,
    termMonths: wholeNumber('validation.deposit.term').pipe(
      z.number().min(DEPOSITS.termMonths.min, 'validation.deposit.term').max(DEPOSITS.termMonths.max, 'validation.deposit.term'),
    ),
    payoutMonths: wholeNumber('validation.deposit.payoutPeriod').refine(
      (value) => (DEPOSITS.interestPaidEveryMonths as readonly number[]).includes(value),
      'validation.deposit.payoutPeriod',
    ),
  })
  .superRefine((value, context) => {
    const amount = parseAmount(value.amount, value.currency);
    if (!amount.ok) context.addIssue({ code: 'custom', message: AMOUNT_PROBLEM_MESSAGES[amount.problem], path: ['amount'] });
    else if (amount.minor < decimalToMinor(DEPOSITS.minimum, value.currency)) {
      context.addIssue({ code: 'custom', message: 'validation.deposit.minimum', path: ['amount'] });
    }
    if (value.payoutMonths > value.termMonths) {
      context.addIssue({ code: 'custom', message: 'validation.deposit.payoutLongerThanTerm', path: ['payoutMonths'] });
    }
  });
export type DepositTermsPayload = z.input<typeof depositTermsSchema>;
export type DepositTerms = z.output<typeof depositTermsSchema>;

/**
 * What the client confirmed: the figures of the quote they were shown, sent with POST
 * /api/deposit/create as `expected` beside the terms (the cabinet always sends them). When any
 * differs from what the bank would open at that moment (the rate table changed, the bank's day
 * turned, the day's rates moved the fee), nothing is opened: the answer is 409 CONFLICT with
 * details { reason: 'quoteChanged', quote } (the new DepositQuote) for the client to confirm again.
 */
export const depositOpeningConfirmationSchema = z.object({
  expected: z
    .object({
      rateBasisPoints: z.number().int(),
      openingDate: z.string().max(10),
      openingFee: moneyStringSchema.max(40),
      totalInterest: moneyStringSchema.max(40),
    })
    .optional(),
});
export type DepositOpeningConfirmation = z.output<typeof depositOpeningConfirmationSchema>;

/**
 * The same for POST /api/deposit/close: the close quote's day and forfeited interest. A closing
 * confirmed on another bank day, or forfeiting another amount, is 409 CONFLICT with details
 * { reason: 'quoteChanged', quote } (the new DepositCloseQuote), and nothing is closed.
 */
export const depositClosingConfirmationSchema = z.object({
  expected: z.object({ closingDate: z.string().max(10), forfeitedInterest: moneyStringSchema.max(40) }).optional(),
});
export type DepositClosingConfirmation = z.output<typeof depositClosingConfirmationSchema>;

/** One interest payment of a deposit: its date, the interest it pays and the days it covers. */
export const depositPayoutSchema = z.object({
  sequence: z.number().int(),
  date: z.string(),
  amount: moneyStringSchema,
  days: z.number().int(),
  /** Whether the bank has paid it (on the deposit's list only; a quote's are all to come). */
  paid: z.boolean(),
});
export type DepositPayout = z.infer<typeof depositPayoutSchema>;

/** What closing early would cost: the rule, and the most it can forfeit (the largest payout's interest). */
export const depositEarlyClosingTermsSchema = z.object({
  rule: z.literal('forfeitSinceLastPayout'),
  maxForfeit: moneyStringSchema,
});

/**
 * GET /api/deposit/quote (bearer, identified client): what POST /api/deposit/create would open now.
 * Dates are the bank's (BANK_TIME_ZONE); amounts in the deposit's currency, the fee in the
 * account's (the same) at the day's mid rate, with its EUR figure.
 */
export const depositQuoteSchema = z.object({
  currency: z.enum(DEPOSIT_CURRENCIES),
  accNumberFrom: z.string(),
  amount: moneyStringSchema,
  termMonths: z.number().int(),
  payoutMonths: z.number().int(),
  historyTier: z.enum(DEPOSIT_HISTORY_TIERS),
  rateBasisPoints: z.number().int(),
  /** The annual rate as a percentage with two decimals ("11.00"). */
  rate: z.string(),
  openingDate: z.string(),
  maturityDate: z.string(),
  openingFee: z.object({ amount: moneyStringSchema, currency: z.string(), eurAmount: moneyStringSchema }),
  /** Principal plus fee: what leaves the account on opening. */
  totalDebit: moneyStringSchema,
  payouts: z.array(depositPayoutSchema),
  totalInterest: moneyStringSchema,
  earlyClosing: depositEarlyClosingTermsSchema,
});
export type DepositQuote = z.infer<typeof depositQuoteSchema>;

/**
 * A deposit as its client (and the back office) sees it. POST /api/deposit/create (Idempotency-Key)
 * answers the deposit it opened, POST /api/deposit/close the deposit it closed.
 */
export const depositSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  currency: z.enum(DEPOSIT_CURRENCIES),
  principal: moneyStringSchema,
  rateBasisPoints: z.number().int(),
  rate: z.string(),
  termMonths: z.number().int(),
  payoutMonths: z.number().int(),
  /** The account it was funded from, which receives the interest and the principal. */
  accountNumber: z.string(),
  openingDate: z.string(),
  maturityDate: z.string(),
  openingFee: moneyStringSchema,
  /** Interest accrued since the last payout (since opening before the first), to today; nothing once closed. */
  accruedInterest: moneyStringSchema,
  interestPaid: moneyStringSchema,
  totalInterest: moneyStringSchema,
  nextPayout: z.object({ date: z.string(), amount: moneyStringSchema }).nullable(),
  payouts: z.array(depositPayoutSchema),
  closedOn: z.string().nullable(),
  /** Interest forfeited by an early closing. */
  forfeitedInterest: moneyStringSchema.nullable(),
  earlyClosing: depositEarlyClosingTermsSchema,
});
export type Deposit = z.infer<typeof depositSchema>;

/** GET /api/deposit/list (bearer): the client's deposits, running first, newest first. */
export const listDepositsResponseSchema = z.object({ deposits: z.array(depositSchema) });
export type ListDepositsResponse = z.infer<typeof listDepositsResponseSchema>;

/** A deposit named by its id (POST /api/deposit/close, GET /api/deposit/close-quote's query). */
export const depositIdSchema = z.object({ depositId: z.uuid({ error: 'validation.deposit.notFound' }) });
export type DepositIdRequest = z.output<typeof depositIdSchema>;

/**
 * GET /api/deposit/close-quote?depositId= (bearer, identified client): what closing the deposit
 * today returns and forfeits. POST /api/deposit/close {depositId} (Idempotency-Key) closes it and
 * answers the closed Deposit. 404 for a deposit not the client's (fields.depositId
 * 'validation.deposit.notFound', as for a malformed id's 400); 409 CONFLICT once it is closed
 * (details.reason 'notActive') or on and after its maturity date (details.reason 'matured': the
 * bank returns it that day).
 */
export const depositCloseQuoteSchema = z.object({
  depositId: z.string(),
  closingDate: z.string(),
  currency: z.enum(DEPOSIT_CURRENCIES),
  principal: moneyStringSchema,
  forfeitedInterest: moneyStringSchema,
  /** What comes back to the account: the principal. */
  returned: moneyStringSchema,
  accountNumber: z.string(),
});
export type DepositCloseQuote = z.infer<typeof depositCloseQuoteSchema>;
