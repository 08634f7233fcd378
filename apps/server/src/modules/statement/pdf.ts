import { createHash, sign } from 'node:crypto';
import { Transform } from 'node:stream';
import type { StatementQuery } from '@bank/contracts';
import type { AppDeps } from '../../deps';
import { statementFilename } from './csv';
import { StatementDigest } from './digest';
import { openStatementDocument } from './document';
import { documentFonts, StatementPdfLayout } from './pdf-layout';
import { maskHolderName, newVerificationCode, recordStatementEnd, recordStatementStart, signedRecord } from './signatures';
import { statementSigningKey } from './signing-key';

/** The page to open for a code: printed on the statement and behind its QR code. */
export function verifyPageUrl(appUrl: string, code: string): string {
  return `${appUrl}/verify/${code}`;
}

/** Waits until the reader has taken what was written, or has gone away (then false). */
function drained(output: Transform): Promise<boolean> {
  if (output.destroyed) return Promise.resolve(false);
  if (!output.writableNeedDrain) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (open: boolean) => () => {
      output.off('drain', onDrain);
      output.off('close', onClose);
      resolve(open);
    };
    const onDrain = done(true);
    const onClose = done(false);
    output.once('drain', onDrain);
    output.once('close', onClose);
  });
}

/**
 * The signed PDF statement of one account (GET /api/statement?format=pdf): written page by page as
 * the reader takes it, so memory stays flat whatever the number of rows. Before the first page the
 * statement gets its code and a record without digest; the rows feed the layout and the canonical
 * digest together; after the last byte has passed, the record of the statement (its facts, the
 * digest and the file's SHA-256: signatures.ts) is signed and stored. A statement whose writing fails, or whose reader leaves, is never completed, so it never
 * verifies as genuine.
 */
export async function statementPdf(deps: AppDeps, clientId: string, query: StatementQuery, now: Date) {
  const document = await openStatementDocument(deps.db, clientId, query, now);
  const key = await statementSigningKey(deps.config);
  const code = newVerificationCode();
  const holderMasked = maskHolderName(document.holder.name);
  const period = { firstDay: document.period.firstDay, lastDay: document.period.lastDay };
  const { summary } = document;
  const balances = {
    openingBalance: summary.openingBalance,
    creditTurnover: summary.creditTurnover,
    debitTurnover: summary.debitTurnover,
    closingBalance: summary.closingBalance,
  };
  await recordStatementStart(deps.db, {
    code,
    clientId,
    accountNumber: summary.accountNumber,
    holderMasked,
    currency: summary.currency,
    period,
    issuedAt: document.issuedAt,
    language: query.lang,
    balances,
  });

  const digest = new StatementDigest({ code, holderMasked, summary, period, issuedAt: document.issuedAt });
  const fileHash = createHash('sha256');
  // Hashes the bytes as they pass; its flush runs after the last one, and the reader's end waits for it.
  const output = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      fileHash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      const end = { rowCount: digest.rowCount, digest: digest.finish().toString('hex'), keyId: key.keyId, fileSha256: fileHash.digest('hex') };
      const record = signedRecord({
        ...end,
        code,
        accountNumber: summary.accountNumber,
        currency: summary.currency,
        holderMasked,
        period,
        issuedAt: document.issuedAt,
        balances,
      });
      recordStatementEnd(deps.db, code, { ...end, signature: sign(null, Buffer.from(record, 'utf8'), key.privateKey).toString('base64') }).then(
        () => callback(),
        callback,
      );
    },
  });

  let pageDone = false;
  const layout = new StatementPdfLayout(
    {
      code,
      verifyUrl: verifyPageUrl(deps.config.appUrl, code),
      keyId: key.keyId,
      holder: document.holder,
      summary,
      period,
      issuedAt: document.issuedAt,
      language: query.lang,
      timeZone: query.timeZone,
    },
    () => {
      pageDone = true;
    },
  );
  const { doc } = layout;
  // pdfkit has no backpressure of its own: its bytes go straight on, and the writing below pauses
  // between pages until the reader has caught up.
  doc.on('data', (chunk: Buffer) => output.write(chunk));
  doc.on('end', () => output.end());

  async function write(): Promise<void> {
    layout.begin();
    for await (const rows of document.batches()) {
      for (const row of rows) {
        layout.addRow(row);
        digest.addRow(row);
        // pdfkit wrote the finished page out when the next one began.
        if (pageDone) {
          pageDone = false;
          // Text measured on a page is cached by the font for ever: dropped with each page, or the
          // cache would grow with the statement.
          for (const font of documentFonts(doc)) {
            if (font.layoutCache) font.layoutCache = Object.create(null) as object;
          }
          // The page's bytes go out before the next page is written, at the reader's pace.
          await new Promise(setImmediate);
          if (!(await drained(output))) return;
        }
      }
    }
    layout.end(digest.rowCount);
    doc.end();
  }
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));

  return {
    stream: output,
    filename: statementFilename(summary.accountNumber, document.period, 'pdf'),
    contentType: 'application/pdf',
  };
}
