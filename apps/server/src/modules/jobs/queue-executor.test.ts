// pg-boss records a job's end without awaiting it: a lost connection then must not become an
// unhandled rejection (which ends the process), while every other statement still fails loudly.
import { createRequire } from 'node:module';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { executorOf } from './queue';

const plans = createRequire(import.meta.url)('pg-boss/src/plans') as Record<'completeJobs' | 'failJobsById', (schema: string) => unknown>;
const lostConnection = { executeQuery: () => Promise.reject(new Error('terminating connection due to administrator command')) } as unknown as Db;

describe('the job queue on a lost connection', () => {
  it("answers a job's completion or failure as done, and logs it", async () => {
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const executor = executorOf(lostConnection, log);
    await expect(executor.executeSql(plans.completeJobs('pgboss') as string, ['q', ['id'], null])).resolves.toEqual({ rows: [] });
    await expect(executor.executeSql(plans.failJobsById('pgboss') as string, ['q', ['id'], null])).resolves.toEqual({ rows: [] });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('could not record the end of a job');
  });

  it('fails every other statement', async () => {
    const executor = executorOf(lostConnection, pino({ level: 'silent' }));
    await expect(executor.executeSql('select 1')).rejects.toThrow('terminating connection');
  });
});
