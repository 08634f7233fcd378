// Proves migration 0096 on rates stored before it: an ECB reference is counted as the feed's (its
// last rate and day copied beside it) unless the audit trail shows an operator loaded the file of
// that day with that currency in it; an operator's rate in use leaves the reference's origin as it was.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from '../../db';
import { migrate } from '../../db/migrate';
import { createScratchDatabase, type ScratchDatabase } from '../../db/scratch';
import { recordAudit } from '../audit';

let handle: DatabaseHandle;
let scratch: ScratchDatabase | undefined;
let db: Db;

beforeAll(async () => {
  const baseUrl = process.env.TEST_DATABASE_URL;
  scratch = baseUrl ? await createScratchDatabase(baseUrl, 'bank_feed_rates') : undefined;
  handle = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://', poolSize: 2 });
  db = handle.db;
  await migrate(db, undefined, { upTo: 95 });
});
afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
});

describe('migration 0096', () => {
  it("tells the feed's ECB references from those loaded by hand", async () => {
    const operatorId = randomUUID();
    const ecb = (currency: string, perEur: string, day: string, updatedBy: string | null, source = 'ecb') => ({
      currency,
      per_eur: perEur,
      source: source as 'ecb' | 'operator',
      rate_date: day,
      ecb_per_eur: perEur,
      ecb_rate_date: day,
      updated_by: updatedBy,
    });
    await db
      .insertInto('fx_rates')
      .values([
        // The feed's file of the 20th; USD was re-set by an operator since, its reference the feed's still.
        ecb('USD', '1.0827', '2026-11-20', operatorId, 'operator'),
        ecb('CHF', '0.9408', '2026-11-20', null),
        // A file of the 23rd uploaded by an operator, with GBP in it and not TRY.
        ecb('GBP', '0.8466', '2026-11-23', operatorId),
        ecb('TRY', '37.1422', '2026-11-20', null),
      ])
      .execute();
    await db.insertInto('fx_rates').values({ currency: 'RUB', per_eur: '100', source: 'operator', rate_date: null, updated_by: operatorId }).execute();
    await recordAudit(db, { actorType: 'system', action: 'rates.ecb', subjectType: 'rates', subjectId: '2026-11-20', after: { date: '2026-11-20', currencies: ['USD', 'CHF', 'TRY'] } });
    await recordAudit(db, { actorType: 'operator', actorId: operatorId, action: 'rates.ecb', subjectType: 'rates', subjectId: '2026-11-23', after: { date: '2026-11-23', currencies: ['GBP'] } });

    expect(await migrate(db, undefined, { upTo: 96 })).toEqual(['0096_ecb_rates_know_the_feed.sql']);
    const rows = await db
      .selectFrom('fx_rates')
      .select(['currency', 'feed_per_eur', sql<string | null>`feed_rate_date::text`.as('feed_day')])
      .orderBy('currency')
      .execute();
    expect(rows).toEqual([
      { currency: 'CHF', feed_per_eur: '0.9408', feed_day: '2026-11-20' },
      { currency: 'GBP', feed_per_eur: null, feed_day: null },
      { currency: 'RUB', feed_per_eur: null, feed_day: null },
      { currency: 'TRY', feed_per_eur: '37.1422', feed_day: '2026-11-20' },
      { currency: 'USD', feed_per_eur: '1.0827', feed_day: '2026-11-20' },
    ]);
  });
});
