import { randomBytes } from 'node:crypto';
import { VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH, type StatementLanguage } from '@bank/contracts';
import type { Db } from '../../db';

/** A new verification code: 60 random bits as "XXXX-XXXX-XXXX" (32 letters: each byte's low 5 bits, no bias). */
export function newVerificationCode(): string {
  const characters = [...randomBytes(VERIFICATION_CODE_LENGTH)].map((byte) => VERIFICATION_CODE_ALPHABET[byte & 31]).join('');
  return `${characters.slice(0, 4)}-${characters.slice(4, 8)}-${characters.slice(8)}`;
}

/**
 * The holder's name as a verifier may see it: enough to match the statement in hand, too little to
 * learn a stranger's name from a guessed code. The first word keeps two letters, the last word its
 * initial, any middle word is dropped: "Anna Petrova" → "An*** P.", "Анна Петрова" → "Ан*** П.",
 * "Northwind Trading Ltd" → "No*** L.".
 */
export function maskHolderName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const masked = `${[...first].slice(0, 2).join('')}***`;
  if (words.length < 2) return masked;
  return `${masked} ${[...words[words.length - 1]!][0]}.`;
}

/** The period's balances and turnovers as the statement states them. */
export interface StatedBalances {
  openingBalance: string;
  creditTurnover: string;
  debitTurnover: string;
  closingBalance: string;
}

/** What is known of a statement before its first page: all it shows except its rows. */
export interface IssuedStatementStart {
  code: string;
  clientId: string;
  accountNumber: string;
  holderMasked: string;
  currency: string;
  period: { firstDay: string | null; lastDay: string | null };
  issuedAt: Date;
  language: StatementLanguage;
  balances: StatedBalances;
}

/** What is known of a statement after its last byte went out. */
export interface IssuedStatementEnd {
  rowCount: number;
  /** Hex SHA-256 of the canonical content. */
  digest: string;
  /** Base64 Ed25519 signature of the signed record (signedRecord). */
  signature: string;
  keyId: string;
  /** Hex SHA-256 of the file's bytes. */
  fileSha256: string;
}

export async function recordStatementStart(db: Db, start: IssuedStatementStart): Promise<void> {
  await db
    .insertInto('statement_signatures')
    .values({
      code: start.code,
      client_id: start.clientId,
      account_number: start.accountNumber,
      holder_name_masked: start.holderMasked,
      currency: start.currency,
      period_first_day: start.period.firstDay,
      period_last_day: start.period.lastDay,
      issued_at: start.issuedAt,
      language: start.language,
      opening_balance: start.balances.openingBalance,
      credit_turnover: start.balances.creditTurnover,
      debit_turnover: start.balances.debitTurnover,
      closing_balance: start.balances.closingBalance,
    })
    .execute();
}

/** Completes a statement's record: only now may it verify as genuine. */
export async function recordStatementEnd(db: Db, code: string, end: IssuedStatementEnd): Promise<void> {
  await db
    .updateTable('statement_signatures')
    .set({
      row_count: end.rowCount,
      digest: end.digest,
      signature: end.signature,
      key_id: end.keyId,
      file_sha256: end.fileSha256,
      completed_at: new Date(),
    })
    .where('code', '=', code)
    .where('completed_at', 'is', null)
    .execute();
}

const COLUMNS = [
  'code', 'account_number', 'holder_name_masked', 'currency', 'period_first_day', 'period_last_day', 'issued_at', 'language',
  'opening_balance', 'credit_turnover', 'debit_turnover', 'closing_balance', 'row_count', 'digest', 'signature', 'key_id', 'file_sha256',
] as const;

export type StatementSignatureRow = Awaited<ReturnType<typeof findStatementByCode>>;

export function findStatementByCode(db: Db, code: string) {
  return db.selectFrom('statement_signatures').select(COLUMNS).where('code', '=', code).executeTakeFirst();
}

export function findStatementByFile(db: Db, fileSha256: string) {
  return db.selectFrom('statement_signatures').select(COLUMNS).where('file_sha256', '=', fileSha256).executeTakeFirst();
}

/** Version of the signed record's layout: a change of layout is a new version. */
export const SIGNED_RECORD_VERSION = 'meridian-bank-statement-record/1';

/** Everything the bank vouches for about a statement: what /verify shows and what the file is. */
export interface SignedRecordFacts {
  code: string;
  accountNumber: string;
  currency: string;
  holderMasked: string;
  period: { firstDay: string | null; lastDay: string | null };
  issuedAt: Date;
  balances: StatedBalances;
  rowCount: number;
  digest: string;
  fileSha256: string;
  keyId: string;
}

/**
 * The text the bank signs for a statement: every fact a verifier is shown (holder, account, period,
 * balances, issue time, number of rows), the digest of the rows and the hash of the file, as one
 * line of JSON in a fixed order. Signing them together means no stored fact can change without the
 * signature failing, and anyone holding the record and the public key can check it offline.
 */
export function signedRecord(facts: SignedRecordFacts): string {
  return JSON.stringify([
    SIGNED_RECORD_VERSION,
    facts.code,
    facts.accountNumber,
    facts.currency,
    facts.holderMasked,
    facts.period.firstDay,
    facts.period.lastDay,
    facts.issuedAt.toISOString(),
    facts.balances.openingBalance,
    facts.balances.creditTurnover,
    facts.balances.debitTurnover,
    facts.balances.closingBalance,
    facts.rowCount,
    facts.digest,
    facts.fileSha256,
    facts.keyId,
  ]);
}
