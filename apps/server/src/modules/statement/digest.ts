import { createHash, type Hash } from 'node:crypto';
import type { StatementAccountSummary, StatementRow } from '@bank/contracts';

/** Names the serialisation below; a change of it is a new tag, so old digests keep their meaning. */
export const STATEMENT_DIGEST_VERSION = 'meridian-statement-v1';

/** What a signed statement says besides its rows. */
export interface StatementDigestHeader {
  code: string;
  holderMasked: string;
  summary: StatementAccountSummary;
  period: { firstDay: string | null; lastDay: string | null };
  issuedAt: Date;
}

/**
 * The canonical digest of a statement's content: SHA-256 over lines of JSON arrays (one value per
 * position, so no two statements serialise alike), each ending in a line feed:
 * the version tag, code, holder (masked), account, currency, first and last day, issue time (ISO),
 * then the four balances; then each row as it is written, oldest first: transfer number, date (unix
 * seconds), sender, sender's name, recipient, recipient's name, type, purpose, amount, fee,
 * currency, direction, status, opening balance, credit turnover, debit turnover, balance; then
 * ["end", number of rows]. The rows are hashed as they stream: the statement is never held whole.
 * The layout of the PDF is not in it: the digest is of what the statement says, not how it looks.
 */
export class StatementDigest {
  private readonly hash: Hash = createHash('sha256');
  private rows = 0;

  constructor(header: StatementDigestHeader) {
    const { summary, period } = header;
    this.line([STATEMENT_DIGEST_VERSION, header.code, header.holderMasked, summary.accountNumber, summary.currency, period.firstDay, period.lastDay, header.issuedAt.toISOString()]);
    this.line([summary.openingBalance, summary.creditTurnover, summary.debitTurnover, summary.closingBalance]);
  }

  addRow(row: StatementRow): void {
    this.rows += 1;
    this.line([
      row.transactionNumber, row.created, row.sender, row.senderName, row.recipient, row.recipientName, row.type, row.purpose,
      row.amount, row.fee, row.currency, row.direction, row.status, row.openingBalance, row.creditTurnover, row.debitTurnover, row.balance,
    ]);
  }

  get rowCount(): number {
    return this.rows;
  }

  /** The digest's 32 bytes; the digest is finished after this. */
  finish(): Buffer {
    this.line(['end', this.rows]);
    return this.hash.digest();
  }

  private line(values: ReadonlyArray<string | number | null>): void {
    this.hash.update(`${JSON.stringify(values)}\n`);
  }
}
