// Proves that an ECB file uploaded by hand is a four-eyes act: the upload answers 202 with a pending
// proposal that keeps the file's day and rates beside the rates in use and changes no rate; its maker
// cannot approve it; a second admin's approval applies it through the same checks, in that admin's
// name, audited; a file the checks refuse is refused when proposed; and a hand file never replaces
// the rates the feed loaded for its day, even when approved after the feed loaded them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { createFourEyesOperators, type FourEyesOperators, type TestOperator } from '../../test/operators';
import { fixedClock } from '../jobs';
import { ECB_FEED, loadEcbFile } from './service';

const ecbFile = (date: string, rates: Record<string, string>) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <Cube><Cube time="${date}">${Object.entries(rates).map(([currency, rate]) => `<Cube currency="${currency}" rate="${rate}"/>`).join('')}<Cube currency="JPY" rate="162.1"/></Cube></Cube>
</gesmes:Envelope>`;

describe('an ECB file uploaded by hand', () => {
  // Tuesday 24 November 2026, noon UTC: the files of the 20th and the 23rd are out.
  const clock = fixedClock('2026-11-24T12:00:00Z');
  let context: TestContext;
  let operators: FourEyesOperators;
  beforeAll(async () => {
    context = await createTestContext({}, { clock });
    operators = await createFourEyesOperators(context);
  });
  afterAll(() => context.close());

  function as(operator: TestOperator, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
    return context.app.inject({ method, url: `/api/backoffice/${url}`, headers: operator.headers, ...(payload ? { payload } : {}) });
  }
  const storedRates = () =>
    context.db.selectFrom('fx_rates').select(['currency', 'per_eur', 'source', 'updated_by', 'feed_per_eur']).orderBy('currency').execute();

  it('waits for a second admin, who applies it in their name, audited', async () => {
    const before = (await as(operators.admin, 'GET', 'rates')).json();
    const proposed = await as(operators.admin, 'POST', 'rates/ecb', { xml: ecbFile('2026-11-20', { USD: '1.0841', GBP: '0.8466' }), reason: 'The feed is down' });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const approval = proposed.json().approval;
    expect(approval).toMatchObject({
      kind: 'ecbFile',
      status: 'Pending',
      reason: 'The feed is down',
      maker: { id: operators.admin.id },
      // The day and the rates of the currencies the bank keeps (not JPY), and the rates in use (the snapshot).
      payload: { date: '2026-11-20', perEur: { USD: '1.0841', GBP: '0.8466' }, inUse: { USD: '1.0823', GBP: '0.8421' } },
      summary: 'ECB 2026-11-20: USD 1.0841, GBP 0.8466',
    });
    expect(await storedRates()).toEqual([]);
    expect((await as(operators.admin, 'GET', 'rates')).json()).toEqual(before);

    // One proposal of a day at a time.
    const again = await as(operators.admin, 'POST', 'rates/ecb', { xml: ecbFile('2026-11-20', { USD: '1.0841', GBP: '0.8466' }) });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toMatchObject({ reason: 'alreadyProposed', approvalId: approval.id });

    // Its maker cannot approve it.
    const own = await as(operators.admin, 'POST', `approvals/${approval.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().details).toMatchObject({ reason: 'ownProposal' });
    expect(await storedRates()).toEqual([]);

    const approved = await as(operators.secondAdmin, 'POST', `approvals/${approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Approved', checker: { id: operators.secondAdmin.id }, result: { date: '2026-11-20', currencies: ['USD', 'GBP'] } });
    // Stored as ECB rates in the approver's name; the feed has loaded nothing yet.
    expect(await storedRates()).toEqual([
      { currency: 'GBP', per_eur: '0.8466', source: 'ecb', updated_by: operators.secondAdmin.id, feed_per_eur: null },
      { currency: 'USD', per_eur: '1.0841', source: 'ecb', updated_by: operators.secondAdmin.id, feed_per_eur: null },
    ]);
    const audit = await context.db.selectFrom('audit_log').select(['action', 'actor_type', 'actor_id', 'after']).where('action', '=', 'rates.ecb').execute();
    expect(audit).toEqual([
      { action: 'rates.ecb', actor_type: 'operator', actor_id: operators.secondAdmin.id, after: { date: '2026-11-20', currencies: ['USD', 'GBP'], origin: 'upload', approvalId: approval.id } },
    ]);
    const steps = await context.db.selectFrom('audit_log').select('action').where('subject_id', '=', approval.id).orderBy('id').execute();
    expect(steps.map((row) => row.action)).toEqual(expect.arrayContaining(['approval.proposed', 'backoffice.refused', 'approval.approved']));
    expect(steps.at(-1)?.action).toBe('approval.approved');
  });

  it('is refused when proposed if approving it would be, and nothing waits', async () => {
    // 1.0841 × 1.02 = 1.105782: just past the free band of the reference the approved file set.
    const past = await as(operators.admin, 'POST', 'rates/ecb', { xml: ecbFile('2026-11-23', { USD: '1.1058' }) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ fields: { xml: 'validation.ecbFile.outsideBand' }, details: { currencies: ['USD'] } });
    // By hand, a currency whose reference is still the snapshot is held to the band too (0.9412 → 0.9700 is +3.06 %).
    const first = await as(operators.admin, 'POST', 'rates/ecb', { xml: ecbFile('2026-11-23', { USD: '1.0841', CHF: '0.9700' }) });
    expect(first.json()).toMatchObject({ fields: { xml: 'validation.ecbFile.outsideBand' }, details: { currencies: ['CHF'] } });
    const older = await as(operators.admin, 'POST', 'rates/ecb', { xml: ecbFile('2026-11-19', { USD: '1.0841' }) });
    expect(older.json().fields).toEqual({ xml: 'validation.ecbFile.older' });
    const changed = await as(operators.admin, 'POST', 'rates/ecb', { xml: ecbFile('2026-11-20', { USD: '1.0850' }) });
    expect(changed.json().fields).toEqual({ xml: 'validation.ecbFile.dayChanged' });
    const future = await as(operators.admin, 'POST', 'rates/ecb', { xml: ecbFile('2026-11-25', { USD: '1.0841' }) });
    expect(future.json().fields).toEqual({ xml: 'validation.ecbFile.future' });
    const waiting = await context.db.selectFrom('approvals').select('id').where('kind', '=', 'ecbFile').where('status', '=', 'Pending').execute();
    expect(waiting).toEqual([]);
  });

  it('never replaces the rates the feed loaded for its day, even when approved after the feed loaded them', async () => {
    const proposed = await as(operators.admin, 'POST', 'rates/ecb', { xml: ecbFile('2026-11-23', { USD: '1.0850' }) });
    expect(proposed.statusCode, proposed.body).toBe(202);
    // Meanwhile the feed loads its own file of that day, with another rate.
    await loadEcbFile(context.db, { date: '2026-11-23', perEur: { USD: '1.0860' } }, ECB_FEED, clock.now());

    const approving = await as(operators.secondAdmin, 'POST', `approvals/${proposed.json().approval.id}/approve`);
    expect(approving.statusCode).toBe(400);
    expect(approving.json()).toMatchObject({ fields: { xml: 'validation.ecbFile.dayChanged' }, details: { currencies: ['USD'] } });
    expect((await as(operators.admin, 'GET', `approvals/${proposed.json().approval.id}`)).json().status).toBe('Pending');
    const usd = await context.db.selectFrom('fx_rates').select(['per_eur', 'feed_per_eur', 'updated_by']).where('currency', '=', 'USD').executeTakeFirstOrThrow();
    expect(usd).toEqual({ per_eur: '1.0860', feed_per_eur: '1.0860', updated_by: null });

    // A new hand file of that day is refused at once; the feed's very file is taken and changes nothing.
    const another = await as(operators.secondAdmin, 'POST', 'rates/ecb', { xml: ecbFile('2026-11-23', { USD: '1.0850' }) });
    expect(another.json().fields).toEqual({ xml: 'validation.ecbFile.dayChanged' });
    expect((await as(operators.admin, 'POST', `approvals/${proposed.json().approval.id}/withdraw`)).statusCode).toBe(200);
    const same = await as(operators.secondAdmin, 'POST', 'rates/ecb', { xml: ecbFile('2026-11-23', { USD: '1.0860' }) });
    expect(same.statusCode, same.body).toBe(202);
    expect((await as(operators.admin, 'POST', `approvals/${same.json().approval.id}/approve`)).statusCode).toBe(200);
    // The same rate again leaves the day the feed's: it is not counted as loaded by hand.
    const after = await context.db.selectFrom('fx_rates').select(['per_eur', 'feed_per_eur', 'feed_rate_date', 'ecb_rate_date']).where('currency', '=', 'USD').executeTakeFirstOrThrow();
    expect(after).toMatchObject({ per_eur: '1.0860', feed_per_eur: '1.0860' });
    expect(after.feed_rate_date).toEqual(after.ecb_rate_date);
  });
});
