import type { Readable } from 'node:stream';
import type { StatementFormat, StatementQuery } from '@bank/contracts';
import type { AppDeps } from '../../deps';
import { CAMT053_CONTENT_TYPE, statementCamt053 } from './camt053';
import { statementCsv } from './csv';
import { MT940_CONTENT_TYPE, statementMt940 } from './mt940';
import { statementPdf } from './pdf';

/** A statement file ready to stream: its bytes, its name and its media type. */
export interface StatementFile {
  stream: Readable;
  filename: string;
  contentType: string;
}

export type StatementFileFormat = Exclude<StatementFormat, 'json'>;

/** Makes the file of one format for the signed-in client (only their own accounts, ever). */
type StatementFileWriter = (deps: AppDeps, clientId: string, query: StatementQuery, now: Date) => Promise<StatementFile>;

/**
 * Every downloadable format of GET /api/statement: the product's CSV, the signed PDF, and the bank formats.
 * The route streams whatever the writer answers.
 */
export const STATEMENT_FILE_WRITERS: Record<StatementFileFormat, StatementFileWriter> = {
  csv: async (deps, clientId, query, now) => ({ ...(await statementCsv(deps.db, clientId, query, now)), contentType: 'text/csv; charset=utf-8' }),
  pdf: statementPdf,
  camt053: async (deps, clientId, query, now) => ({ ...(await statementCamt053(deps.db, clientId, query, now)), contentType: CAMT053_CONTENT_TYPE }),
  mt940: async (deps, clientId, query, now) => ({ ...(await statementMt940(deps.db, clientId, query, now)), contentType: MT940_CONTENT_TYPE }),
};
