import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { GroupCommitObserver } from '../ledger';
import { DatabaseGauges, type MetricsSource } from './database-gauges';

/**
 * Why a sign-in was refused: a wrong password, a wrong code (after the right password), an attempt
 * while a lock holds, a passkey that did not verify; operators' refusals are named apart.
 */
export type SignInRefusal = 'password' | 'code' | 'locked' | 'passkey' | 'operator_password' | 'operator_code' | 'operator_locked';

type RequestLabels = 'method' | 'route' | 'status_code';

/** The request instruments of one label set, kept so a request does not hash its labels twice. */
interface RequestSeries {
  count: Counter.Internal;
  duration: Histogram.Internal<RequestLabels>;
}

/** Few buckets, so a request's observation stays cheap: from 5 ms to 10 s, enough for a p99 bound. */
const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Powers of two up to the server's batch (HTTP_GROUP_COMMIT.maxBatch, 256). */
const BATCH_SIZE_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256];
const WAIT_SECONDS_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The metrics of one app (GET /metrics, listener.ts): a Registry of its own, so that apps built side
 * by side (tests, a second node in one process) never share or collide. The request hooks and the
 * group commit are wired by measureApp (http.ts); sign-ins report through `signInRefused` and
 * `signInLocksSet`; the database's figures are read at each scrape (database-gauges.ts). Process
 * metrics (CPU, memory, event loop, GC) are collected only when asked: they start monitors that
 * live as long as the process, right for a server, wasteful for each app a test builds.
 */
export class BankMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<RequestLabels>;
  private readonly requestSeconds: Histogram<RequestLabels>;
  private readonly requestSeries = new Map<string, RequestSeries>();
  private readonly signInFailures: Counter<'kind'>;
  private readonly signInLocks: Counter;
  private readonly database: DatabaseGauges;
  /** Where the group commit's queue depth is read at each scrape. */
  private groupCommitQueue: { readonly waitingJobs: number } | undefined;
  private readonly readQueueDepth: () => void;
  readonly groupCommit: GroupCommitObserver;

  constructor(source: MetricsSource, options: { processMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({ name: 'bank_http_requests_total', help: 'Requests answered, by method, route template and status', labelNames: ['method', 'route', 'status_code'], registers });
    this.requestSeconds = new Histogram({
      name: 'bank_http_request_duration_seconds',
      help: 'Time from a request to its answer, by method, route template and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: REQUEST_SECONDS_BUCKETS,
      registers,
    });
    const batchSize = new Histogram({ name: 'bank_group_commit_batch_size', help: 'Money writes per group-commit transaction', buckets: BATCH_SIZE_BUCKETS, registers });
    const waitSeconds = new Histogram({
      name: 'bank_group_commit_wait_seconds',
      help: "Time from a money write's submission to the start of its transaction",
      buckets: WAIT_SECONDS_BUCKETS,
      registers,
    });
    const batchSeconds = new Histogram({
      name: 'bank_group_commit_batch_seconds',
      help: 'Time from the start of a group-commit batch to its answers, committed or not',
      buckets: WAIT_SECONDS_BUCKETS,
      registers,
    });
    const rejected = new Counter({ name: 'bank_group_commit_rejected_total', help: 'Money writes refused because the queue was full (503 BUSY)', registers });
    const queueDepth = new Gauge({ name: 'bank_group_commit_queue_depth', help: 'Money writes waiting for a transaction', registers });
    this.readQueueDepth = () => queueDepth.set(this.groupCommitQueue?.waitingJobs ?? 0);
    this.groupCommit = {
      batchStarted(jobs, waitsSeconds) {
        batchSize.observe(jobs);
        for (const seconds of waitsSeconds) waitSeconds.observe(seconds);
      },
      batchEnded: (seconds) => batchSeconds.observe(seconds),
      jobRefused: () => rejected.inc(),
    };
    this.signInFailures = new Counter({ name: 'bank_sign_in_failures_total', help: 'Sign-ins refused, by why', labelNames: ['kind'], registers });
    this.signInLocks = new Counter({ name: 'bank_sign_in_locks_total', help: 'Sign-in locks set by failed attempts (an address, an account, a device)', registers });
    this.database = new DatabaseGauges(this.registry, source);
  }

  /** One answered request; `route` is its template (http.ts), never the raw URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    const key = `${method} ${route} ${statusCode}`;
    let series = this.requestSeries.get(key);
    if (!series) {
      const labels = { method, route, status_code: String(statusCode) };
      series = { count: this.requests.labels(labels), duration: this.requestSeconds.labels(labels) };
      this.requestSeries.set(key, series);
    }
    series.count.inc();
    series.duration.observe(seconds);
  }

  /** The group commit whose waiting jobs the queue-depth gauge reports. */
  watchGroupCommit(queue: { readonly waitingJobs: number }): void {
    this.groupCommitQueue = queue;
  }

  signInRefused(kind: SignInRefusal): void {
    this.signInFailures.inc({ kind });
  }

  signInLocksSet(count: number): void {
    if (count > 0) this.signInLocks.inc(count);
  }

  /** Prometheus's text format, with the database's figures read now. */
  async render(): Promise<string> {
    this.readQueueDepth();
    await this.database.refresh();
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

declare module '../../deps' {
  interface AppDeps {
    /**
     * This app's metrics (modules/metrics), which the requests, the group commit and the sign-ins
     * report to; absent, nothing is measured (tools that build an app by hand).
     */
    metrics?: BankMetrics;
  }
}
