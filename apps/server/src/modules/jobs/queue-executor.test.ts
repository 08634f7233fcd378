// pg-boss records a job's end without awaiting it: a lost connection then must not become an
// unhandled rejection (which ends the process), while every other statement still fails loudly.
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
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
    await expect(executor.executeSql(plans.completeJobs('pgboss') as string, ['q', ['id'], null])).resolves.toEqual({ rows: [{ count: '0' }] });
    await expect(executor.executeSql(plans.failJobsById('pgboss') as string, ['q', ['id'], null])).resolves.toEqual({ rows: [{ count: '0' }] });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('could not record the end of a job');
  });

  it("gives pg-boss an answer it reads, so failing or completing a job while the connection is lost does not throw", async () => {
    const boss = new PgBoss({ db: executorOf(lostConnection, pino({ level: 'silent' })) });
    const id = '00000000-0000-4000-8000-000000000001';
    await expect(boss.fail('q', id, { message: 'boom' })).resolves.toMatchObject({ jobs: [id], affected: 0 });
    await expect(boss.complete('q', id)).resolves.toMatchObject({ jobs: [id], affected: 0 });
  });

  it('settles once every statement sent has ended', async () => {
    let release!: () => void;
    const slow = { executeQuery: () => new Promise((resolve) => (release = () => resolve({ rows: [{ count: '1' }] }))) } as unknown as Db;
    const executor = executorOf(slow, pino({ level: 'silent' }));
    const statement = executor.executeSql(plans.completeJobs('pgboss') as string, ['q', ['id'], null]);
    let settled = false;
    const settling = executor.settled().then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    release();
    await settling;
    await expect(statement).resolves.toEqual({ rows: [{ count: '1' }] });
    expect(settled).toBe(true);
  });

  it('fails every other statement', async () => {
    const executor = executorOf(lostConnection, pino({ level: 'silent' }));
    await expect(executor.executeSql('select 1')).rejects.toThrow('terminating connection');
  });
});
