import { sql } from 'kysely';
import type { FiatCurrency } from '@bank/contracts';
import type { Db } from '../../apps/server/src/db';
import { openAccount, type ClientAccount } from '../../apps/server/src/modules/accounts';
import { bankAccountId, postEntries } from '../../apps/server/src/modules/ledger';

/**
 * `count` identified clients, each with one account opened by the accounts service and funded from
 * outside the bank through the ledger (clearing → client), in the clients' order.
 */
export async function openBenchAccounts(
  db: Db,
  options: { count: number; workers: number; currency: FiatCurrency; openingMinor: bigint },
): Promise<ClientAccount[]> {
  await sql`
    insert into clients (email, phone, password_hash, kyc_status, email_verified, first_name, last_name)
    select 'bench-' || n || '@bench.example', '+1999' || lpad(n::text, 7, '0'), 'bench-client-has-no-password', 'Approved', true, 'Bench', 'Client ' || n
    from generate_series(1, ${options.count}) as n`.execute(db);
  const clients = await db.selectFrom('clients').select('id').where('email', 'like', 'bench-%@bench.example').orderBy('email').execute();
  return openFundedAccounts(db, clients.map((client) => client.id), options);
}

/**
 * An account in `currency` for each of these clients (who hold none in it yet), opened by the
 * accounts service and funded from outside the bank through the ledger (clearing → client), in
 * their order.
 */
export async function openFundedAccounts(
  db: Db,
  clientIds: readonly string[],
  options: { workers: number; currency: FiatCurrency; openingMinor: bigint },
): Promise<ClientAccount[]> {
  const accounts: ClientAccount[] = new Array(clientIds.length);
  await inParallel(clientIds.length, options.workers, async (index) => {
    accounts[index] = await db.transaction().execute((trx) => openAccount(trx, clientIds[index]!, options.currency));
  });
  const clearing = await bankAccountId(db, 'clearing', options.currency);
  for (let start = 0; start < accounts.length; start += 1_000) {
    await db.transaction().execute((trx) =>
      postEntries(
        trx,
        accounts.slice(start, start + 1_000).map((account) => ({
          kind: 'incoming_payment' as const,
          postings: [
            { accountId: clearing, currency: options.currency, amountMinor: -options.openingMinor },
            { accountId: account.ledgerAccountId, currency: options.currency, amountMinor: options.openingMinor },
          ],
        })),
      ),
    );
  }
  return accounts;
}

/** Runs `work` for every index below `count`, `workers` at a time. */
export async function inParallel(count: number, workers: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let index = next++; index < count; index = next++) await work(index);
    }),
  );
}
