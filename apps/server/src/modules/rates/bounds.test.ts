// Proves the sanity of rates: a mid rate must be positive and within ten times its ECB reference
// either way (a table of cases), an admin's rate outside that is refused with a 400 on `rate`, an
// ECB file uploaded by hand and dated after today, older than the rates in use, changing its day's
// rates or with a rate more than 2 % from its reference is refused whole with a 400 on `xml` when
// proposed (and one that passes holds only once a second admin approves it), and an operator's rate
// never replaces the ECB reference that rates are checked against.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { createFourEyesOperators, type FourEyesOperators } from '../../test/operators';
import { rateBoundsProblem, type RateBoundsProblem } from './bounds';
import { applyEcbRates, rateReference, setOperatorRate } from './service';
import { SNAPSHOT_PER_EUR } from './snapshot';

describe('rate bounds, as a table', () => {
  it('takes a positive rate within ×10 and ÷10 of the reference, both ends included', () => {
    const cases: Array<[string, string, RateBoundsProblem | null]> = [
      ['1.0823', '1.0823', null],
      ['5.4115', '1.0823', null],
      ['10.823', '1.0823', null],
      ['10.8231', '1.0823', 'outOfBounds'],
      ['11.9053', '1.0823', 'outOfBounds'],
      ['1000', '1.0823', 'outOfBounds'],
      ['0.10823', '1.0823', null],
      ['0.10822', '1.0823', 'outOfBounds'],
      ['0.000001', '1.0823', 'outOfBounds'],
      ['0', '1.0823', 'notPositive'],
      ['0.000', '1.0823', 'notPositive'],
      ['-1.0823', '1.0823', 'notPositive'],
      ['-0', '1.0823', 'notPositive'],
      ['1e3', '1.0823', 'invalid'],
      ['', '1.0823', 'invalid'],
      ['abc', '1.0823', 'invalid'],
      // Crypto has tiny rates per euro: the bounds are relative, never absolute.
      ['0.0000112047', '0.0000112047', null],
      ['0.000112047', '0.0000112047', null],
      ['0.000112048', '0.0000112047', 'outOfBounds'],
      ['984.5', '98.45', null],
      ['984.51', '98.45', 'outOfBounds'],
    ];
    for (const [rate, reference, expected] of cases) expect(rateBoundsProblem(rate, reference), `${rate} against ${reference}`).toBe(expected);
  });
});

describe('rates in the back office', () => {
  let context: TestContext;
  let operators: FourEyesOperators;
  beforeAll(async () => {
    context = await createTestContext();
    operators = await createFourEyesOperators(context);
  });
  afterAll(() => context.close());

  function as(method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>, operator = operators.admin) {
    return context.app.inject({ method, url: `/api/backoffice/${url}`, headers: operator.headers, ...(payload ? { payload } : {}) });
  }

  /** An ECB file uploaded by one admin and approved by the other: the only way a hand file holds. */
  async function uploadApproved(xml: string) {
    const proposed = await as('POST', 'rates/ecb', { xml });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const approved = await as('POST', `approvals/${proposed.json().approval.id}/approve`, {}, operators.secondAdmin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('Approved');
    return approved;
  }

  const ecbFile = (date: string, usd: string) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <Cube><Cube time="${date}"><Cube currency="USD" rate="${usd}"/><Cube currency="GBP" rate="0.8466"/></Cube></Cube>
</gesmes:Envelope>`;

  async function usdInUse(): Promise<unknown> {
    return (await as('GET', 'rates')).json().rates.find((row: { currency: string }) => row.currency === 'USD');
  }

  it('refuses a rate of zero, a negative one and one eleven times the reference, changing nothing', async () => {
    // The snapshot is the reference until an ECB file is loaded: 1.0823 USD per EUR.
    expect(await rateReference(context.db, 'USD')).toBe(SNAPSHOT_PER_EUR.USD);
    const answers: Array<[string, string]> = [
      ['0', 'validation.rate.invalid'],
      ['-1.0823', 'validation.rate.invalid'],
      ['11.9053', 'validation.rate.outOfBounds'],
      ['0.0984', 'validation.rate.outOfBounds'],
    ];
    for (const [rate, key] of answers) {
      const answer = await as('PUT', 'rates', { pair: 'EUR/USD', rate, reason: 'Test' });
      expect(answer.statusCode, rate).toBe(400);
      expect(answer.json().fields, rate).toEqual({ rate: key });
    }
    // The service refuses them too, whoever calls it.
    for (const perEur of ['0', '-1.0823', '11.9053']) {
      await expect(setOperatorRate(context.db, { currency: 'USD', perEur, operatorId: randomUUID() }), perEur).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    await expect(setOperatorRate(context.db, { currency: 'USD', perEur: '11.9053', operatorId: randomUUID() })).rejects.toMatchObject({
      fields: { rate: 'validation.rate.outOfBounds' },
      details: { currency: 'USD', reference: '1.0823' },
    });
    expect(await usdInUse()).toMatchObject({ perEur: '1.0823', source: 'snapshot' });
  });

  it('takes ECB files of the same day or later, refuses an older one and one with a rate more than 2 % from its reference', async () => {
    await uploadApproved(ecbFile('2026-11-20', '1.0841'));
    expect(await rateReference(context.db, 'USD')).toBe('1.0841');
    // The same day again is taken (a second upload of the same file).
    await uploadApproved(ecbFile('2026-11-20', '1.0841'));

    const older = await as('POST', 'rates/ecb', { xml: ecbFile('2026-11-19', '1.0850') });
    expect(older.statusCode).toBe(400);
    expect(older.json()).toMatchObject({ fields: { xml: 'validation.ecbFile.older' }, details: { date: '2026-11-19', newest: '2026-11-20' } });

    // Ten times the reference in one file: refused whole, so the file cannot re-price USD.
    const wild = await as('POST', 'rates/ecb', { xml: ecbFile('2026-11-23', '10.841') });
    expect(wild.statusCode).toBe(400);
    expect(wild.json()).toMatchObject({ fields: { xml: 'validation.ecbFile.outsideBand' }, details: { currencies: ['USD'] } });
    // Just past 2 % (1.0841 × 1.02 = 1.105782) is refused too.
    expect((await as('POST', 'rates/ecb', { xml: ecbFile('2026-11-23', '1.1058') })).json().fields).toEqual({ xml: 'validation.ecbFile.outsideBand' });
    // The same day again with other rates, even within the band, is refused: no walking a rate by re-uploads.
    expect((await as('POST', 'rates/ecb', { xml: ecbFile('2026-11-20', '10.841') })).json().fields).toEqual({ xml: 'validation.ecbFile.dayChanged' });
    expect((await as('POST', 'rates/ecb', { xml: ecbFile('2026-11-20', '1.1000') })).json().fields).toEqual({ xml: 'validation.ecbFile.dayChanged' });
    // Nothing of a refused file is stored: not its GBP rate, not its date.
    expect(await usdInUse()).toMatchObject({ perEur: '1.0841', source: 'ecb', rateDate: '2026-11-20' });
    const gbp = (await as('GET', 'rates')).json().rates.find((row: { currency: string }) => row.currency === 'GBP');
    expect(gbp).toMatchObject({ rateDate: '2026-11-20' });

    await uploadApproved(ecbFile('2026-11-23', '1.0790'));
    expect(await usdInUse()).toMatchObject({ perEur: '1.0790', source: 'ecb', rateDate: '2026-11-23' });
  });

  it('keeps the ECB reference when an operator sets the rate in use, and checks the next rate against it', async () => {
    // Within bounds of the reference 1.0790: five times as many dollars per euro.
    await setOperatorRate(context.db, { currency: 'USD', perEur: '5.395', operatorId: operators.admin.id });
    expect(await usdInUse()).toMatchObject({ perEur: '5.395', source: 'operator' });
    expect(await rateReference(context.db, 'USD')).toBe('1.0790');
    // Five times again would be 25 times the reference: refused, though only five times the rate in use.
    await expect(setOperatorRate(context.db, { currency: 'USD', perEur: '26.975', operatorId: operators.admin.id })).rejects.toMatchObject({ fields: { rate: 'validation.rate.outOfBounds' } });
    // An operator's rate does not count as an ECB day: a file of an earlier day than the last ECB file is still refused.
    expect((await as('POST', 'rates/ecb', { xml: ecbFile('2026-11-21', '1.0800') })).json().fields).toEqual({ xml: 'validation.ecbFile.older' });
    await setOperatorRate(context.db, { currency: 'USD', perEur: '1.0790', operatorId: operators.admin.id });
  });

  it('takes two files each within 2 % of the reference before it, measured from the last ECB rate', async () => {
    // 1.0790 → 1.1005 (+1.99 %) → 1.1224 (+1.99 %): each within the band of the file before it.
    for (const [date, usd] of [['2026-11-24', '1.1005'], ['2026-11-25', '1.1224']] as const) {
      await uploadApproved(ecbFile(date, usd));
      expect(await rateReference(context.db, 'USD')).toBe(usd);
    }
    // Back to the starting rate the same day: that day's rates are loaded already, and a file may not change them.
    expect((await as('POST', 'rates/ecb', { xml: ecbFile('2026-11-25', '1.0790') })).json().fields).toEqual({ xml: 'validation.ecbFile.dayChanged' });
  });

  it('refuses a file dated after today or on a day that does not exist, storing nothing', async () => {
    const before = await usdInUse();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const date of [tomorrow, '2099-12-31']) {
      const future = await as('POST', 'rates/ecb', { xml: ecbFile(date, '1.1224') });
      expect(future.statusCode, date).toBe(400);
      expect(future.json(), date).toMatchObject({ fields: { xml: 'validation.ecbFile.future' }, details: { date } });
    }
    const impossible = await as('POST', 'rates/ecb', { xml: ecbFile('2100-02-30', '1.1224') });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().fields).toEqual({ xml: 'validation.ecbFile.invalid' });
    expect(await usdInUse()).toEqual(before);
    // The service refuses a future file whoever calls it; today's file is taken.
    const today = new Date('2026-11-25T23:59:59Z');
    const byHand = { origin: 'upload', operatorId: operators.secondAdmin.id } as const;
    await expect(applyEcbRates(context.db, { date: '2026-11-26', perEur: { USD: '1.1224' } }, byHand, today)).rejects.toMatchObject({ fields: { xml: 'validation.ecbFile.future' } });
    await expect(applyEcbRates(context.db, { date: '2026-11-25', perEur: { USD: '1.1224' } }, byHand, today)).resolves.toEqual(['USD']);
  });
});
