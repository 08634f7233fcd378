import type { ResolvedPeriod, StatementAccountSummary, StatementFilters, StatementQuery, StatementRow } from '@bank/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { transactionRowBatches, type TransactionFilter } from '../operations';
import { toStatementRows } from './rows';
import { resolveScope, summarizeAccounts, type StatementScope } from './service';

/** Rows read per keyset query while writing a statement file: the memory held at once. */
export const DOCUMENT_BATCH_ROWS = 1000;

/** The filters of the screen that a statement of an account ignores (each is listed, so a new filter is decided on here). */
const ROW_FILTERS_OFF: Record<keyof Omit<StatementFilters, 'accountNumber' | 'period' | 'from' | 'to' | 'timeZone'>, undefined> = {
  purpose: undefined,
  recipient: undefined,
  amount: undefined,
  incoming: undefined,
  outgoing: undefined,
  currency: undefined,
  type: undefined,
  templateName: undefined,
  paymentRegion: undefined,
};

/** Who the statement is of: the holder as the bank knows them. */
export interface StatementHolder {
  clientNumber: string;
  /** The person's first and last name, or the company's name. */
  name: string;
  address: string | null;
}

/**
 * A statement of one account over a period, as the files other than CSV carry it (PDF, camt.053,
 * MT940): the holder, the account, the period, its balances and turnovers from the ledger, and the
 * rows, oldest first, read in batches as the writer asks for them (memory stays flat whatever the
 * number of rows).
 *
 * It is always the whole statement of the account: the screen's row filters (purpose, recipient,
 * amount, direction, type, template, region) do not apply. A statement handed to a third party, or
 * read by accounting software, must show every movement between its opening and closing balances;
 * one with some rows left out would still carry the account's balances and mislead. And it ends at
 * the instant it is issued: rows booked while a long file is written belong to the next statement,
 * so the rows always add up to the balances read at the start.
 */
export interface StatementDocument {
  holder: StatementHolder;
  summary: StatementAccountSummary;
  period: ResolvedPeriod;
  /** When the statement was made: the instant its balances were read at. */
  issuedAt: Date;
  query: StatementQuery;
  /** Which rows the statement holds: the account's, over the period, up to the issue. */
  rowScope: TransactionFilter;
  /** The rows, oldest first, a batch at a time. */
  batches(batchRows?: number): AsyncGenerator<StatementRow[]>;
}

export async function openStatementDocument(db: Db, clientId: string, requested: StatementQuery, now: Date): Promise<StatementDocument> {
  if (!requested.accountNumber) throw new AppError('VALIDATION_FAILED', { fields: { accountNumber: 'validation.accountNumber.required' } });
  const query: StatementQuery = { ...requested, ...ROW_FILTERS_OFF };
  const resolved = await resolveScope(db, clientId, query, now);
  const end = resolved.period.end && resolved.period.end < now ? resolved.period.end : now;
  const scope: StatementScope = { ...resolved, period: { ...resolved.period, end }, rows: { ...resolved.rows, end } };
  const [summary] = await summarizeAccounts(db, scope);
  const client = await db
    .selectFrom('clients')
    .select(['client_number', 'first_name', 'last_name', 'company_name', 'address', 'city', 'post_code', 'country', 'email'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const personal = [client.first_name, client.last_name].filter(Boolean).join(' ');
  const address = [client.address, client.city, client.post_code, client.country].filter(Boolean).join(', ');
  const accountNumber = requested.accountNumber;
  return {
    holder: { clientNumber: client.client_number, name: client.company_name || personal || client.email, address: address || null },
    summary: summary!,
    period: scope.period,
    issuedAt: now,
    query,
    rowScope: scope.rows,
    async *batches(batchRows = DOCUMENT_BATCH_ROWS) {
      for await (const rows of transactionRowBatches(db, scope.rows, 'newer', batchRows)) yield await toStatementRows(db, rows, () => accountNumber);
    },
  };
}
