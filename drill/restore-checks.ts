// What the restore drill demands of a restored copy, given each operation's send and acknowledgement
// times and how many times the copy applied it (faults/checks.ts timesApplied).
//
// Why send and acknowledgement times decide it exactly: whatever an operation moved was committed
// after it was sent and before it was acknowledged (the server answers once its transaction has
// committed). Recovery to a time T replays every commit whose timestamp is at most T and stops at the
// first one after T. So an operation acknowledged before T must be in the copy, and one first sent
// after T must not; one sent before T and acknowledged after it (in flight at T) may be either, but
// never twice. Times are whole milliseconds of the same clock PostgreSQL stamps commits with; the
// comparisons are strict, so a truncated millisecond never tips one across T.
import type { Violation } from '../faults/checks';
import type { Operation } from '../faults/load';

export interface TimeCopyCounts {
  /** Acknowledged before T: each must be there once. */
  before: number;
  /** First sent after T: none may be there. */
  after: number;
  /** In flight at T (or never answered): there at most once. */
  inFlight: number;
  /** Of those in flight, how many the copy holds. */
  inFlightPresent: number;
}

const describe = (operation: Operation, times: number) => `${operation.kind} ${operation.key}: ${times}`;

/** The copy restored to `targetMs` (epoch ms). */
export function checkTimeCopy(operations: readonly Operation[], applied: ReadonlyMap<string, number>, targetMs: number): { violations: Violation[]; counts: TimeCopyCounts } {
  const violations: Violation[] = [];
  const counts: TimeCopyCounts = { before: 0, after: 0, inFlight: 0, inFlightPresent: 0 };
  for (const operation of operations) {
    const times = applied.get(operation.key) ?? 0;
    if (operation.outcome === 'acknowledged' && operation.acknowledgedAt! < targetMs) {
      counts.before += 1;
      if (times !== 1) violations.push({ rule: 'every operation acknowledged before T is in the copy exactly once', detail: describe(operation, times) });
    } else if (operation.sentAt > targetMs) {
      counts.after += 1;
      if (times !== 0) violations.push({ rule: 'no operation sent after T is in the copy', detail: describe(operation, times) });
    } else {
      counts.inFlight += 1;
      if (times > 0) counts.inFlightPresent += 1;
      if (times > 1) violations.push({ rule: 'no operation is applied twice', detail: describe(operation, times) });
    }
    if (operation.outcome === 'refused' && times !== 0) violations.push({ rule: 'a refused operation moves nothing', detail: describe(operation, times) });
  }
  return { violations, counts };
}

export interface LatestCopyCounts {
  acknowledged: number;
  /** Acknowledged ones the copy holds. */
  present: number;
  /** Acknowledged ones it lacks: the site's loss cost them. */
  lost: number;
  /** The newest acknowledgement of one it holds, and of one it lacks (epoch ms). */
  newestPresentAckMs: number | null;
  newestLostAckMs: number | null;
  oldestLostAckMs: number | null;
}

/**
 * The copy restored to the end of the archive after the site was lost, whose newest replayed
 * transaction committed at `pointReachedMs`: every operation acknowledged before that is there once
 * (the archive has no holes); what was acknowledged after it is lost, and counted; nothing twice.
 */
export function checkLatestCopy(operations: readonly Operation[], applied: ReadonlyMap<string, number>, pointReachedMs: number): { violations: Violation[]; counts: LatestCopyCounts } {
  const violations: Violation[] = [];
  const counts: LatestCopyCounts = { acknowledged: 0, present: 0, lost: 0, newestPresentAckMs: null, newestLostAckMs: null, oldestLostAckMs: null };
  for (const operation of operations) {
    const times = applied.get(operation.key) ?? 0;
    if (times > 1) violations.push({ rule: 'no operation is applied twice', detail: describe(operation, times) });
    if (operation.outcome === 'refused' && times !== 0) violations.push({ rule: 'a refused operation moves nothing', detail: describe(operation, times) });
    if (operation.outcome !== 'acknowledged') continue;
    const ackMs = operation.acknowledgedAt!;
    counts.acknowledged += 1;
    if (times > 0) {
      counts.present += 1;
      counts.newestPresentAckMs = Math.max(counts.newestPresentAckMs ?? ackMs, ackMs);
    } else {
      counts.lost += 1;
      counts.newestLostAckMs = Math.max(counts.newestLostAckMs ?? ackMs, ackMs);
      counts.oldestLostAckMs = Math.min(counts.oldestLostAckMs ?? ackMs, ackMs);
      if (ackMs < pointReachedMs) violations.push({ rule: 'every operation acknowledged before the point reached is in the copy', detail: describe(operation, times) });
    }
  }
  return { violations, counts };
}
