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
 * side. An account's orders settle in the order they were submitted; the one exception is a busy
 * account's batch, which may settle before orders of its counterparts submitted at the same time
 * (concurrent orders, with no order between them to keep).
 */
export interface BatcherOptions {
  maxBatch: number;
  maxConcurrentFlushes: number;
}

/** Orders waiting for one account that make it a busy account, batched on its own. */
const BUSY_ACCOUNT_ORDERS = 8;

interface Waiting {
  order: InternalTransferOrder;
  resolve(outcome: InternalTransferOutcome): void;
  reject(error: unknown): void;
}

export class InternalTransferBatcher {
  private readonly queue: Waiting[] = [];
  private flushing = 0;
  private scheduled = false;
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
      this.schedule();
    });
  }

  /**
   * Batches are formed on the next turn of the event loop, not at once: callers whose transfers
   * just settled submit their next ones in between, and those join the batch instead of trickling
   * into small ones.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
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
        this.schedule();
      });
    }
  }

  /**
   * Orders, in queue order, whose accounts no flush in flight is touching; the rest stay queued.
   * When one account has many orders waiting (a busy account), the batch is made of its orders
   * only: that batch holds the busy account's row lock, and it stays small so the lock is held
   * briefly, while the other orders go to batches running beside it.
   */
  private takeBatch(): Waiting[] {
    const busiest = this.busiestWaitingAccount();
    const batch = this.takeBatchFor(busiest);
    // The busy account's next orders may wait on accounts in flight; then the others go first.
    // With nothing in flight the first queued order is always free, so an empty answer only ever
    // means "wait for a flush to finish", which schedules the next batch.
    return batch.length === 0 && busiest !== undefined ? this.takeBatchFor(undefined) : batch;
  }

  private takeBatchFor(busiest: string | undefined): Waiting[] {
    const batch: Waiting[] = [];
    const kept: Waiting[] = [];
    // An account skipped once stays skipped for this batch, so its orders keep their sequence.
    const blocked = new Set<string>();
    for (const waiting of this.queue) {
      const accounts = [waiting.order.from.ledgerAccountId, waiting.order.to.ledgerAccountId];
      const eligible =
        batch.length < this.options.maxBatch &&
        (busiest === undefined || accounts.includes(busiest)) &&
        !accounts.some((account) => this.busy.has(account) || blocked.has(account));
      if (eligible) {
        batch.push(waiting);
      } else {
        // In a busy account's batch only its own skipped orders block: its counterparts' other
        // orders were submitted concurrently and may settle in the next batch.
        if (busiest === undefined || accounts.includes(busiest)) for (const account of accounts) blocked.add(account);
        kept.push(waiting);
      }
    }
    this.queue.splice(0, this.queue.length, ...kept);
    return batch;
  }

  /** The free account with at least BUSY_ACCOUNT_ORDERS orders waiting and the most of them, if any. */
  private busiestWaitingAccount(): string | undefined {
    const counts = new Map<string, number>();
    for (const { order } of this.queue) {
      for (const account of [order.from.ledgerAccountId, order.to.ledgerAccountId]) {
        if (!this.busy.has(account)) counts.set(account, (counts.get(account) ?? 0) + 1);
      }
    }
    let busiest: string | undefined;
    let most = BUSY_ACCOUNT_ORDERS - 1;
    for (const [account, count] of counts) {
      if (count > most) {
        busiest = account;
        most = count;
      }
    }
    return busiest;
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
