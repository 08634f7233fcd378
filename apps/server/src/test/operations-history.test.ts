// Proves migration 0093 on a database written before it. The database of the fixture was filled by
// the app of migration 0092 through its own services and API (made by make-fixture.ts of commit ac80a17):
// the demo history, and operations of all eleven kinds in every state the bank gives them, on fiat
// accounts and on wallets, with transfers approved by one operator and by two, and a release
// rejected and proposed again. That app's answers about them were recorded then: every client's
// statement in JSON (every page, through its cursors, with filters), CSV, camt.053 and MT940, the
// transaction and crypto lists, templates, scheduled transfers, the balances of every account and
// wallet and their history, the payments queue with who approved each transfer, the approvals
// queue, and every ledger account's balances.
//
// Here a database migrated only up to 0092 takes those rows; the ledger's balances are read; the
// migrations after 0092 run; every row has moved and the old tables are gone; and the bank answers
// the same, byte for byte, and its ledger is sound. A transfer written afterwards takes the next
// number and statement rows after the moved ones.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cryptoTransactionsQuerySchema } from '@bank/contracts/crypto/crypto-transactions';
import { openDatabase, type Db } from '../db';
import { instantText } from '../db/instant';
import { migrate } from '../db/migrate';
import { createScratchDatabase } from '../db/scratch';
import { recordAnswers, type RecordedAnswers } from './operations-history/answers';
import { loadRows, type DatabaseRows } from './operations-history/fixture';
import { findAccountByNumber, type ClientAccount } from '../modules/accounts';
import { listCryptoTransactions } from '../modules/crypto';
import { findLedgerViolations } from '../modules/ledger';
import { settleInternalTransfers } from '../modules/transfers';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = async <T>(name: string): Promise<T> => JSON.parse(await readFile(path.join(here, 'operations-history', name), 'utf8')) as T;

const count = async (db: Db, table: string) => Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

describe('migration 0093: one history of operations', () => {
  it('moves every operation, statement row, wallet row and approval, and the bank answers as it did before, byte for byte', async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    const scratch = baseUrl ? await createScratchDatabase(baseUrl, 'bank_history') : undefined;
    const handle = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://', poolSize: 2 });
    const { db } = handle;
    try {
      const [rows, expected] = await Promise.all([fixture<DatabaseRows>('rows-0092.json'), fixture<RecordedAnswers>('answers-0092.json')]);
      await migrate(db, undefined, { upTo: 92 });
      await loadRows(db, rows);
      const ledger = sql`select id::text, kind, currency, booked::text, available::text from ledger_accounts order by id`;
      const ledgerBefore = (await ledger.execute(db)).rows;
      const before = {
        transfers: await count(db, 'transfers'),
        transactions: await count(db, 'transactions'),
        walletRows: await count(db, 'wallet_transactions'),
        approvals: await count(db, 'transfer_approvals'),
        proposals: await count(db, 'approvals'),
      };
      expect(before.transfers).toBe(rows.tables.transfers!.length);
      const kinds = new Set((rows.tables.transfers as Array<{ kind: string }>).map((transfer) => transfer.kind));
      expect(kinds.size).toBe(11);

      // The crypto list's cursors the app of 0092 handed out: one after each wallet row, in the list's order.
      const { rows: walletOrder } = await sql<{ client_id: string; id: string; at: string }>`
        select client_id::text as client_id, id::text as id, ${instantText(sql.ref('created_at'))} as at
        from wallet_transactions order by client_id, created_at desc, id desc`.execute(db);

      const applied = await migrate(db);
      expect(applied[0]).toBe('0093_one_history_of_operations.sql');

      expect(await count(db, 'operations')).toBe(before.transfers);
      expect(await count(db, 'statement_rows')).toBe(before.transactions + before.walletRows);
      expect(Number((await sql<{ n: string }>`select count(*)::text as n from statement_rows where wallet_id is not null`.execute(db)).rows[0]!.n)).toBe(before.walletRows);
      expect(await count(db, 'approvals')).toBe(before.proposals + before.approvals);
      const { rows: gone } = await sql<{ name: string | null }>`
        select to_regclass(name)::text as name from unnest(array['transfers', 'transactions', 'wallet_transactions', 'transfer_approvals']) as name`.execute(db);
      expect(gone.map((row) => row.name)).toEqual([null, null, null, null]);
      // The statement rows of accounts keep their ids: a statement page's cursor names them.
      const fiatIds = (rows.tables.transactions as Array<{ id: string }>).map((row) => row.id).sort();
      const { rows: kept } = await sql<{ id: string }>`select id::text as id from statement_rows where account_id is not null order by id::text`.execute(db);
      expect(kept.map((row) => row.id)).toEqual(fiatIds);

      expect((await ledger.execute(db)).rows).toEqual(ledgerBefore);
      const answers = JSON.parse(JSON.stringify(await recordAnswers(db, new Date(expected.now)))) as RecordedAnswers;
      expect(answers.ledger).toEqual(expected.ledger);
      for (const clientId of Object.keys(expected.clients)) expect(answers.clients[clientId], `client ${clientId}`).toEqual(expected.clients[clientId]);
      expect(answers.backoffice).toEqual(expected.backoffice);
      expect(JSON.stringify(answers)).toBe(JSON.stringify(expected));
      expect(await findLedgerViolations(db)).toEqual([]);

      // A cursor of before the migration continues the same list: from its instant, so the rows made at
      // that instant (the one it names among them) come again, then every later one; none is skipped.
      const clientsWithWallets = [...new Set(walletOrder.map((row) => row.client_id))];
      let sharedInstants = 0;
      for (const clientId of clientsWithWallets) {
        const order = walletOrder.filter((row) => row.client_id === clientId);
        const list = (input: Record<string, string>) => listCryptoTransactions(db, clientId, cryptoTransactionsQuerySchema.parse({ limit: '100', ...input }), new Date(expected.now));
        const full = (await list({})).items;
        expect(full).toHaveLength(order.length);
        for (const [index, row] of order.entries()) {
          const cursor = Buffer.from(JSON.stringify([row.at, row.id])).toString('base64url');
          const from = order.findIndex((other) => other.at === row.at);
          if (from < index) sharedInstants += 1;
          expect((await list({ cursor })).items, `${clientId} after row ${index}`).toEqual(full.slice(from));
        }
      }
      expect(sharedInstants).toBeGreaterThan(0);

      // The bank goes on: a transfer after the migration is numbered and listed after the moved ones.
      const { rows: last } = await sql<{ id: string }>`select max(id)::text as id from statement_rows`.execute(db);
      const { rows: pair } = await sql<{ payer: string; payee: string }>`
        select a.number as payer, b.number as payee from accounts a
        join ledger_accounts l on l.id = a.ledger_account_id
        join accounts b on b.currency = a.currency and b.client_id <> a.client_id
        where l.available >= 1 order by a.number, b.number limit 1`.execute(db);
      const [payer, payee] = (await Promise.all([pair[0]!.payer, pair[0]!.payee].map((number) => findAccountByNumber(db, number)))) as [ClientAccount, ClientAccount];
      const [outcome] = await db.transaction().execute((trx) => settleInternalTransfers(trx, [{ clientId: payer.clientId, from: payer, to: payee, amountMinor: 1n }]));
      expect(outcome).toMatchObject({ ok: true });
      const lastNumber = Math.max(...(rows.tables.transfers as Array<{ transaction_number: string }>).map((transfer) => Number(transfer.transaction_number)));
      expect(outcome!.ok && Number(outcome!.transactionNumber)).toBe(lastNumber + 1);
      const { rows: newest } = await sql<{ newest: string }>`select min(id)::text as newest from statement_rows where operation_id = ${outcome!.ok ? outcome!.transferId : ''}::uuid`.execute(db);
      expect(BigInt(newest[0]!.newest)).toBeGreaterThan(BigInt(last[0]!.id));
      expect(await findLedgerViolations(db)).toEqual([]);
    } finally {
      await handle.close();
      await scratch?.drop();
    }
  }, 120_000);
});
