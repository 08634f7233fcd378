// Proves GET /api/statement/balance-history answers each day's end-of-day booked balance of the
// signed-in client's own accounts, equal to the statement's closing balance of a period ending that
// day (in UTC and in a zone ten hours ahead), that a pending transfer's hold moves no day, that the
// total in the base currency uses the rate in force at the end of each day, and that a bad query is
// a 400 naming its field.
import { formatCalendarDate, addDays, parseCalendarDate, type BalanceHistoryResponse, type StatementPage } from '@bank/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { openTestAccount } from '../accounts/test-support';
import { fixedClock } from '../jobs';
import { closeCheckingLedger } from '../ledger/test-context';
import { createTransfer, international, internal, ledgerAccountOf, moveFundingTo, moveOperationTo } from './test-support';

let context: TestContext;
let alice: TestClient;
let bob: TestClient;
const accounts = { aliceUsd: '', aliceEur: '', bobUsd: '' };

/** Friday 2026-11-20, noon UTC: the last day of every answer below. */
const NOW = '2026-11-20T12:00:00Z';

const create = (client: TestClient, payload: Record<string, unknown>) => createTransfer(context, client, payload);

async function history(client: TestClient, query: string) {
  return context.app.inject({ method: 'GET', url: `/api/statement/balance-history?${query}`, headers: client.headers });
}

async function historyOf(client: TestClient, query: string): Promise<BalanceHistoryResponse> {
  const response = await history(client, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BalanceHistoryResponse>();
}

/** The statement's closing balance of an account for the period ending on `day` (its whole history up to it). */
async function statementClosing(client: TestClient, accountNumber: string, day: string, timeZone: string): Promise<string> {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/statement?accountNumber=${accountNumber}&to=${day}&timeZone=${encodeURIComponent(timeZone)}`,
    headers: client.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementPage>().accounts![0]!.closingBalance;
}

function balancesOf(answer: BalanceHistoryResponse, accountNumber: string): Record<string, string> {
  const account = answer.accounts.find((item) => item.accountNumber === accountNumber);
  if (!account) throw new Error(`${accountNumber} is not in the answer`);
  return Object.fromEntries(answer.days.map((day, index) => [day, account.balances[index]!]));
}

beforeAll(async () => {
  context = await createTestContext({}, { clock: fixedClock(NOW) });
  alice = await createSignedInClient(context, { firstName: 'Alice' });
  bob = await createSignedInClient(context, { firstName: 'Bob' });
  accounts.aliceUsd = (await openTestAccount(context, alice, 'USD', '1000.00')).number;
  accounts.aliceEur = (await openTestAccount(context, alice, 'EUR', '500.00')).number;
  accounts.bobUsd = (await openTestAccount(context, bob, 'USD', '200.00')).number;
  await moveFundingTo(context.db, await ledgerAccountOf(context.db, accounts.aliceUsd), new Date('2026-10-01T09:00:00Z'));
  await moveFundingTo(context.db, await ledgerAccountOf(context.db, accounts.aliceEur), new Date('2026-11-01T10:00:00Z'));
  await moveFundingTo(context.db, await ledgerAccountOf(context.db, accounts.bobUsd), new Date('2026-10-01T09:00:00Z'));
  const toBob = await create(alice, internal(accounts.aliceUsd, accounts.bobUsd, '100.00', { fullName: 'Bob Client' }));
  await moveOperationTo(context.db, toBob, new Date('2026-11-05T12:00:00Z'));
  // 23:30 UTC on 10 November is already 11 November, 09:30, in Vladivostok.
  const toAlice = await create(bob, internal(accounts.bobUsd, accounts.aliceUsd, '40.00', { fullName: 'Alice Client' }));
  await moveOperationTo(context.db, toAlice, new Date('2026-11-10T23:30:00Z'));
  // Pending abroad: its hold lowers the available balance only; no day's booked balance moves.
  const pending = await create(alice, international(accounts.aliceUsd, 'SWIFT', '50.00', { purpose: 'Invoice 7' }));
  await moveOperationTo(context.db, pending, new Date('2026-11-15T10:00:00Z'));
  // The USD rate in force: the snapshot's 1.0823 per EUR until 1 November, then 1.10, from 12 November 1.20.
  await sql`insert into fx_rate_history (currency, per_eur, valid_from) values
    ('USD', 1.10, '2026-11-01T00:00:00Z'), ('USD', 1.20, '2026-11-12T00:00:00Z')`.execute(context.db);
});

afterAll(() => closeCheckingLedger(context));

describe('the balance history of the accounts overview', () => {
  it('closes each of the last 30 days where the statement closes that day, in UTC and ten hours ahead', async () => {
    for (const timeZone of ['UTC', 'Asia/Vladivostok']) {
      const answer = await historyOf(alice, `days=30&timeZone=${encodeURIComponent(timeZone)}`);
      expect(answer.days).toHaveLength(30);
      expect(answer.days[29]).toBe('2026-11-20');
      expect(answer.days[0]).toBe('2026-10-22');
      for (const accountNumber of [accounts.aliceUsd, accounts.aliceEur]) {
        const balances = balancesOf(answer, accountNumber);
        for (const day of answer.days) {
          expect([timeZone, accountNumber, day, balances[day]]).toEqual([timeZone, accountNumber, day, await statementClosing(alice, accountNumber, day, timeZone)]);
        }
      }
    }
  });

  it('answers the movements on the days they were booked, in the client zone', async () => {
    const utc = balancesOf(await historyOf(alice, 'days=30'), accounts.aliceUsd);
    expect([utc['2026-10-22'], utc['2026-11-04'], utc['2026-11-05'], utc['2026-11-10'], utc['2026-11-11'], utc['2026-11-20']]).toEqual([
      '1000.00', '1000.00', '900.00', '940.00', '940.00', '940.00',
    ]);
    const vladivostok = balancesOf(await historyOf(alice, 'days=30&timeZone=Asia%2FVladivostok'), accounts.aliceUsd);
    expect([vladivostok['2026-11-10'], vladivostok['2026-11-11']]).toEqual(['900.00', '940.00']);
    const eur = balancesOf(await historyOf(alice, 'days=30'), accounts.aliceEur);
    expect([eur['2026-10-31'], eur['2026-11-01']]).toEqual(['0.00', '500.00']);
  });

  it('answers 90 days when asked, oldest first', async () => {
    const answer = await historyOf(alice, 'days=90');
    expect(answer.days).toHaveLength(90);
    expect(answer.days[0]).toBe(formatCalendarDate(addDays(parseCalendarDate('2026-11-20'), -89)));
    const usd = balancesOf(answer, accounts.aliceUsd);
    expect([usd['2026-09-30'], usd['2026-10-01'], usd['2026-11-20']]).toEqual(['0.00', '1000.00', '940.00']);
  });

  it('shows only the signed-in client’s own accounts', async () => {
    const aliceAnswer = await historyOf(alice, 'days=30');
    expect(aliceAnswer.accounts.map((account) => account.accountNumber).sort()).toEqual([accounts.aliceEur, accounts.aliceUsd].sort());
    const bobAnswer = await historyOf(bob, 'days=30');
    expect(bobAnswer.accounts.map((account) => account.accountNumber)).toEqual([accounts.bobUsd]);
    expect(balancesOf(bobAnswer, accounts.bobUsd)['2026-11-20']).toBe('260.00');
  });

  it('totals the accounts in the base currency at the rate in force at the end of each day', async () => {
    const inEur = await historyOf(alice, 'days=30');
    expect(inEur.base).toBe('EUR');
    const eurTotal = Object.fromEntries(inEur.days.map((day, index) => [day, inEur.totals[index]]));
    // 1000 / 1.0823 = 923.9582… ; 900 / 1.10 + 500 = 1318.1818… ; 940 / 1.10 + 500 = 1354.5454… ; 940 / 1.20 + 500 = 1283.3333…
    expect([eurTotal['2026-10-31'], eurTotal['2026-11-05'], eurTotal['2026-11-11'], eurTotal['2026-11-12'], eurTotal['2026-11-20']]).toEqual([
      '923.96', '1318.18', '1354.55', '1283.33', '1283.33',
    ]);
    const inUsd = await historyOf(alice, 'days=30&base=USD');
    // 500 EUR × 1.20 + 940 USD; before 1 November only the 1000 USD.
    expect([inUsd.totals[0], inUsd.totals[29]]).toEqual(['1000.00', '1540.00']);
  });

  it('refuses a bad query with a 400 naming the field, and a caller without a session with a 401', async () => {
    for (const [query, field, key] of [
      ['days=45', 'days', 'validation.days.invalid'],
      ['days=abc', 'days', 'validation.days.invalid'],
      ['days=30&days=90', 'days', 'validation.days.invalid'],
      ['base=BTC', 'base', 'validation.currency.unknown'],
      ['base=eur', 'base', 'validation.currency.unknown'],
      ['timeZone=Mars%2FOlympus', 'timeZone', 'validation.timeZone.unknown'],
      ['timeZone=Europe%2FBerlin%01', 'timeZone', 'validation.text.controlCharacters'],
    ] as const) {
      const response = await history(alice, query);
      expect([query, response.statusCode, response.json()]).toEqual([query, 400, expect.objectContaining({ code: 'VALIDATION_FAILED', fields: { [field]: key } })]);
    }
    // Empty values are the defaults.
    expect((await historyOf(alice, 'days=&base=&timeZone=')).days).toHaveLength(30);
    const anonymous = await context.app.inject({ method: 'GET', url: '/api/statement/balance-history?days=30' });
    expect(anonymous.statusCode).toBe(401);
  });
});
