import type { Db } from '../../db';

/**
 * The statement's own reads besides the rows: the client's accounts. The rows themselves are read
 * through the transfers module's read model (transfers/transaction-rows.ts), which owns the table.
 */
export interface ClientAccountRow {
  id: string;
  number: string;
  currency: string;
  ledger_account_id: string;
  created_at: Date;
}

/** The client's own accounts, oldest first. */
export async function clientAccounts(db: Db, clientId: string): Promise<ClientAccountRow[]> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'number', 'currency', 'ledger_account_id', 'created_at'])
    .where('client_id', '=', clientId)
    .orderBy('created_at')
    .orderBy('number')
    .execute();
  return rows.map((row) => ({ ...row, ledger_account_id: String(row.ledger_account_id) }));
}
