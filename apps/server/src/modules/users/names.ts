import type { Selectable } from 'kysely';
import type { IdentityTables } from '../auth';

type ClientRow = Selectable<IdentityTables['clients']>;

/** A client's name as the back office shows it: the company's, else the person's. */
export function clientNameOf(row: Pick<ClientRow, 'first_name' | 'last_name' | 'company_name'>): string {
  return row.company_name || [row.first_name, row.last_name].filter(Boolean).join(' ');
}

/** A client's name where a list must always show something: the e-mail stands in for a client without a name yet. */
export function clientDisplayName(row: Pick<ClientRow, 'first_name' | 'last_name' | 'company_name' | 'email'>): string {
  return clientNameOf(row) || row.email;
}
