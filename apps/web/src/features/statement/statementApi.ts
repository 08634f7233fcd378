// Contracts are imported by file so this chunk carries only the statement's types, not every schema.
import type { StatementFormat } from '@bank/contracts/statement/statement-query';
import type { StatementPage } from '@bank/contracts/statement/statement-row';
import type { TransferTemplate } from '@bank/contracts/statement/templates';
import { apiDownload, apiRequest } from '../../lib/api';
import type { TemplateFilters, TransactionFilters } from './transactionsSlice';

/** The formats GET /api/statement answers as a file. */
export type StatementFileFormat = Exclude<StatementFormat, 'json'>;

/** docs/product.md#tariffs-and-limits: eight rows a page. */
export const PAGE_SIZE = 8;
/** Rows fetched for the printed statement, in pages of the API's largest size. */
export const PRINT_MAX_ROWS = 1000;
const PRINT_BATCH = 100;

let timeZone: string | undefined;

/** The client's IANA time zone: presets and dates are days of the client's own calendar. */
export function clientTimeZone(): string {
  // Asked of Intl once: each formatter made to ask costs a few milliseconds on a phone.
  timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return timeZone;
}

/**
 * Asks for the client's time zone while the page is idle, ahead of the first read that sends it
 * (the balance charts'): the first date formatter a page makes loads ICU's time zone data, a task
 * of about 100 ms on a slow phone, better run between the cabinet's tasks than inside one of them.
 */
export function resolveClientTimeZoneWhenIdle(): void {
  if (timeZone !== undefined) return;
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void clientTimeZone(), { timeout: 2_000 });
  else setTimeout(() => void clientTimeZone(), 0);
}

/** The filters as GET /api/statement reads them (a preset wins over custom dates, as on the server). */
export function statementQuery(filters: TransactionFilters): Record<string, string | undefined> {
  return {
    accountNumber: filters.accountNumber || undefined,
    period: filters.period || undefined,
    from: filters.period ? undefined : filters.from || undefined,
    to: filters.period ? undefined : filters.to || undefined,
    purpose: filters.purpose.trim() || undefined,
    recipient: filters.recipient.trim() || undefined,
    amount: filters.amount.trim().replace(',', '.') || undefined,
    incoming: filters.incoming ? 'true' : undefined,
    outgoing: filters.outgoing ? 'true' : undefined,
    currency: filters.currency || undefined,
    type: filters.selectedType || undefined,
    templateName: filters.templateName || undefined,
    paymentRegion: filters.paymentRegion || undefined,
    timeZone: clientTimeZone(),
  };
}

export interface PageRequest {
  page: number;
  /** The cursor of the page on screen: the server seeks from it by keyset. */
  cursor: string | null;
  limit?: number;
}

export function fetchStatementPage(token: string | null, filters: TransactionFilters, request: PageRequest, signal?: AbortSignal): Promise<StatementPage> {
  return apiRequest<StatementPage>('GET', 'statement', {
    token,
    signal,
    query: { ...statementQuery(filters), page: request.page, cursor: request.cursor ?? undefined, limit: request.limit ?? PAGE_SIZE },
  });
}

/** Every row of the filters for the printed statement, up to PRINT_MAX_ROWS; `complete` says whether that was all. */
export async function fetchRowsForPrint(token: string | null, filters: TransactionFilters): Promise<{ page: StatementPage; rows: StatementPage['rows']; complete: boolean }> {
  let page = await fetchStatementPage(token, filters, { page: 1, cursor: null, limit: PRINT_BATCH });
  const first = page;
  const rows = [...page.rows];
  while (rows.length < PRINT_MAX_ROWS && page.rows.length === PRINT_BATCH) {
    page = await fetchStatementPage(token, filters, { page: page.page + 1, cursor: page.cursor, limit: PRINT_BATCH });
    rows.push(...page.rows);
  }
  return { page: first, rows, complete: page.rows.length < PRINT_BATCH };
}

/**
 * A file of every row of the filters, streamed by the server and saved through a Blob download:
 * The product's CSV, or (for one account) the signed PDF, camt.053 or MT940.
 */
export async function downloadStatementFile(
  token: string | null,
  filters: TransactionFilters,
  language: 'en' | 'ru',
  format: StatementFileFormat,
): Promise<void> {
  const { blob, filename } = await apiDownload('statement', { token, query: { ...statementQuery(filters), format, lang: language } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? `statement.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the Blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function fetchTemplates(token: string | null, filters: TemplateFilters): Promise<TransferTemplate[]> {
  return apiRequest<TransferTemplate[]>('GET', 'statement/templates', {
    token,
    query: { accountNumber: filters.accountNumber || undefined, recipient: filters.recipient.trim() || undefined, templateName: filters.templateName.trim() || undefined },
  });
}
