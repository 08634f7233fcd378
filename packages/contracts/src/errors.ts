/**
 * The one list of error codes the API answers with. Each says when it is thrown and its HTTP status;
 * the server's error handler turns them into answers and the web app reads them once.
 * Where docs/product.md fixes a protocol text (e.g. 'Invalid authorization data'), `message` is that text.
 */
export const ERROR_CODES = {
  /** A body, query or parameter failed its schema. */
  VALIDATION_FAILED: { status: 400, message: 'Validation failed' },
  /** The request body is not valid JSON or is too large. */
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  /** Missing, unknown, expired or revoked bearer token (protocol text of docs/product.md#errors-and-messages). */
  INVALID_AUTHORIZATION: { status: 401, message: 'Invalid authorization data' },
  /** Signed in, but the action needs something the client lacks (e.g. completed KYC). */
  FORBIDDEN: { status: 403, message: 'Forbidden' },
  /** The thing does not exist or belongs to somebody else: the two are never told apart. */
  NOT_FOUND: { status: 404, message: 'Not found' },
  /** Registration with an e-mail that is taken (protocol text of docs/product.md#errors-and-messages). */
  EMAIL_EXISTS: { status: 409, message: 'Email already exist' },
  /** Registration with a phone that is taken (protocol text of docs/product.md#errors-and-messages). */
  PHONE_EXISTS: { status: 409, message: 'Phone already exist' },
  /** A password that breaks the strength rule of docs/product.md#validation (protocol text of docs/product.md#errors-and-messages). */
  INVALID_PASSWORD: { status: 409, message: 'Invalid password' },
  /** A state conflict: the same idempotency key with another body, a pending KYC, and the like. */
  CONFLICT: { status: 409, message: 'Conflict' },
  /** Wrong credentials or code. */
  INVALID_CREDENTIALS: { status: 400, message: 'Invalid credentials' },
  /**
   * An authenticator secret sealed under an APP_SECRET the bank no longer holds (rotated twice, or
   * without APP_SECRET_PREVIOUS): no code can be checked, so it must be set up again.
   */
  AUTHENTICATOR_RESET_REQUIRED: { status: 409, message: 'The authenticator must be set up again' },
  /** Not enough available balance for the debit. */
  INSUFFICIENT_FUNDS: { status: 422, message: 'Insufficient funds' },
  /**
   * The account is closed by the bank (docs/bank-controls.md#closing-a-client): it takes no new
   * money. Field errors name the account that refused, for a form to say it.
   */
  ACCOUNT_CLOSED: { status: 409, message: 'The account is closed and takes no new money' },
  /** A client the bank has closed may only read the closure, the statement and name the payout's account. */
  CLIENT_CLOSED: { status: 403, message: 'The bank has closed your accounts' },
  /** The rate the client confirmed is no longer the rate on offer. */
  RATE_CHANGED: { status: 409, message: 'Rate changed' },
  /** Too many attempts; try again later. */
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many attempts. Please try again later.' },
  /** The rates in use are older than the bank allows (RATES_MAX_AGE_HOURS): nothing is priced on them. */
  RATES_STALE: { status: 503, message: 'Exchange rates are out of date' },
  /**
   * The money writes' queue is full (ledger/group-commit.ts): nothing was written; `Retry-After` and
   * details.retryAfterSeconds say when to try again.
   */
  BUSY: { status: 503, message: 'The bank is busy. Please try again in a moment.' },
  /** The database or another dependency does not answer. */
  UNAVAILABLE: { status: 503, message: 'Service unavailable' },
  /** Anything unexpected; details are logged, never sent. */
  INTERNAL: { status: 500, message: 'Internal server error' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The JSON body of every error answer. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Field errors of a failed validation: path → translation key or message. */
  fields?: Record<string, string>;
  /** Extra data a client may show (e.g. the new rate). */
  details?: Record<string, unknown>;
}
