import type { Readable } from 'node:stream';
import {
  balanceHistoryQuerySchema,
  statementQuerySchema,
  templatesQuerySchema,
  type StatementQueryInput,
} from '@bank/contracts';
import { APPROVAL_STATUSES } from '@bank/contracts/backoffice/approvals';
import { cryptoTransactionsQuerySchema } from '@bank/contracts/crypto/crypto-transactions';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { listAccounts } from '../../modules/accounts';
import { listApprovals } from '../../modules/approvals';
import { approvalRegistry } from '../../wiring/approval-kinds';
import { listCryptoTransactions, listWallets } from '../../modules/crypto';
import { listScheduledTransfers } from '../../modules/standing-orders';
import { readBalanceHistory, statementCamt053, statementCsv, statementMt940, readStatementPage, listTemplates } from '../../modules/statement';
import { getPaymentReview, listPaymentsQueue } from '../../modules/transfers';
import { listTransactionRecords } from '../../modules/operations';

/**
 * What the bank answers about the history of operations, read through the same functions its API
 * calls: for every client, the statement (JSON pages, CSV, camt.053 and MT940 of every account, with
 * some of its filters), the transaction list, the crypto list, the saved templates, the scheduled
 * transfers and the balances of every account and wallet; for the back office, the payments queue,
 * the review of every transfer a client sees (with who approved it), and every proposal of the
 * approvals queue; and every ledger account's balances.
 *
 * These answers are the same whatever tables hold the history: they are recorded from a database
 * and compared with the answers of the same database after its tables are rebuilt. Only what a
 * statement file draws at random when it is written (its message reference) is not history, and is
 * blanked.
 */
export interface RecordedAnswers {
  now: string;
  clients: Record<string, unknown>;
  backoffice: unknown;
  ledger: unknown;
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** A camt.053 message's MsgId and an MT940 message's transaction reference are drawn at random when written. */
const withoutRandomReferences = (file: string) =>
  file.replace(/<MsgId>[^<]*<\/MsgId>/g, '<MsgId>-</MsgId>').replace(/^:20:.*$/gm, ':20:-');

/** An answer, or how the call ended without one (a 404 is an answer too, and so is a refusal to write a file). */
async function answerOf<T>(call: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) return { error: error.code };
    if (error instanceof Error) return { error: error.message };
    throw error;
  }
}

/** A statement file's text, as the client downloads it. */
const file = (write: () => Promise<{ stream: Readable }>) => answerOf(async () => withoutRandomReferences(await text((await write()).stream)));

/** Every page of a JSON statement, each reached from the one before by its cursor. */
async function statementPages(db: Db, clientId: string, input: StatementQueryInput, now: Date): Promise<unknown[]> {
  const pages: unknown[] = [];
  let page = await readStatementPage(db, clientId, statementQuerySchema.parse(input), now);
  pages.push(page);
  for (let next = 2; next <= page.totalPages && page.cursor; next += 1) {
    page = await readStatementPage(db, clientId, statementQuerySchema.parse({ ...input, page: String(next), cursor: page.cursor }), now);
    pages.push(page);
  }
  return pages;
}

async function clientAnswers(db: Db, clientId: string, now: Date): Promise<Record<string, unknown>> {
  const accounts = await listAccounts(db, clientId);
  const templates = await listTemplates(db, clientId, templatesQuerySchema.parse({}));
  const statements: Record<string, unknown> = {
    all: await statementPages(db, clientId, { limit: '100' }, now),
    outgoing: await statementPages(db, clientId, { limit: '100', outgoing: 'true' }, now),
    swift: await statementPages(db, clientId, { limit: '100', paymentRegion: 'SWIFT' }, now),
    sepa: await statementPages(db, clientId, { limit: '100', paymentRegion: 'SEPA' }, now),
    purpose: await statementPages(db, clientId, { limit: '100', purpose: 'e' }, now),
    exchange: await statementPages(db, clientId, { limit: '100', type: 'Exchange' }, now),
    csv: await file(() => statementCsv(db, clientId, statementQuerySchema.parse({ format: 'csv' }), now)),
    csvRu: await file(() => statementCsv(db, clientId, statementQuerySchema.parse({ format: 'csv', lang: 'ru', timeZone: 'Europe/Moscow' }), now)),
  };
  if (templates[0]) statements.template = await statementPages(db, clientId, { limit: '100', templateName: templates[0].templateName }, now);
  for (const account of accounts) {
    const one = { accountNumber: account.number };
    statements[account.number] = {
      pages: await statementPages(db, clientId, { ...one, limit: '3' }, now),
      csv: await file(() => statementCsv(db, clientId, statementQuerySchema.parse({ ...one, format: 'csv' }), now)),
      camt053: await file(() => statementCamt053(db, clientId, statementQuerySchema.parse({ ...one, format: 'camt053' }), now)),
      mt940: await file(() => statementMt940(db, clientId, statementQuerySchema.parse({ ...one, format: 'mt940' }), now)),
      camt053Berlin: await file(() => statementCamt053(db, clientId, statementQuerySchema.parse({ ...one, format: 'camt053', timeZone: 'Europe/Berlin' }), now)),
      mt940Moscow: await file(() => statementMt940(db, clientId, statementQuerySchema.parse({ ...one, format: 'mt940', timeZone: 'Europe/Moscow' }), now)),
    };
  }
  const crypto = (input: Record<string, string>) => listCryptoTransactions(db, clientId, cryptoTransactionsQuerySchema.parse({ limit: '100', ...input }), now);
  return {
    accounts,
    wallets: await listWallets(db, clientId),
    transactions: await listTransactionRecords(db, clientId, { limit: 500 }),
    crypto: { all: await crypto({}), pending: await crypto({ status: 'New' }), approved: await crypto({ status: 'Approved' }), denied: await crypto({ status: 'Denied' }) },
    templates,
    scheduled: await listScheduledTransfers(db, clientId),
    balanceHistory: await readBalanceHistory(db, clientId, balanceHistoryQuerySchema.parse({ days: '90' }), now),
    statements,
  };
}

/** Every page of a back-office list. */
async function allPages<T>(read: (page: number) => Promise<{ items: T[]; pageSize: number; total: number }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await read(page);
    items.push(...answer.items);
    if (page * answer.pageSize >= answer.total) return items;
  }
}

export async function recordAnswers(db: Db, now: Date): Promise<RecordedAnswers> {
  const { rows: clientIds } = await sql<{ id: string }>`select id::text as id from clients order by id`.execute(db);
  const clients: Record<string, unknown> = {};
  const numbers = new Set<string>();
  for (const { id } of clientIds) {
    const answers = await clientAnswers(db, id, now);
    clients[id] = answers;
    for (const row of answers.transactions as Array<{ transactionNumber: string }>) numbers.add(row.transactionNumber);
    for (const row of (answers.crypto as { all: { items: Array<{ transactionNumber: string }> } }).all.items) numbers.add(row.transactionNumber);
  }
  // Whoever may see every kind of proposal: the approvals queue as a whole.
  const viewer = { id: '00000000-0000-0000-0000-000000000000', roles: ['compliance', 'payments', 'admin'] as const };
  const approvals: Record<string, unknown> = {};
  for (const status of APPROVAL_STATUSES) {
    approvals[status] = await allPages((page) => listApprovals(db, approvalRegistry, { id: viewer.id, roles: [...viewer.roles] }, { status, page }));
  }
  const reviews: Record<string, unknown> = {};
  for (const number of [...numbers].sort()) reviews[number] = await answerOf(() => getPaymentReview(db, number));
  const { rows: ledger } = await sql`
    select id::text as id, kind, currency, booked::text as booked, available::text as available from ledger_accounts order by id`.execute(db);
  return {
    now: now.toISOString(),
    clients,
    backoffice: {
      payments: await allPages((page) => listPaymentsQueue(db, { page })),
      processing: await allPages((page) => listPaymentsQueue(db, { status: 'Processing', page })),
      reviews,
      approvals,
    },
    ledger,
  };
}
