import {
  decimalToMinor,
  formatMinor,
  isCurrency,
  PAYMENT_REGIONS,
  TEMPLATES_MAX,
  TRANSACTION_TYPES,
  type PaymentRegion,
  type TemplatesQuery,
  type TransactionType,
  type TransferTemplate,
} from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { containsPattern } from './repository';

/**
 * Saved templates (SPEC §3 `templates`, filtered by `filtersTemplates`). A client saves a transfer
 * as a template by giving it a templateName in the transfer form; the transfers module stores the
 * name on the transfer's rows. The template is the latest outgoing transfer under that name, so
 * the template list is read from those rows and there is no second copy to keep in step.
 */
export async function listTemplates(db: Db, clientId: string, filters: TemplatesQuery): Promise<TransferTemplate[]> {
  const conditions = [
    sql`t.client_id = ${clientId}`,
    sql`t.template_name is not null`,
    sql`t.direction = 'OUT'`,
    ...(filters.accountNumber ? [sql`t.from_account = ${filters.accountNumber}`] : []),
    ...(filters.recipient
      ? [sql`(t.to_account ilike ${containsPattern(filters.recipient)} or t.recipient ilike ${containsPattern(filters.recipient)})`]
      : []),
    ...(filters.templateName ? [sql`t.template_name ilike ${containsPattern(filters.templateName)}`] : []),
  ];
  const { rows } = await sql<{
    template_name: string;
    from_account: string;
    currency: string;
    to_account: string;
    recipient: string;
    amount: string;
    transaction_type: string;
    payment_region: string | null;
    purpose: string | null;
    created_at: Date;
    uses: string;
  }>`
    select template_name, from_account, currency, to_account, recipient, amount, transaction_type, payment_region, purpose,
      created_at, uses::text as uses
    from (
      select distinct on (t.template_name) t.*, count(*) over (partition by t.template_name) as uses
      from transactions t
      where ${sql.join(conditions, sql` and `)}
      order by t.template_name, t.created_at desc, t.id desc
    ) latest
    order by created_at desc, template_name
    limit ${TEMPLATES_MAX}`.execute(db);
  return rows.map((row) => {
    if (!isCurrency(row.currency)) throw new Error(`Unknown currency ${row.currency} in transactions`);
    return {
      templateName: row.template_name,
      accountNumber: row.from_account,
      currency: row.currency,
      toAccount: row.to_account,
      recipient: row.recipient,
      amount: formatMinor(decimalToMinor(row.amount, row.currency), row.currency),
      type: row.transaction_type as TransactionType,
      paymentRegion: (PAYMENT_REGIONS as readonly string[]).includes(row.payment_region ?? '') ? (row.payment_region as PaymentRegion) : null,
      purpose: row.purpose,
      lastUsed: Math.floor(new Date(row.created_at).getTime() / 1000),
      uses: Number(row.uses),
    };
  }).filter((template) => (TRANSACTION_TYPES as readonly string[]).includes(template.type));
}
