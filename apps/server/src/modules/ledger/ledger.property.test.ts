// Property test of the ledger: random sequences of internal transfers (single and batched),
// exchanges, international transfers with holds, approvals, denials and cancellations. After every
// step: each currency sums to zero, each balance equals its postings, none is below zero, and the
// balances and posting counts are exactly those of a model kept in bigint (nothing lost or doubled).
import { convertMinor, decimalToMinor, exchangePayloadSchema, formatMinor, internationalTransferSchema, type FiatCurrency } from '@bank/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { openAccount, type ClientAccount } from '../accounts';
import { createExchange } from '../exchange';
import { offeredRate, loadRateTable } from '../rates';
import { quoteInternationalFee, settleInternalTransfers, createInternationalTransfer } from '../transfers';
import { decideOneOf, transferIdOf } from '../transfers/test-support';
import { AppError } from '../../lib/errors';
import { exchange } from '../statement/test-support';
import { findLedgerViolations } from './invariants';
import { fundLedgerAccount } from './test-support';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const CURRENCIES: FiatCurrency[] = ['EUR', 'USD'];
const CLIENTS = 3;

type Command =
  | { kind: 'internal'; from: number; to: number; currency: number; amountMinor: bigint }
  | { kind: 'batch'; transfers: Array<{ from: number; to: number; amountMinor: bigint }> }
  | { kind: 'exchange'; client: number; sell: number; amountMinor: bigint }
  | { kind: 'international'; client: number; currency: number; amountMinor: bigint }
  | { kind: 'approve' | 'deny' | 'expire'; pick: number };

const client = fc.integer({ min: 0, max: CLIENTS - 1 });
const amount = fc.bigInt({ min: 1n, max: 60_000n });
const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('internal' as const), from: client, to: client, currency: fc.integer({ min: 0, max: 1 }), amountMinor: amount }),
  fc.record({ kind: fc.constant('batch' as const), transfers: fc.array(fc.record({ from: client, to: client, amountMinor: amount }), { minLength: 1, maxLength: 6 }) }),
  fc.record({ kind: fc.constant('exchange' as const), client, sell: fc.integer({ min: 0, max: 1 }), amountMinor: amount }),
  fc.record({ kind: fc.constant('international' as const), client, currency: fc.integer({ min: 0, max: 1 }), amountMinor: fc.bigInt({ min: 1n, max: 40_000n }) }),
  fc.record({ kind: fc.constantFrom('approve' as const, 'deny' as const, 'expire' as const), pick: fc.nat() }),
);

interface ModelBalance {
  bookedMinor: bigint;
  availableMinor: bigint;
}

interface Pending {
  transferId: string;
  clientId: string;
  account: ClientAccount;
  amountMinor: bigint;
  feeMinor: bigint;
}

async function counts(): Promise<{ postings: bigint; entries: bigint }> {
  const { rows } = await sql<{ postings: string; entries: string }>`
    select (select count(*) from postings) as postings, (select count(*) from journal_entries) as entries`.execute(context.db);
  return { postings: BigInt(rows[0]!.postings), entries: BigInt(rows[0]!.entries) };
}

async function run(commands: Command[]): Promise<void> {
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => createSignedInClient(context)));
  const accounts: ClientAccount[][] = [];
  const model = new Map<string, ModelBalance>();
  for (const each of clients) {
    const own: ClientAccount[] = [];
    for (const currency of CURRENCIES) {
      const account = await context.db.transaction().execute((trx) => openAccount(trx, each.id, currency));
      const funding = currency === 'EUR' ? '1500.00' : '700.00';
      await fundLedgerAccount(context.db, account.ledgerAccountId, currency, funding);
      model.set(account.ledgerAccountId, { bookedMinor: decimalToMinor(funding, currency), availableMinor: decimalToMinor(funding, currency) });
      own.push(account);
    }
    accounts.push(own);
  }
  const pending: Pending[] = [];
  const start = await counts();
  let expectedPostings = 0n;
  let expectedEntries = 0n;
  const balanceOf = (account: ClientAccount) => model.get(account.ledgerAccountId)!;
  const move = (account: ClientAccount, deltaMinor: bigint) => {
    balanceOf(account).bookedMinor += deltaMinor;
    balanceOf(account).availableMinor += deltaMinor;
  };

  for (const command of commands) {
    switch (command.kind) {
      case 'internal':
      case 'batch': {
        const transfers = command.kind === 'internal' ? [command] : command.transfers.map((transfer) => ({ ...transfer, currency: 0 }));
        const orders = transfers
          .filter((transfer) => transfer.from !== transfer.to)
          .map((transfer) => ({
            clientId: clients[transfer.from]!.id,
            from: accounts[transfer.from]![transfer.currency]!,
            to: accounts[transfer.to]![transfer.currency]!,
            amountMinor: transfer.amountMinor,
          }));
        if (orders.length === 0) break;
        const outcomes = await context.db.transaction().execute((trx) => settleInternalTransfers(trx, orders));
        orders.forEach((order, index) => {
          const affordable = balanceOf(order.from).availableMinor >= order.amountMinor;
          expect(outcomes[index]!.ok).toBe(affordable);
          if (!affordable) return;
          move(order.from, -order.amountMinor);
          move(order.to, order.amountMinor);
          expectedPostings += 2n;
          expectedEntries += 1n;
        });
        break;
      }
      case 'exchange': {
        const from = accounts[command.client]![command.sell]!;
        const to = accounts[command.client]![1 - command.sell]!;
        const rate = offeredRate(await loadRateTable(context.db), from.currency, to.currency);
        const creditMinor = convertMinor(command.amountMinor, from.currency, to.currency, rate);
        const request = exchangePayloadSchema.parse(exchange(from, to, formatMinor(command.amountMinor, from.currency), rate));
        const result = await context.db
          .transaction()
          .execute((trx) => createExchange(trx, clients[command.client]!.id, request))
          .then(() => 'ok' as const, (error: unknown) => (error instanceof AppError ? error.code : Promise.reject(error)));
        const affordable = balanceOf(from).availableMinor >= command.amountMinor;
        if (creditMinor === 0n) {
          expect(result).toBe('VALIDATION_FAILED');
        } else {
          expect(result).toBe(affordable ? 'ok' : 'INSUFFICIENT_FUNDS');
        }
        if (result === 'ok') {
          move(from, -command.amountMinor);
          move(to, creditMinor);
          expectedPostings += 4n;
          expectedEntries += 1n;
        }
        break;
      }
      case 'international': {
        const account = accounts[command.client]![command.currency]!;
        const fee = quoteInternationalFee(await loadRateTable(context.db), account.currency, command.amountMinor);
        const request = internationalTransferSchema.parse({
          type: 'international',
          paymentRegions: 'SWIFT',
          fromAccount: account.number,
          amount: formatMinor(command.amountMinor, account.currency),
          recipientDetails: {
            fullName: 'Recipient Abroad',
            recipientsSwiftBic: 'DEUTDEFF',
            recipientsBankCountry: 'DE',
            recipientsBankAddress: 'Frankfurt',
            recipientsBank: 'Deutsche Bank',
            recipientsIban: 'DE89370400440532013000',
            recipientsAddress: 'Berlin',
            recipientsEmail: 'recipient@example.de',
          },
        });
        const clientId = clients[command.client]!.id;
        const result = await context.db
          .transaction()
          .execute((trx) => createInternationalTransfer(trx, clientId, request))
          .then((number) => number, (error: unknown) => (error instanceof AppError ? null : Promise.reject(error)));
        const affordable = balanceOf(account).availableMinor >= fee.totalMinor;
        expect(result !== null).toBe(affordable);
        if (result !== null) {
          balanceOf(account).availableMinor -= fee.totalMinor;
          pending.push({ transferId: await transferIdOf(context.db, result), clientId, account, amountMinor: command.amountMinor, feeMinor: fee.feeMinor });
        }
        break;
      }
      case 'approve':
      case 'deny':
      case 'expire': {
        const decided = await decideOneOf(context.db, pending, command);
        if (!decided) break;
        const { account, amountMinor, feeMinor } = decided;
        const total = amountMinor + feeMinor;
        if (command.kind === 'approve') {
          balanceOf(account).bookedMinor -= total;
          expectedPostings += 3n;
          expectedEntries += 1n;
        } else {
          balanceOf(account).availableMinor += total;
        }
        break;
      }
    }

    expect(await findLedgerViolations(context.db)).toEqual([]);
    const rows = await context.db.selectFrom('ledger_accounts').select(['id', 'currency', 'booked', 'available']).where('id', 'in', [...model.keys()]).execute();
    for (const row of rows) {
      const expected = model.get(String(row.id))!;
      const currency = row.currency as FiatCurrency;
      expect({ booked: decimalToMinor(row.booked, currency), available: decimalToMinor(row.available, currency) }).toEqual({
        booked: expected.bookedMinor,
        available: expected.availableMinor,
      });
    }
    const now = await counts();
    expect(now.postings - start.postings).toBe(expectedPostings);
    expect(now.entries - start.entries).toBe(expectedEntries);
  }
}

describe('ledger under random operations', () => {
  it('keeps every invariant after every step', async () => {
    await fc.assert(fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 25 }), run), { numRuns: 12 });
  }, 240_000);

  it('refuses to change written history', async () => {
    await expect(sql`update postings set amount = amount * 2`.execute(context.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from journal_entries`.execute(context.db)).rejects.toThrow(/append-only/);
  });

  it('keeps a client balance from going below zero even if code tried (CHECK constraint)', async () => {
    const owner = await createSignedInClient(context);
    const account = await context.db.transaction().execute((trx) => openAccount(trx, owner.id, 'EUR'));
    await expect(sql`update ledger_accounts set booked = -1, available = -1 where id = ${account.ledgerAccountId}`.execute(context.db)).rejects.toThrow(/ledger_accounts_client_not_negative/);
  });
});
