// Property test of the statement's one basis: after random sequences of incoming payments (a fee
// taking all of a small one included), internal transfers both ways (single and batched),
// exchanges, and international transfers approved, denied, canceled or left pending, each placed
// on its own midnight (an approval on the day it happened), every account's statement for any
// period (whole days of a zone, so a cut falls at an operation or between two) reads as one: the
// oldest row opens at the period's opening balance, each row opens where the older one closed,
// the newest closes at the period's closing balance, and the rows' turnovers are the period's.
// All through readStatementPage, on the test database, with every ledger invariant holding.
import {
  decimalToMinor,
  exchangePayloadSchema,
  formatMinor,
  internationalTransferSchema,
  statementQuerySchema,
  type FiatCurrency,
} from '@bank/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { openAccount, type ClientAccount } from '../accounts';
import { createExchange } from '../exchange';
import { findLedgerViolations } from '../ledger';
import { offeredRate, loadRateTable } from '../rates';
import { bookIncomingPayment, settleInternalTransfers, createInternationalTransfer } from '../transfers';
import { decideOneOf, transferIdOf } from '../transfers/test-support';
import { readStatementPage } from './service';
import { exchange, international, moveOperationTo, rowsAgainstSummary } from './test-support';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const CURRENCIES: FiatCurrency[] = ['EUR', 'USD'];
/** The first operation's midnight; each step is a day later. */
const FIRST_DAY_MS = Date.parse('2026-03-01T00:00:00Z');
const DAY_MS = 86_400_000;
const NOW = new Date('2026-06-01T12:00:00Z');
/** UTC puts a period's bounds on the operations' midnights; the others put them between operations. */
const ZONES = ['UTC', 'Asia/Vladivostok', 'America/St_Johns', 'Pacific/Kiritimati'];

/** Accounts are numbered client × 2 + currency: 0 and 1 are the first client's EUR and USD. */
type Command =
  | { kind: 'incoming'; account: number; amountMinor: bigint }
  | { kind: 'internal'; transfers: Array<{ from: number; amountMinor: bigint }> }
  | { kind: 'exchange'; client: number; sell: number; amountMinor: bigint }
  | { kind: 'international'; account: number; amountMinor: bigint }
  | { kind: 'approve' | 'deny' | 'expire'; pick: number };

const account = fc.integer({ min: 0, max: 3 });
const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('incoming' as const), account, amountMinor: fc.bigInt({ min: 1n, max: 900_000n }) }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('internal' as const),
      transfers: fc.array(fc.record({ from: account, amountMinor: fc.bigInt({ min: 1n, max: 300_000n }) }), { minLength: 1, maxLength: 4 }),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('exchange' as const), client: fc.integer({ min: 0, max: 1 }), sell: fc.integer({ min: 0, max: 1 }), amountMinor: fc.bigInt({ min: 1n, max: 200_000n }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('international' as const), account, amountMinor: fc.bigInt({ min: 1n, max: 300_000n }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constantFrom('approve' as const, 'approve' as const, 'deny' as const, 'expire' as const), pick: fc.nat() }), weight: 3 },
);

/** A period in days from the first operation's day (either end may be open), and the zone it is read in. */
interface Period {
  fromDay: number | null;
  toDay: number | null;
  timeZone: string;
}
const day = fc.option(fc.integer({ min: -1, max: 18 }), { nil: null, freq: 4 });
const periodArbitrary: fc.Arbitrary<Period> = fc
  .record({ first: day, second: day, timeZone: fc.constantFrom(...ZONES) })
  .map(({ first, second, timeZone }) =>
    first !== null && second !== null && first > second ? { fromDay: second, toDay: first, timeZone } : { fromDay: first, toDay: second, timeZone },
  );

const midnight = (step: number) => new Date(FIRST_DAY_MS + step * DAY_MS);
const calendarDay = (step: number) => midnight(step).toISOString().slice(0, 10);

/** An operation to place on its days once the sequence has run: made on one step, booked on another (or never). */
interface Placed {
  number: string;
  madeStep: number;
  bookedStep: number | null;
}

async function orRefused<T>(work: Promise<T>): Promise<T | null> {
  return work.catch((error: unknown) => {
    if (error instanceof AppError && (error.code === 'INSUFFICIENT_FUNDS' || error.code === 'VALIDATION_FAILED')) return null;
    throw error;
  });
}

async function run(commands: Command[], periods: Period[]): Promise<void> {
  const clients: TestClient[] = [await createSignedInClient(context), await createSignedInClient(context)];
  const accounts: ClientAccount[] = [];
  for (const client of clients) {
    for (const currency of CURRENCIES) accounts.push(await context.db.transaction().execute((trx) => openAccount(trx, client.id, currency)));
  }
  const placed: Placed[] = [];
  const pending: Array<{ placed: Placed; transferId: string; clientId: string }> = [];
  const inTransaction = <T>(work: (trx: Db) => Promise<T>) => context.db.transaction().execute(work);

  // Every account is first paid from abroad, then the random sequence runs, one step a day.
  const sequence: Command[] = [...accounts.map((_, index) => ({ kind: 'incoming' as const, account: index, amountMinor: 500_000n })), ...commands];
  for (const [step, command] of sequence.entries()) {
    switch (command.kind) {
      case 'incoming': {
        const target = accounts[command.account]!;
        const { transactionNumber: number } = await inTransaction((trx) =>
          bookIncomingPayment(trx, {
            account: target,
            amountMinor: command.amountMinor,
            paymentRegion: 'SWIFT',
            senderName: 'Sender Abroad',
            senderAccount: 'DE89370400440532013000',
            actor: { type: 'system', id: null },
          }),
        );
        placed.push({ number, madeStep: step, bookedStep: step });
        break;
      }
      case 'internal': {
        // From an account to the other client's account in its currency: both directions occur.
        const orders = command.transfers.map(({ from, amountMinor }) => ({
          clientId: accounts[from]!.clientId,
          from: accounts[from]!,
          to: accounts[(from + 2) % 4]!,
          amountMinor,
        }));
        const outcomes = await inTransaction((trx) => settleInternalTransfers(trx, orders));
        for (const outcome of outcomes) if (outcome.ok) placed.push({ number: outcome.transactionNumber, madeStep: step, bookedStep: step });
        break;
      }
      case 'exchange': {
        const from = accounts[command.client * 2 + command.sell]!;
        const to = accounts[command.client * 2 + 1 - command.sell]!;
        const rate = offeredRate(await loadRateTable(context.db), from.currency, to.currency);
        const request = exchangePayloadSchema.parse(exchange(from, to, formatMinor(command.amountMinor, from.currency), rate));
        const number = await orRefused(inTransaction((trx) => createExchange(trx, clients[command.client]!.id, request)));
        if (number) placed.push({ number, madeStep: step, bookedStep: step });
        break;
      }
      case 'international': {
        const from = accounts[command.account]!;
        const request = internationalTransferSchema.parse(international(from.number, 'SWIFT', formatMinor(command.amountMinor, from.currency)));
        const number = await orRefused(inTransaction((trx) => createInternationalTransfer(trx, from.clientId, request)));
        if (number) {
          const made = { number, madeStep: step, bookedStep: null };
          placed.push(made);
          pending.push({ placed: made, transferId: await transferIdOf(context.db, number), clientId: from.clientId });
        }
        break;
      }
      case 'approve':
      case 'deny':
      case 'expire': {
        const decided = await decideOneOf(context.db, pending, command);
        if (decided && command.kind === 'approve') decided.placed.bookedStep = step;
        break;
      }
    }
  }

  // Each operation on its midnight, in the order it ran; an approval on its own day.
  for (const operation of placed) {
    await moveOperationTo(context.db, operation.number, midnight(operation.madeStep), { postingsAt: midnight(operation.bookedStep ?? operation.madeStep) });
  }
  expect(await findLedgerViolations(context.db)).toEqual([]);

  const allTime: Period = { fromDay: null, toDay: null, timeZone: 'UTC' };
  for (const period of [allTime, ...periods]) {
    for (const [index, own] of accounts.entries()) {
      const query = statementQuerySchema.parse({
        accountNumber: own.number,
        limit: 100,
        timeZone: period.timeZone,
        ...(period.fromDay === null ? {} : { from: calendarDay(period.fromDay) }),
        ...(period.toDay === null ? {} : { to: calendarDay(period.toDay) }),
      });
      const page = await readStatementPage(context.db, own.clientId, query, NOW);
      expect(page.totalExact && page.total === page.rows.length).toBe(true);
      const summary = page.accounts![0]!;
      expect({ period, account: index, problems: rowsAgainstSummary(page.rows, summary) }).toEqual({ period, account: index, problems: [] });
      if (period === allTime) {
        const [ledger] = await context.db.selectFrom('ledger_accounts').select('booked').where('id', '=', own.ledgerAccountId).execute();
        expect(summary.openingBalance).toBe(formatMinor(0n, own.currency));
        expect(summary.closingBalance).toBe(formatMinor(decimalToMinor(ledger!.booked, own.currency), own.currency));
      }
    }
  }
}

describe('statement rows and period balances under random operations', () => {
  it('add up for every account and every period, cut at operations or between them', async () => {
    // Always among the cases: a transfer abroad made on day 4 and approved on day 6, other money
    // moving between, and periods cut at and between those days.
    const approvedLater: [Command[], Period[]] = [
      [
        { kind: 'international', account: 0, amountMinor: 120_000n },
        { kind: 'internal', transfers: [{ from: 2, amountMinor: 30_000n }, { from: 0, amountMinor: 1_000n }] },
        { kind: 'approve', pick: 0 },
        { kind: 'incoming', account: 0, amountMinor: 4_000n },
      ],
      [
        { fromDay: 5, toDay: 6, timeZone: 'UTC' },
        { fromDay: null, toDay: 5, timeZone: 'Asia/Vladivostok' },
        { fromDay: 6, toDay: null, timeZone: 'America/St_Johns' },
      ],
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 14 }), fc.array(periodArbitrary, { minLength: 1, maxLength: 4 }), run),
      { numRuns: 12, examples: [approvedLater] },
    );
  }, 300_000);
});
