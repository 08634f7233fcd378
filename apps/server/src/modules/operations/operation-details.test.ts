// Proves that each kind of operation has one schema of its details, held alike by the server (its zod
// schema) and by the database (operation_details_valid, migrations 0093 and 0100): every kind's details as the
// bank writes them pass both, and each way of getting them wrong (a required detail missing, another
// kind's detail, a wrong type, a null, thresholds or a schedule that do not add up) fails both.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db';
import { migrate } from '../../db/migrate';
import { OPERATION_DETAILS } from './operation-details';
import type { TransferKind } from './tables';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  await migrate(handle.db);
});
afterAll(() => handle.close());

const ID = ['3f1c8a2e-5b7d-4c9e-8f01-23456789abcd', '7a2b9c4d-1e3f-4a5b-9c6d-7e8f90a1b2c3'] as const;
const THRESHOLDS = { amountEur: '11549.48', approvalsRequired: 2, approvalReason: 'amount' };
const SCHEDULE = { date: '2026-12-07', request: { type: 'internal', amount: '10.00' }, runAttempts: 0 };

/** Details of every kind as the bank writes them. */
const VALID: Record<TransferKind, Record<string, unknown>> = {
  internal: { fromAccountId: ID[0], toAccountId: ID[1], paymentReference: 'Rent', paymentDate: '2026-12-07', recipientDetails: { email: 'a@b.example' }, schedule: { ...SCHEDULE, standingOrderId: ID[0], occurrenceDate: '2026-12-07' } },
  international: { fromAccountId: ID[0], paymentRegion: 'SEPA', recipientDetails: { fullName: 'Hans Müller', phone: null }, purpose: 'Invoice', holdId: ID[1], thresholds: THRESHOLDS },
  exchange: { fromAccountId: ID[0], toAccountId: ID[1], counterAmount: '92.31', counterCurrency: 'EUR', rate: '0.9231' },
  incoming: { toAccountId: ID[0], paymentRegion: 'SWIFT', purpose: 'Invoice 118', paymentReference: 'INV-118', paymentDate: '2026-11-20' },
  crypto: { fromWalletId: ID[0], holdId: ID[1], paymentReference: 'Rent', thresholds: { amountEur: '120.00', approvalsRequired: 1, approvalReason: null } },
  crypto_internal: { fromWalletId: ID[0], toWalletId: ID[1] },
  crypto_deposit: { toWalletId: ID[0], txHash: 'ab'.repeat(32) },
  crypto_conversion: { fromWalletId: ID[0], toAccountId: ID[1], counterAmount: '4512.77', counterCurrency: 'EUR', rate: '45127.7', holdId: ID[0] },
  reversal: { fromAccountId: ID[0], toWalletId: ID[1], purpose: 'Sent by mistake', paymentReference: '100000042' },
  fee: { fromAccountId: ID[0], purpose: 'Withdrawal of a payment order', paymentReference: '100000043' },
  deposit: { toAccountId: ID[0], purpose: 'Interest on a term deposit', paymentReference: 'DEP-20261206-000001', paymentDate: '2026-12-06' },
  card: { cardId: ID[0], mcc: '5812', purpose: '•••• 1234 · Café Central, Vienna, AT', fromAccountId: ID[1], holdId: ID[0], counterAmount: '12.50', counterCurrency: 'EUR', rate: '1.0712' },
};

/** What each kind requires: each left out in turn must be refused. */
const REQUIRED: Record<TransferKind, string[]> = {
  internal: ['fromAccountId', 'toAccountId'],
  international: ['fromAccountId', 'paymentRegion', 'recipientDetails'],
  exchange: ['fromAccountId', 'toAccountId', 'counterAmount', 'counterCurrency', 'rate'],
  incoming: ['toAccountId', 'paymentRegion'],
  crypto: ['fromWalletId', 'holdId'],
  crypto_internal: ['fromWalletId', 'toWalletId'],
  crypto_deposit: ['toWalletId', 'txHash'],
  crypto_conversion: ['counterAmount', 'counterCurrency', 'rate', 'holdId', 'fromWalletId', 'toAccountId'],
  reversal: ['purpose', 'paymentReference'],
  fee: ['fromAccountId', 'purpose'],
  deposit: ['purpose', 'paymentReference', 'paymentDate', 'toAccountId'],
  card: ['cardId', 'mcc', 'purpose', 'fromAccountId'],
};

const without = (details: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(details).filter(([name]) => name !== key));

/** Ways of getting a kind's details wrong. */
function invalidOf(kind: TransferKind): Array<[string, Record<string, unknown>]> {
  const valid = VALID[kind];
  const cases: Array<[string, Record<string, unknown>]> = REQUIRED[kind].map((key) => [`without ${key}`, without(valid, key)]);
  cases.push(['with another kind’s detail', kind === 'crypto_deposit' ? { ...valid, rate: '1' } : { ...valid, txHash: 'ab' }]);
  cases.push(['with a detail no kind has', { ...valid, colour: 'blue' }]);
  const [first] = REQUIRED[kind];
  cases.push([`with ${first} null`, { ...valid, [first!]: null }]);
  cases.push([`with ${first} a number`, { ...valid, [first!]: 42 }]);
  return cases;
}

const EXTRA_INVALID: Array<[TransferKind, string, Record<string, unknown>]> = [
  ['international', 'two approvals without a reason', { ...VALID.international, thresholds: { ...THRESHOLDS, approvalReason: null } }],
  ['international', 'one approval with a reason', { ...VALID.international, thresholds: { ...THRESHOLDS, approvalsRequired: 1 } }],
  ['international', 'three approvals', { ...VALID.international, thresholds: { ...THRESHOLDS, approvalsRequired: 3 } }],
  ['international', 'a value in EUR as a number', { ...VALID.international, thresholds: { ...THRESHOLDS, amountEur: 11549.48 } }],
  ['international', 'a region the bank does not send to', { ...VALID.international, paymentRegion: 'MARS' }],
  ['internal', 'an occurrence without its date', { ...VALID.internal, schedule: { ...SCHEDULE, standingOrderId: ID[0] } }],
  ['internal', 'a schedule without its request', { ...VALID.internal, schedule: without(SCHEDULE, 'request') }],
  ['internal', 'negative failed runs', { ...VALID.internal, schedule: { ...SCHEDULE, runAttempts: -1 } }],
  ['internal', 'a day that is not one', { ...VALID.internal, paymentDate: '7.12.2026' }],
  ['exchange', 'an amount that is not decimal text', { ...VALID.exchange, counterAmount: '1e3' }],
  ['crypto_conversion', 'two sides sold', { ...VALID.crypto_conversion, fromAccountId: ID[1] }],
  ['crypto_conversion', 'no side bought', without(VALID.crypto_conversion, 'toAccountId')],
  ['deposit', 'both ways at once', { ...VALID.deposit, fromAccountId: ID[1] }],
  ['card', 'a payment without its hold', without(VALID.card, 'holdId')],
  ['card', 'a refund with a hold', { ...without(VALID.card, 'fromAccountId'), toAccountId: ID[1] }],
  ['card', 'both ways at once', { ...VALID.card, toAccountId: ID[0] }],
  ['card', "the merchant's amount without its rate", without(VALID.card, 'rate')],
  ['card', 'a category code that is not four digits', { ...VALID.card, mcc: '58121' }],
  ['fee', 'an identifier that is not one', { ...VALID.fee, fromAccountId: 'account-1' }],
];

async function databaseAccepts(kind: string, details: unknown): Promise<boolean> {
  const { rows } = await sql<{ valid: boolean }>`select operation_details_valid(${kind}, ${JSON.stringify(details)}::jsonb) as valid`.execute(handle.db);
  return rows[0]!.valid;
}

describe('the details of each kind of operation', () => {
  it('as the bank writes them, pass the server’s schema and the database’s check', async () => {
    for (const kind of Object.keys(VALID) as TransferKind[]) {
      expect(OPERATION_DETAILS[kind].safeParse(VALID[kind]).success, kind).toBe(true);
      expect(await databaseAccepts(kind, VALID[kind]), kind).toBe(true);
    }
  });

  it('got wrong in any way, are refused by both', async () => {
    const cases = [
      ...(Object.keys(VALID) as TransferKind[]).flatMap((kind) => invalidOf(kind).map(([what, details]) => [kind, what, details] as const)),
      ...EXTRA_INVALID,
    ];
    for (const [kind, what, details] of cases) {
      expect(OPERATION_DETAILS[kind].safeParse(details).success, `${kind} ${what}`).toBe(false);
      expect(await databaseAccepts(kind, details), `${kind} ${what}`).toBe(false);
    }
    expect(await databaseAccepts('card_payment', {})).toBe(false);
    expect(await databaseAccepts('internal', [])).toBe(false);
  });
});
