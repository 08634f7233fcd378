import { createHash, verify } from 'node:crypto';
import { normalizeVerificationCode, type IssuedStatement, type StatementVerification } from '@bank/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { findStatementByCode, findStatementByFile, signedRecord, type StatementSignatureRow } from './signatures';
import { statementVerifyingKeys } from './signing-key';

/**
 * Where a statement file names its code: the Keywords of its document information, which pdfkit
 * writes as plain text outside the compressed page streams (pdf-layout.ts).
 */
const CODE_IN_FILE = /statement-verification-code:([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/;

function issuedOf(row: NonNullable<StatementSignatureRow>): IssuedStatement | null {
  if (!row.digest || !row.signature || !row.key_id || !row.file_sha256 || row.row_count === null) return null;
  const period = { firstDay: row.period_first_day, lastDay: row.period_last_day };
  const balances = {
    openingBalance: row.opening_balance,
    creditTurnover: row.credit_turnover,
    debitTurnover: row.debit_turnover,
    closingBalance: row.closing_balance,
  };
  const record = signedRecord({
    code: row.code,
    accountNumber: row.account_number,
    currency: row.currency,
    holderMasked: row.holder_name_masked,
    period,
    issuedAt: new Date(row.issued_at),
    balances,
    rowCount: row.row_count,
    digest: row.digest,
    fileSha256: row.file_sha256,
    keyId: row.key_id,
  });
  return {
    code: row.code,
    holderMasked: row.holder_name_masked,
    accountNumber: row.account_number,
    currency: row.currency as IssuedStatement['currency'],
    period,
    issuedAt: new Date(row.issued_at).toISOString(),
    ...balances,
    rowCount: row.row_count,
    language: row.language,
    digest: row.digest,
    fileSha256: row.file_sha256,
    signedRecord: record,
    signature: row.signature,
    keyId: row.key_id,
  };
}

/**
 * A recorded statement judged: genuine only when it was completed and its stored signature still
 * verifies, over its signed record rebuilt from what is stored, with the published key its record
 * names: the signing key or an earlier one (STATEMENT_SIGNING_KEYS_PREVIOUS). A fact changed in the
 * database, or a record of a key no longer published, is not genuine.
 */
async function judge(config: Config, row: StatementSignatureRow): Promise<StatementVerification> {
  if (!row) return { genuine: false, reason: 'unknown' };
  const statement = issuedOf(row);
  if (!statement) return { genuine: false, reason: 'incomplete' };
  const key = (await statementVerifyingKeys(config)).find((published) => published.keyId === statement.keyId);
  const valid = key !== undefined && verify(null, Buffer.from(statement.signedRecord, 'utf8'), key.publicKey, Buffer.from(statement.signature, 'base64'));
  return valid ? { genuine: true, statement } : { genuine: false, reason: 'signature', statement };
}

/** GET /api/statement/verify/:code: what the bank issued under a code, and whether it is genuine. */
export async function verifyStatementCode(db: Db, config: Config, code: string): Promise<StatementVerification> {
  return judge(config, await findStatementByCode(db, code));
}

/**
 * POST /api/statement/verify: a file is genuine when its bytes are exactly those of a statement the
 * bank issued. A file that names a known code but whose bytes differ has been altered.
 */
export async function verifyStatementFile(db: Db, config: Config, file: Buffer): Promise<StatementVerification> {
  const fileSha256 = createHash('sha256').update(file).digest('hex');
  const issued = await findStatementByFile(db, fileSha256);
  if (issued) return judge(config, issued);
  const named = CODE_IN_FILE.exec(file.toString('latin1'))?.[1];
  const code = named ? normalizeVerificationCode(named) : null;
  const row = code ? await findStatementByCode(db, code) : undefined;
  if (!row) return { genuine: false, reason: 'unknown' };
  const statement = issuedOf(row);
  return statement ? { genuine: false, reason: 'altered', statement } : { genuine: false, reason: 'incomplete' };
}
