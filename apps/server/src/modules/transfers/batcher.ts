import type { Db } from '../../db';
import { inMoneyTransaction } from '../ledger/transaction';
import { settleInternalTransfers, type InternalTransferOrder, type InternalTransferOutcome } from './internal';

/**
 * Group commit for internal transfers: orders submitted concurrently are settled together, up to
 * `maxBatch` per database transaction and `maxConcurrentFlushes` transactions at a time. Each order
 * still succeeds or fails on its own (settleInternalTransfers skips what a payer cannot afford).
 *
 * Why: a transaction that touches a busy account holds its balance row until it commits, so
 * throughput on that account is (transfers per transaction) / (lock hold time). Gathering the
 * transfers that arrive while a transaction is in flight makes the next one carry all of them, for
 * the same hold time. Under light load a batch is a single transfer and nothing waits.
 *
 * Batches in flight never share an account: an order whose account is in another flush waits for
 * the next batch instead of for a row lock inside the database, so concurrent flushes run side by
 * side and a busy account's orders gather in one batch. Orders of one account keep their order.
 */
export interface BatcherOptions {
  maxBatch: number;
  maxConcurrentFlushes: number;
}

interface Waiting {
  order: InternalTransferOrder;
  resolve(outcome: InternalTransferOutcome): void;
  reject(error: unknown): void;
}

export class InternalTransferBatcher {
  private readonly queue: Waiting[] = [];
  private flushing = 0;
  /** Ledger accounts of the batches in flight. */
  private readonly busy = new Set<string>();

  /** `settle` runs one batch in its own transaction (settleBatchInTransaction below in production). */
  constructor(
    private readonly settle: (orders: InternalTransferOrder[]) => Promise<InternalTransferOutcome[]>,
    private readonly options: BatcherOptions,
  ) {
    if (options.maxBatch < 1 || options.maxConcurrentFlushes < 1) throw new Error('Batch size and flushes must be at least 1');
  }

  /** Settles one order with whatever else is waiting; answers its own outcome. */
  submit(order: InternalTransferOrder): Promise<InternalTransferOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ order, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.flushing < this.options.maxConcurrentFlushes && this.queue.length > 0) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      const accounts = batch.flatMap((waiting) => [waiting.order.from.ledgerAccountId, waiting.order.to.ledgerAccountId]);
      for (const account of accounts) this.busy.add(account);
      this.flushing += 1;
      void this.flush(batch).finally(() => {
        for (const account of accounts) this.busy.delete(account);
        this.flushing -= 1;
        this.pump();
      });
    }
  }

  /** Orders, in queue order, whose accounts no flush in flight is touching; the rest stay queued. */
  private takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const deferred: Waiting[] = [];
    // An account skipped once stays skipped for this batch, so its orders keep their sequence.
    const blocked = new Set<string>();
    let index = 0;
    for (; index < this.queue.length && batch.length < this.options.maxBatch; index += 1) {
      const waiting = this.queue[index]!;
      const { from, to } = waiting.order;
      const accounts = [from.ledgerAccountId, to.ledgerAccountId];
      if (accounts.some((account) => this.busy.has(account) || blocked.has(account))) {
        for (const account of accounts) blocked.add(account);
        deferred.push(waiting);
      } else {
        batch.push(waiting);
      }
    }
    this.queue.splice(0, index, ...deferred);
    return batch;
  }

  private async flush(batch: Waiting[]): Promise<void> {
    try {
      const outcomes = await this.settle(batch.map((waiting) => waiting.order));
      batch.forEach((waiting, index) => waiting.resolve(outcomes[index]!));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}

/** A batcher settling through the ledger, one money transaction per batch. */
export function internalTransferBatcher(db: Db, options: BatcherOptions): InternalTransferBatcher {
  return new InternalTransferBatcher((orders) => inMoneyTransaction(db, (trx) => settleInternalTransfers(trx, orders)), options);
}
