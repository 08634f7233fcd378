import { expect } from 'vitest';
import type { Db } from '../../db';
import { findLedgerViolations } from './invariants';

/** Ends a test file that moved money: the ledger's invariants must hold, then the database closes. */
export async function closeCheckingLedger(context: { db: Db; close(): Promise<void> }): Promise<void> {
  expect(await findLedgerViolations(context.db)).toEqual([]);
  await context.close();
}
