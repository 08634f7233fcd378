import { describe, expect, it } from 'vitest';
import type { Operation } from '../faults/load';
import { checkLatestCopy, checkTimeCopy } from './restore-checks';

const T = 1_000_000;
let keys = 0;
/** An operation sent and acknowledged at the given times (no acknowledgement: never answered). */
function operation(sentAt: number, acknowledgedAt?: number, outcome: Operation['outcome'] = acknowledgedAt === undefined ? 'unknown' : 'acknowledged'): Operation {
  keys += 1;
  return { key: `k${keys}`, kind: 'internal', clientId: 'c', outcome, attempts: 1, serverErrors: [], sentAt, ...(acknowledgedAt === undefined ? {} : { acknowledgedAt }) };
}
const applied = (entries: [Operation, number][]) => new Map(entries.map(([op, times]) => [op.key, times]));

describe('the copy restored to T', () => {
  const before = operation(T - 50, T - 1);
  const straddling = operation(T - 10, T + 10);
  const unanswered = operation(T - 5);
  const after = operation(T + 1, T + 20);
  const atT = operation(T, T + 5);

  it('holds what was acknowledged before T once, nothing sent after T, and what was in flight at most once', () => {
    const result = checkTimeCopy([before, straddling, unanswered, after, atT], applied([[before, 1], [straddling, 1], [unanswered, 0], [after, 0], [atT, 0]]), T);
    expect(result.violations).toEqual([]);
    expect(result.counts).toEqual({ before: 1, after: 1, inFlight: 3, inFlightPresent: 1 });
  });

  it('refuses a copy that lacks an acknowledged operation, holds one sent after T, or holds one twice', () => {
    const result = checkTimeCopy([before, straddling, after], applied([[before, 0], [straddling, 2], [after, 1]]), T);
    expect(result.violations.map((violation) => violation.rule)).toEqual([
      'every operation acknowledged before T is in the copy exactly once',
      'no operation is applied twice',
      'no operation sent after T is in the copy',
    ]);
  });

  it('counts an acknowledgement in the very millisecond of T as in flight, not as before T', () => {
    const exactly = operation(T - 20, T);
    expect(checkTimeCopy([exactly], applied([[exactly, 0]]), T).violations).toEqual([]);
  });

  it('refuses a refused operation that moved money', () => {
    const refused = operation(T - 30, undefined, 'refused');
    expect(checkTimeCopy([refused], applied([[refused, 1]]), T).violations.map((violation) => violation.rule)).toEqual(['a refused operation moves nothing']);
  });
});

describe('the copy restored to the latest point after the site was lost', () => {
  it('holds everything acknowledged before the point reached and counts what came after as lost', () => {
    const early = operation(T - 900, T - 800);
    const late = operation(T + 100, T + 200);
    const later = operation(T + 300, T + 400);
    const result = checkLatestCopy([early, late, later], applied([[early, 1], [late, 0], [later, 0]]), T);
    expect(result.violations).toEqual([]);
    expect(result.counts).toEqual({ acknowledged: 3, present: 1, lost: 2, newestPresentAckMs: T - 800, newestLostAckMs: T + 400, oldestLostAckMs: T + 200 });
  });

  it('refuses a hole: an operation acknowledged before the point reached that is not there, or one there twice', () => {
    const missing = operation(T - 900, T - 800);
    const twice = operation(T - 700, T - 600);
    const result = checkLatestCopy([missing, twice], applied([[missing, 0], [twice, 2]]), T);
    expect(result.violations.map((violation) => violation.rule)).toEqual(['every operation acknowledged before the point reached is in the copy', 'no operation is applied twice']);
  });
});
