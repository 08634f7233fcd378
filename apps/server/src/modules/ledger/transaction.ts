import type { Db } from '../../db';

/**
 * Runs money-moving work in one READ COMMITTED transaction. The ledger locks rows in a fixed order,
 * so deadlocks should not happen; should PostgreSQL still report one (or a serialization failure),
 * the whole transaction is retried a bounded number of times instead of failing the client.
 * The work must therefore depend only on what it reads inside the transaction.
 */
export const MONEY_TRANSACTION_ATTEMPTS = 4;

/** deadlock_detected and serialization_failure: safe to retry from the start. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);

function isRetryable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && RETRYABLE_CODES.has(String((error as { code?: unknown }).code));
}

export async function inMoneyTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return retryingMoneyWrite(() => db.transaction().execute(work));
}

/**
 * Runs a money write that is a transaction of its own (one statement, or a whole transaction), again
 * from the start when PostgreSQL breaks a deadlock or a serialization failure, a bounded number of times.
 */
export async function retryingMoneyWrite<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= MONEY_TRANSACTION_ATTEMPTS || !isRetryable(error)) throw error;
      // A short random pause so the retried transactions do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 10 * attempt)));
    }
  }
}
