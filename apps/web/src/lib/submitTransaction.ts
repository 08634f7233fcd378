import type { ErrorBody } from '@bank/contracts/errors';
import { PROTOCOL } from '@bank/contracts/protocol';
import type { CreateTransactionPayload } from '@bank/contracts/transfers/create-transaction';
import { ApiError, apiRequest, newIdempotencyKey } from './api';

/**
 * The money-moving submissions of the cabinet (docs/product.md#client-calls): POST /api/transaction/create for the
 * transfer and exchange screens, POST /api/crypto-transaction/create for crypto transfers. One
 * idempotency key per submission, reused when the same submission is sent again after an answer
 * that never came (a lost connection or a 5xx), so a retry can never move money twice
 * (docs/architecture.md#the-ledger).
 */

/** The calls that move money and answer 'Created' on success. */
export type MoneyMovementPath = 'transaction/create' | 'crypto-transaction/create';

/** The outcome of one submission: 'Created', or why not (no answer at all is status 0). */
export type SubmissionOutcome = { ok: true } | { ok: false; status: number; body: ErrorBody | null };

/** Attempts a submission makes by itself before telling the client, and the pause between them. */
export const SUBMISSION_ATTEMPTS = 3;
export const SUBMISSION_RETRY_DELAY_MS = 600;

/**
 * docs/product.md: an answer 'Invalid authorization data' opens the session-expired modal (lib/api's
 * handler), and the screen shows nothing else over it.
 */
export function endedTheSession(outcome: SubmissionOutcome): boolean {
  return !outcome.ok && outcome.body?.message === PROTOCOL.invalidAuthorization;
}

/** A lost answer leaves the outcome unknown: only then is the same key sent again. */
export function isOutcomeUnknown(status: number): boolean {
  return status === 0 || status >= 500;
}

/**
 * Remembers the key of the last submission whose outcome is unknown. Sending the same body again
 * reuses that key (the server replays its first answer); any other body, or any known outcome,
 * starts afresh with a new key.
 */
export class SubmissionKeys {
  private pending: { body: string; key: string } | null = null;

  constructor(private readonly makeKey: () => string = newIdempotencyKey) {}

  keyFor(payload: unknown): string {
    const body = JSON.stringify(payload);
    if (this.pending?.body === body) return this.pending.key;
    this.pending = { body, key: this.makeKey() };
    return this.pending.key;
  }

  settled(outcome: SubmissionOutcome): void {
    if (outcome.ok || !isOutcomeUnknown(outcome.status)) this.pending = null;
  }
}

function pause(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

export interface SubmissionOptions {
  attempts?: number;
  retryDelayMs?: number;
}

/**
 * Sends one transfer or exchange with its key, retrying by itself with the same key while the
 * outcome is unknown. Anything but the answer 'Created' is a failure (docs/product.md#errors-and-messages).
 */
export function submitTransaction(
  payload: CreateTransactionPayload,
  token: string | null | undefined,
  keys: SubmissionKeys,
  options: SubmissionOptions = {},
): Promise<SubmissionOutcome> {
  return submitMoneyMovement('transaction/create', payload, token, keys, options);
}

/** The same submission for any call that moves money and answers 'Created' (a crypto transfer's own path, say). */
export async function submitMoneyMovement(
  path: MoneyMovementPath,
  payload: unknown,
  token: string | null | undefined,
  keys: SubmissionKeys,
  options: SubmissionOptions = {},
): Promise<SubmissionOutcome> {
  const { outcome, answer } = await submitWithKey<unknown>(path, payload, token, keys, options);
  return outcome.ok && answer !== PROTOCOL.created ? { ok: false, status: 200, body: null } : outcome;
}

/** A keyed submission's outcome and, once it succeeded, what the bank answered (null before). */
export interface KeyedSubmission<T> {
  outcome: SubmissionOutcome;
  answer: T | null;
}

/**
 * The submission itself, for any call that takes an idempotency key: the same key on every retry
 * while the outcome is unknown, and the bank's answer on success (a deposit opened, say, where the
 * calls above only hear 'Created').
 */
export async function submitWithKey<T>(
  path: string,
  payload: unknown,
  token: string | null | undefined,
  keys: SubmissionKeys,
  options: SubmissionOptions = {},
): Promise<KeyedSubmission<T>> {
  const idempotencyKey = keys.keyFor(payload);
  const attempts = options.attempts ?? SUBMISSION_ATTEMPTS;
  let outcome: SubmissionOutcome = { ok: false, status: 0, body: null };
  let answer: T | null = null;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      answer = await apiRequest<T>('POST', path, { body: payload, token, idempotencyKey });
      outcome = { ok: true };
    } catch (error) {
      outcome = error instanceof ApiError ? { ok: false, status: error.status, body: error.body } : { ok: false, status: 0, body: null };
    }
    if (outcome.ok || !isOutcomeUnknown(outcome.status) || attempt === attempts) break;
    await pause((options.retryDelayMs ?? SUBMISSION_RETRY_DELAY_MS) * attempt);
  }
  keys.settled(outcome);
  return { outcome, answer };
}
