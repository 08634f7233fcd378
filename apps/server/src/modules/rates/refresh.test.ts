// Proves the daily ECB refresh against a local server serving the ECB's file: it loads the newest
// published day alone, once (a second run the same day fetches nothing), within the band of its last
// rate; a failing server makes the job throw so the queue retries it; a file past the band is refused
// and audited rather than applied; the feed's file of a day replaces that day's rates loaded by hand,
// with an audit row of each currency's hand and feed rate and a warning in the log; a currency's
// first feed rate is held within ten times the shipped snapshot rather than 2 % of it, and audited;
// and proves that rates older than RATES_MAX_AGE_HOURS by the bank's clock price nothing: a quote and
// an exchange are a 503 RATES_STALE until newer rates are loaded.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { createSignedInClient } from '../../test/clients';
import { jobContextOf, createTestContext, type TestContext } from '../../test/harness';
import { createFourEyesOperators, type FourEyesOperators } from '../../test/operators';
import { openTestAccount } from '../accounts/test-support';
import { fixedClock, type FixedClock, type JobContext } from '../jobs';
import { closeCheckingLedger } from '../ledger/test-context';
import { ratesLoadedAt } from './freshness';
import { latestPublishedEcbDay, refreshEcbRates, refreshRatesJob } from './refresh';

const fixture = readFileSync(new URL('./fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');

/** The ECB's server, as the tests want it: the file, another file, or a failure. */
let answer: { status: number; body: string } = { status: 200, body: fixture };
let requests = 0;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(answer.status, { 'content-type': 'text/xml' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stats/eurofxref/eurofxref-daily.xml`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function setUp(clock: FixedClock): Promise<{ context: TestContext; jobs: JobContext }> {
  const { time } = loadConfig({ NODE_ENV: 'test' });
  const context = await createTestContext({ time: { ...time, ecbRatesUrl: url } }, { clock });
  return { context, jobs: jobContextOf(context, clock) };
}

describe('which ECB day should be out', () => {
  it('is the last business day whose 16:00 in Frankfurt has passed', () => {
    // Monday 23 November 2026 before and after 16:00 CET (15:00 UTC); the weekend skipped back to Friday.
    expect(latestPublishedEcbDay(new Date('2026-11-23T14:59:00Z'))).toBe('2026-11-20');
    expect(latestPublishedEcbDay(new Date('2026-11-23T15:00:00Z'))).toBe('2026-11-23');
    expect(latestPublishedEcbDay(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11-20');
    expect(latestPublishedEcbDay(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-20');
  });
});

describe('the ECB refresh job', () => {
  // Monday 23 November 2026, 10:00 UTC: Friday's file (the fixture, 2026-11-20) is the newest out.
  const clock = fixedClock('2026-11-23T10:00:00Z');
  let context: TestContext;
  let jobs: JobContext;
  beforeAll(async () => {
    ({ context, jobs } = await setUp(clock));
  });
  afterAll(() => closeCheckingLedger(context));

  const usd = () => context.db.selectFrom('fx_rates').select(['per_eur', 'source', 'ecb_rate_date']).where('currency', '=', 'USD').executeTakeFirst();

  it('throws on a failing server, storing nothing, so the queue retries it', async () => {
    answer = { status: 503, body: 'Service Unavailable' };
    await expect(refreshRatesJob.run(jobs, {})).rejects.toThrow(/503/);
    answer = { status: 200, body: '<html>maintenance</html>' };
    await expect(refreshEcbRates(jobs)).rejects.toThrow(/Not an ECB/);
    expect(await usd()).toBeUndefined();
  });

  it('loads the newest published file alone, then fetches nothing more that day', async () => {
    answer = { status: 200, body: fixture };
    requests = 0;
    expect(await refreshEcbRates(jobs)).toEqual({ outcome: 'loaded', date: '2026-11-20' });
    expect(requests).toBe(1);
    expect(await usd()).toMatchObject({ per_eur: '1.0827', source: 'ecb' });
    expect(await ratesLoadedAt(context.db)).toEqual(clock.now());
    const audit = await context.db.selectFrom('audit_log').select(['actor_type', 'actor_id', 'subject_id']).where('action', '=', 'rates.ecb').execute();
    expect(audit).toEqual([{ actor_type: 'system', actor_id: null, subject_id: '2026-11-20' }]);

    // The second run of the day: Friday's file is stored, Monday's is not out before 16:00: no download.
    clock.set('2026-11-23T14:30:00Z');
    expect(await refreshEcbRates(jobs)).toEqual({ outcome: 'current', date: '2026-11-20' });
    expect(requests).toBe(1);

    // After 16:00 the ECB is late: the file is still Friday's, nothing changes, and the next run looks again.
    clock.set('2026-11-23T15:30:00Z');
    expect(await refreshEcbRates(jobs)).toEqual({ outcome: 'unchanged', date: '2026-11-20' });
    expect(requests).toBe(2);
    expect(await ratesLoadedAt(context.db)).toEqual(new Date('2026-11-23T10:00:00Z'));
  });

  it('refuses a file that moves a rate past the band, audited once, and keeps the rates in use', async () => {
    answer = { status: 200, body: fixture.replace("time='2026-11-20'", "time='2026-11-23'").replace("rate='1.0827'", "rate='1.2000'") };
    clock.set('2026-11-23T16:00:00Z');
    expect(await refreshEcbRates(jobs)).toEqual({ outcome: 'refused', date: '2026-11-23', problem: 'validation.ecbFile.outsideBand' });
    expect(await refreshEcbRates(jobs)).toMatchObject({ outcome: 'refused' });
    expect(await usd()).toMatchObject({ per_eur: '1.0827', ecb_rate_date: expect.anything() });
    const refusals = await context.db.selectFrom('audit_log').select(['actor_type', 'subject_id', 'after']).where('action', '=', 'rates.refreshRefused').execute();
    expect(refusals).toEqual([{ actor_type: 'system', subject_id: '2026-11-23', after: expect.objectContaining({ problem: 'validation.ecbFile.outsideBand', currencies: ['USD'] }) }]);
  });

  it('takes the next day that stays within the band', async () => {
    answer = { status: 200, body: fixture.replace("time='2026-11-20'", "time='2026-11-24'").replace("rate='1.0827'", "rate='1.0850'") };
    clock.set('2026-11-24T17:00:00Z');
    expect(await refreshEcbRates(jobs)).toEqual({ outcome: 'loaded', date: '2026-11-24' });
    expect(await usd()).toMatchObject({ per_eur: '1.0850' });
    expect(await ratesLoadedAt(context.db)).toEqual(new Date('2026-11-24T17:00:00Z'));
  });
});

describe('the feed and a file loaded by hand', () => {
  // Monday 23 November 2026, 10:00 UTC: Friday's file (the fixture, 2026-11-20) is the newest out.
  const clock = fixedClock('2026-11-23T10:00:00Z');
  let context: TestContext;
  let jobs: JobContext;
  let operators: FourEyesOperators;
  beforeAll(async () => {
    ({ context, jobs } = await setUp(clock));
    operators = await createFourEyesOperators(context);
  });
  afterAll(() => closeCheckingLedger(context));

  const rateOf = (currency: string) => context.db.selectFrom('fx_rates').select(['per_eur', 'source', 'feed_per_eur']).where('currency', '=', currency).executeTakeFirst();

  it("replaces the rates of its day loaded by hand with the feed's, audited and logged as a warning", async () => {
    // Friday's file loaded by hand before the feed's, with other USD and GBP rates than the ECB's.
    const byHand = fixture.replace("rate='1.0827'", "rate='1.0841'").replace("rate='0.84235'", "rate='0.8466'");
    const proposed = await context.app.inject({ method: 'POST', url: '/api/backoffice/rates/ecb', headers: operators.admin.headers, payload: { xml: byHand } });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const approved = await context.app.inject({ method: 'POST', url: `/api/backoffice/approvals/${proposed.json().approval.id}/approve`, headers: operators.secondAdmin.headers, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await rateOf('USD')).toEqual({ per_eur: '1.0841', source: 'ecb', feed_per_eur: null });

    // The day stored is the newest published, but loaded by hand: the feed fetches it and its file wins.
    answer = { status: 200, body: fixture };
    requests = 0;
    const warn = vi.spyOn(jobs.log, 'warn');
    expect(await refreshEcbRates(jobs)).toEqual({ outcome: 'loaded', date: '2026-11-20' });
    expect(requests).toBe(1);
    expect(await rateOf('USD')).toEqual({ per_eur: '1.0827', source: 'ecb', feed_per_eur: '1.0827' });
    expect(await rateOf('GBP')).toEqual({ per_eur: '0.84235', source: 'ecb', feed_per_eur: '0.84235' });
    const replacedRates = [
      { currency: 'USD', hand: '1.0841', feed: '1.0827' },
      { currency: 'GBP', hand: '0.8466', feed: '0.84235' },
    ];
    const replaced = await context.db.selectFrom('audit_log').select(['actor_type', 'subject_id', 'before', 'after']).where('action', '=', 'rates.ecbHandReplaced').execute();
    expect(replaced).toEqual([
      {
        actor_type: 'system',
        subject_id: '2026-11-20',
        before: { perEur: { USD: '1.0841', GBP: '0.8466' }, origin: 'upload' },
        after: { perEur: { USD: '1.0827', GBP: '0.84235' }, origin: 'feed', rates: replacedRates },
      },
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith({ date: '2026-11-20', rates: replacedRates }, expect.stringContaining('loaded by hand'));

    // The day is the feed's now: the next run fetches nothing.
    expect(await refreshEcbRates(jobs)).toEqual({ outcome: 'current', date: '2026-11-20' });
    expect(requests).toBe(1);
  });

  it('leaves a day loaded by hand that the ECB has not published yet, and takes its file once out', async () => {
    // Monday's file loaded by hand in the morning, before the ECB publishes it at 16:00 in Frankfurt.
    const monday = fixture.replace("time='2026-11-20'", "time='2026-11-23'");
    const proposed = await context.app.inject({ method: 'POST', url: '/api/backoffice/rates/ecb', headers: operators.secondAdmin.headers, payload: { xml: monday.replace("rate='1.0827'", "rate='1.0900'") } });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const approved = await context.app.inject({ method: 'POST', url: `/api/backoffice/approvals/${proposed.json().approval.id}/approve`, headers: operators.admin.headers, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    requests = 0;
    expect(await refreshEcbRates(jobs)).toEqual({ outcome: 'current', date: '2026-11-23' });
    expect(requests).toBe(0);

    // After 16:00 the feed still serves Friday's file: older than the day in use, nothing changes.
    clock.set('2026-11-23T15:30:00Z');
    expect(await refreshEcbRates(jobs)).toEqual({ outcome: 'unchanged', date: '2026-11-20' });
    expect(await rateOf('USD')).toMatchObject({ per_eur: '1.0900', feed_per_eur: '1.0827' });

    // Monday's genuine file: the feed's rate replaces the hand one, measured against the feed's own last rate.
    answer = { status: 200, body: monday.replace("rate='1.0827'", "rate='1.0830'") };
    expect(await refreshEcbRates(jobs)).toEqual({ outcome: 'loaded', date: '2026-11-23' });
    expect(await rateOf('USD')).toEqual({ per_eur: '1.0830', source: 'ecb', feed_per_eur: '1.0830' });
    const replaced = await context.db.selectFrom('audit_log').select('after').where('action', '=', 'rates.ecbHandReplaced').where('subject_id', '=', '2026-11-23').execute();
    expect(replaced).toEqual([{ after: expect.objectContaining({ rates: [{ currency: 'USD', hand: '1.0900', feed: '1.0830' }] }) }]);
  });
});

describe("the feed's first rate of a currency", () => {
  it('is held within ten times the shipped snapshot rather than 2 % of it, and audited', async () => {
    const clock = fixedClock('2026-11-23T10:00:00Z');
    const { context, jobs } = await setUp(clock);
    try {
      // Just past ten times the snapshot's 1.0823 USD per EUR: refused whole, nothing stored.
      answer = { status: 200, body: fixture.replace("rate='1.0827'", "rate='10.8231'") };
      expect(await refreshEcbRates(jobs)).toEqual({ outcome: 'refused', date: '2026-11-20', problem: 'validation.ecbFile.rateOutOfBounds' });
      expect(await context.db.selectFrom('fx_rates').select('currency').execute()).toEqual([]);

      // 1.1111 is 2.66 % from the snapshot's 1.0823: the feed's first USD rate loads, with the rest of the file.
      answer = { status: 200, body: fixture.replace("rate='1.0827'", "rate='1.1111'") };
      expect(await refreshEcbRates(jobs)).toEqual({ outcome: 'loaded', date: '2026-11-20' });
      expect(await context.db.selectFrom('fx_rates').select(['per_eur', 'feed_per_eur']).where('currency', '=', 'USD').executeTakeFirst()).toEqual({ per_eur: '1.1111', feed_per_eur: '1.1111' });
      const first = await context.db.selectFrom('audit_log').select(['actor_type', 'subject_id', 'after']).where('action', '=', 'rates.ecbFirstRate').execute();
      expect(first).toEqual([{ actor_type: 'system', subject_id: '2026-11-20', after: expect.objectContaining({ origin: 'feed' }) }]);
      expect((first[0]!.after as { rates: unknown[] }).rates).toContainEqual({ currency: 'USD', snapshot: '1.0823', feed: '1.1111' });
      expect((first[0]!.after as { rates: unknown[] }).rates).toHaveLength(9);

      // From then on the feed is held to the band around its own last rate: 1.1111 × 1.02 = 1.133322.
      clock.set('2026-11-24T17:00:00Z');
      answer = { status: 200, body: fixture.replace("time='2026-11-20'", "time='2026-11-24'").replace("rate='1.0827'", "rate='1.1334'") };
      expect(await refreshEcbRates(jobs)).toEqual({ outcome: 'refused', date: '2026-11-24', problem: 'validation.ecbFile.outsideBand' });
      expect(await context.db.selectFrom('audit_log').select('id').where('action', '=', 'rates.ecbFirstRate').execute()).toHaveLength(1);
    } finally {
      await closeCheckingLedger(context);
    }
  });
});

describe('stale rates', () => {
  it('refuse quotes and exchanges with 503 RATES_STALE until newer rates are loaded', async () => {
    const clock = fixedClock(new Date());
    const { context, jobs } = await setUp(clock);
    try {
      const client = await createSignedInClient(context);
      const eur = await openTestAccount(context, client, 'EUR', '100.00');
      const usdAccount = await openTestAccount(context, client, 'USD');
      const quote = () => context.app.inject({ method: 'GET', url: '/api/exchange/rate?from=EUR&to=USD&amount=10' });
      const exchange = (rate: string) =>
        context.app.inject({
          method: 'POST',
          url: '/api/transaction/create',
          headers: { ...client.headers, 'idempotency-key': randomUUID() },
          payload: { type: 'exchange', accNumberFrom: eur.number, accNumberTo: usdAccount.number, amount: '10', forAmountCurrency: 'EUR', getAmountCurrency: 'USD', rate },
        });
      const fresh = await quote();
      expect(fresh.statusCode, fresh.body).toBe(200);
      const rate = fresh.json<{ rate: string }>().rate;

      // The snapshot went into service when the database was made; 96 hours and a minute later it is stale.
      const loadedAt = await ratesLoadedAt(context.db);
      clock.set(new Date(loadedAt.getTime() + (96 * 60 + 1) * 60_000));
      for (const stale of [await quote(), await exchange(rate), await context.app.inject({ method: 'GET', url: '/api/transaction/fee?currency=USD&amount=100' })]) {
        expect(stale.statusCode, stale.body).toBe(503);
        expect(stale.json()).toMatchObject({ code: 'RATES_STALE', details: { maxAgeHours: 96 } });
      }
      expect((await context.app.inject({ method: 'POST', url: '/api/converter/convert', payload: { from: 'EUR', to: 'USD', amount: '10' } })).json().code).toBe('RATES_STALE');

      // The refresh loads a newer ECB day: the rates are young again and the exchange goes through.
      answer = { status: 200, body: fixture };
      expect(await refreshEcbRates(jobs)).toMatchObject({ outcome: 'loaded' });
      const again = await quote();
      expect(again.statusCode, again.body).toBe(200);
      const done = await exchange(again.json<{ rate: string }>().rate);
      expect(done.statusCode, done.body).toBe(200);
    } finally {
      await closeCheckingLedger(context);
    }
  });
});
