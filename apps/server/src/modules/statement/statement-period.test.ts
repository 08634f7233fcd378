// Proves a statement period that starts after now is refused alike by every format (the JSON page,
// CSV, PDF, camt.053, MT940) as a 400 on `from`, with "now" read from the bank's clock: a day that
// has begun in the client's zone is accepted even where it is still yesterday in UTC.
import { STATEMENT_FORMATS } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { openTestAccount } from '../accounts/test-support';
import { fixedClock } from '../jobs';

let context: TestContext;
let alice: TestClient;
let aliceUsd = '';

function statement(format: string, query: string) {
  return context.app.inject({ method: 'GET', url: `/api/statement?format=${format}&accountNumber=${aliceUsd}&${query}`, headers: alice.headers });
}

beforeAll(async () => {
  // Weeks before the machine's own date, so only the bank clock can make 2026-11-06 a future day.
  context = await createTestContext({}, { clock: fixedClock('2026-11-05T12:00:00Z') });
  alice = await createSignedInClient(context);
  aliceUsd = (await openTestAccount(context, alice, 'USD', '100.00')).number;
});

afterAll(() => context.close());

describe('a statement period that starts after now', () => {
  it.each(STATEMENT_FORMATS)('is a 400 on from for %s', async (format) => {
    for (const query of ['from=2026-11-06', 'from=2027-01-01', 'from=2026-11-06&to=2026-11-30']) {
      const response = await statement(format, query);
      expect([query, response.statusCode, response.json()]).toEqual([
        query,
        400,
        expect.objectContaining({ code: 'VALIDATION_FAILED', fields: { from: 'validation.period.fromInFuture' } }),
      ]);
    }
  });

  it.each(STATEMENT_FORMATS)('is answered for %s when it starts today or has begun in the client zone', async (format) => {
    // 12:00 UTC on 5 November is already 02:00 on 6 November at UTC+14.
    for (const query of ['from=2026-11-05', 'from=2026-11-01&to=2026-11-30', 'period=thisMonth', 'from=2026-11-06&timeZone=Pacific/Kiritimati']) {
      const response = await statement(format, query);
      expect([query, response.statusCode], response.body).toEqual([query, 200]);
    }
  });
});
