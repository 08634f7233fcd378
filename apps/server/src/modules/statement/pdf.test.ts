// Proves the signed PDF statement: its extracted text holds the bank's header, the holder, the
// balances and every row in EN and RU (Cyrillic intact), card rows with their type, merchant, card and
// status, pending and booked; the code it prints verifies as genuine, by
// code and by uploading the file, while a copy with one byte changed or one byte added does not;
// the stored signature verifies with the published key and node:crypto alone; a statement whose
// download broke off never verifies; and a client never gets a PDF of another client's account.
import { createPublicKey, verify } from 'node:crypto';
import { statementQuerySchema, type StatementPage, type StatementVerification } from '@bank/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { openTestAccount } from '../accounts/test-support';
import { closeCheckingLedger } from '../ledger/test-context';
import { STATEMENT_DIGEST_VERSION, StatementDigest } from './digest';
import { openStatementDocument } from './document';
import { statementPdf } from './pdf';
import { formatPdfAmount } from './pdf-texts';
import { internal, international, testCardNetwork } from './test-support';

/**
 * Told whether the next statement document opened had its rows read to the end ('all') or was let
 * go of before them ('early'); every other document is left as it is.
 */
const rowsOfNextDocument = vi.hoisted(() => ({ report: null as ((read: 'all' | 'early') => void) | null }));
vi.mock('./document', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./document')>();
  return {
    ...actual,
    openStatementDocument: async (...args: Parameters<typeof actual.openStatementDocument>) => {
      const document = await actual.openStatementDocument(...args);
      const report = rowsOfNextDocument.report;
      if (!report) return document;
      rowsOfNextDocument.report = null;
      return {
        ...document,
        async *batches(batchRows?: number) {
          let all = false;
          try {
            yield* document.batches(batchRows);
            all = true;
          } finally {
            report(all ? 'all' : 'early');
          }
        },
      };
    },
  };
});

let context: TestContext;
let anna: TestClient;
let bob: TestClient;
let annaAccount = '';
let bobAccount = '';
/** Enough rows for several pages. */
const TRANSFERS = 45;

async function download(client: TestClient, query: Record<string, string>) {
  return context.app.inject({ method: 'GET', url: '/api/statement', headers: client.headers, query: { format: 'pdf', ...query } });
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/[\u00A0\u202F]/g, ' ').replace(/\s+/g, ' ');
}

async function rowsOf(client: TestClient, accountNumber: string): Promise<StatementPage> {
  const response = await context.app.inject({ method: 'GET', url: '/api/statement', headers: client.headers, query: { accountNumber, limit: '100' } });
  return response.json<StatementPage>();
}

async function verifyCode(code: string): Promise<StatementVerification> {
  const response = await context.app.inject({ method: 'GET', url: `/api/statement/verify/${encodeURIComponent(code)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementVerification>();
}

async function upload(bytes: Buffer): Promise<StatementVerification> {
  const response = await context.app.inject({ method: 'POST', url: '/api/statement/verify', headers: { 'content-type': 'application/pdf' }, payload: bytes });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementVerification>();
}

const codeIn = (text: string) => /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(text)?.[0] ?? '';

beforeAll(async () => {
  context = await createTestContext();
  anna = await createSignedInClient(context);
  bob = await createSignedInClient(context, { firstName: 'Bob' });
  await context.db
    .updateTable('clients')
    .set({ first_name: 'Анна', last_name: 'Петрова', address: 'ул. Ленина, 5', city: 'Алматы', country: 'KZ' })
    .where('id', '=', anna.id)
    .execute();
  annaAccount = (await openTestAccount(context, anna, 'USD', '250000.00')).number;
  bobAccount = (await openTestAccount(context, bob, 'USD', '1000.00')).number;
  for (let index = 0; index < TRANSFERS; index += 1) {
    const purpose = index % 2 === 0 ? `Оплата по договору № ${index} — аренда офиса` : `Invoice ${index} for consulting services`;
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/transaction/create',
      headers: anna.headers,
      payload: internal(annaAccount, bobAccount, `${1000 + index}.${String(index).padStart(2, '0')}`, { reference: purpose }),
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  const abroad = await context.app.inject({ method: 'POST', url: '/api/transaction/create', headers: anna.headers, payload: international(annaAccount, 'SWIFT', '1500.00', { purpose: 'Поставка оборудования' }) });
  expect(abroad.statusCode, abroad.body).toBe(200);
  const incoming = await context.app.inject({ method: 'POST', url: '/api/transaction/create', headers: bob.headers, payload: internal(bobAccount, annaAccount, '12.34', { reference: 'Возврат' }) });
  expect(incoming.statusCode, incoming.body).toBe(200);
});

afterAll(() => closeCheckingLedger(context));

describe('the PDF statement', () => {
  it('holds the header, the holder, the balances and every row, in English', async () => {
    const response = await download(anna, { accountNumber: annaAccount, lang: 'en' });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="statement_${annaAccount}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    const page = await rowsOf(anna, annaAccount);
    const summary = page.accounts![0]!;
    expect(page.total).toBe(TRANSFERS + 2);
    for (const expected of ['Meridian Bank', 'IBL-2022-0147', 'company No. 15612', 'Account statement', 'Анна Петрова', 'ул. Ленина, 5', annaAccount, 'Whole history']) {
      expect(text).toContain(expected);
    }
    for (const [label, value] of [['Opening balance', summary.openingBalance], ['Credit turnover', summary.creditTurnover], ['Debit turnover', summary.debitTurnover], ['Closing balance', summary.closingBalance]] as const) {
      expect(text).toContain(label);
      expect(text).toContain(`${formatPdfAmount(value, 'en')} USD`);
    }
    for (const row of page.rows) {
      expect(text).toContain(row.transactionNumber);
      expect(text).toContain(formatPdfAmount(row.amount, 'en'));
      expect(text).toContain(formatPdfAmount(row.balance, 'en'));
    }
    expect(text).toContain('Оплата по договору № 0 — аренда офиса');
    expect(text).toContain('Page 1');
    expect(text).toContain('Page 2');
    expect(text).toContain(`Operations in the statement: ${TRANSFERS + 2}`);
    expect(codeIn(text)).not.toBe('');
  });

  it('is written in Russian with Cyrillic intact', async () => {
    const response = await download(anna, { accountNumber: annaAccount, lang: 'ru', from: '2000-01-01', to: '2099-12-31' });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    const page = await rowsOf(anna, annaAccount);
    const summary = page.accounts![0]!;
    for (const expected of ['Меридиан Банк', 'Международная банковская лицензия № IBL-2022-0147', 'Выписка по счёту', 'Владелец счёта', 'Анна Петрова',
      '01.01.2000 – 31.12.2099', 'Входящий остаток', 'Исходящий остаток', 'Оборот по кредиту', 'Назначение платежа', 'Внутрибанковский',
      'Исполнена', 'Поставка оборудования', 'Страница 1', 'Код проверки']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(`${formatPdfAmount(summary.closingBalance, 'ru').replace(/\u00A0/g, ' ')} USD`);
    expect(formatPdfAmount('250000.00', 'ru')).toBe('250\u00A0000,00');
    for (const row of page.rows) {
      expect(text).toContain(row.transactionNumber);
      expect(text).toContain(formatPdfAmount(row.amount, 'ru').replace(/\u00A0/g, ' '));
    }
  });

  it('reads the rows oldest first, each batch continuing after the last one', async () => {
    const document = await openStatementDocument(context.db, anna.id, statementQuerySchema.parse({ format: 'pdf', accountNumber: annaAccount }), new Date());
    const numbers: string[] = [];
    for await (const batch of document.batches(10)) numbers.push(...batch.map((row) => row.transactionNumber));
    const page = await rowsOf(anna, annaAccount);
    expect(numbers).toEqual(page.rows.map((row) => row.transactionNumber).reverse());
  });

  it('is refused for another client account (404) and without an account (400)', async () => {
    expect((await download(bob, { accountNumber: annaAccount })).statusCode).toBe(404);
    expect((await download(anna, {})).statusCode).toBe(400);
  });
});

describe('card rows in the PDF', () => {
  it('shows a pending card payment, a booked one and a refund with the merchant, the card and their status, in EN and RU', async () => {
    const carol = await createSignedInClient(context, { firstName: 'Carol' });
    const usd = (await openTestAccount(context, carol, 'USD', '500.00')).number;
    // The card's fee is paid from the EUR account, so the USD account holds only the card's rows.
    await openTestAccount(context, carol, 'EUR', '300.00');
    const card = await testCardNetwork(context, carol, usd);
    const booked = await card.pay('40.00');
    await card.clear(booked.authorizationId, '40.00');
    const refund = await card.refund('15.00');
    const pending = await card.pay('12.50');
    const purpose = `•••• ${card.last4} · Café Central, Vienna, AT`;
    const expected = {
      en: ['Card', 'New', 'Approved', 'Outgoing', 'Incoming'],
      ru: ['Карта', 'Новая', 'Исполнена', 'Исходящая', 'Входящая'],
    };
    for (const lang of ['en', 'ru'] as const) {
      const response = await download(carol, { accountNumber: usd, lang });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const text = await pdfText(response.rawPayload);
      for (const shown of [booked.transactionNumber, refund, pending.transactionNumber, 'Café Central', purpose, ...expected[lang]]) expect([lang, text]).toEqual([lang, expect.stringContaining(shown)]);
      expect(text).toContain(formatPdfAmount('12.50', lang));
      expect(text.split(purpose)).toHaveLength(4);
    }
  });
});

describe('verification', () => {
  let original: Buffer;
  let code = '';

  beforeAll(async () => {
    const response = await download(anna, { accountNumber: annaAccount, lang: 'en' });
    original = response.rawPayload;
    code = codeIn(await pdfText(original));
  });

  it('finds the statement by its printed code, typed loosely too, and says it is genuine', async () => {
    const answer = await verifyCode(code);
    expect(answer).toMatchObject({
      genuine: true,
      statement: { code, holderMasked: 'Ан*** П.', accountNumber: annaAccount, currency: 'USD', rowCount: TRANSFERS + 2, language: 'en', period: { firstDay: null, lastDay: null } },
    });
    expect(await verifyCode(code.replace(/-/g, '').toLowerCase())).toMatchObject({ genuine: true });
    expect(await verifyCode('0000-0000-0000')).toEqual({ genuine: false, reason: 'unknown' });
    const malformed = await context.app.inject({ method: 'GET', url: '/api/statement/verify/not%0Aa-code' });
    expect(malformed.statusCode).toBe(400);
  });

  it('accepts the uploaded original and refuses a copy with one byte changed or added', async () => {
    expect(await upload(original)).toMatchObject({ genuine: true, statement: { code } });
    // One byte inside the first page's compressed content stream.
    const changed = Buffer.from(original);
    const stream = changed.indexOf('stream\n', changed.indexOf('/Contents'));
    changed[stream + 40] = changed[stream + 40]! ^ 0x01;
    expect(await upload(changed)).toMatchObject({ genuine: false, reason: 'altered', statement: { code } });
    expect(await upload(Buffer.concat([original, Buffer.from('\n')]))).toMatchObject({ genuine: false, reason: 'altered' });
    expect(await upload(Buffer.from('%PDF-1.3\n%%EOF\n'))).toEqual({ genuine: false, reason: 'unknown' });
    const notPdf = await context.app.inject({ method: 'POST', url: '/api/statement/verify', payload: { file: 'x' } });
    expect(notPdf.statusCode).toBe(400);
  });

  it('signs a record of every fact shown, the rows’ digest and the file’s hash, which the published key verifies with node:crypto alone', async () => {
    const keyAnswer = await context.app.inject({ method: 'GET', url: '/.well-known/statement-signing-key' });
    expect(keyAnswer.statusCode).toBe(200);
    expect(keyAnswer.headers['content-type']).toMatch(/^text\/plain/);
    const publicKey = createPublicKey(keyAnswer.body);
    const answer = await verifyCode(code);
    if (!answer.genuine) throw new Error('not genuine');
    const { digest, signature, signedRecord } = answer.statement;
    const signed = (text: string) => verify(null, Buffer.from(text, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
    expect(signed(signedRecord)).toBe(true);
    // The record vouches for every fact shown and for the file: none can change without the signature failing.
    const facts = JSON.parse(signedRecord) as unknown[];
    const { statement } = answer;
    for (const fact of [statement.code, statement.accountNumber, statement.holderMasked, statement.issuedAt, statement.openingBalance, statement.closingBalance, statement.rowCount, digest, statement.fileSha256]) {
      expect(facts).toContain(fact);
    }
    expect(signed(signedRecord.replace(statement.closingBalance, '9999999.99'))).toBe(false);
    expect(signed(signedRecord.replace(digest, digest.replace(/^./, (first) => (first === '0' ? '1' : '0'))))).toBe(false);
    // A fact changed where the bank keeps it is no longer genuine.
    await context.db.updateTable('statement_signatures').set({ closing_balance: '0.01' }).where('code', '=', code).execute();
    expect(await verifyCode(code)).toMatchObject({ genuine: false, reason: 'signature' });
    await context.db.updateTable('statement_signatures').set({ closing_balance: statement.closingBalance }).where('code', '=', code).execute();
    expect((await verifyCode(code)).genuine).toBe(true);

    // The digest is of the statement's content: rebuilt from the rows the API lists, it matches.
    const page = await rowsOf(anna, annaAccount);
    const rebuilt = new StatementDigest({
      code,
      holderMasked: answer.statement.holderMasked,
      summary: page.accounts![0]!,
      period: answer.statement.period,
      issuedAt: new Date(answer.statement.issuedAt),
    });
    for (const row of [...page.rows].reverse()) rebuilt.addRow(row);
    expect(rebuilt.finish().toString('hex')).toBe(digest);
    expect(STATEMENT_DIGEST_VERSION).toMatch(/v1$/);
  });

  it('never verifies a statement whose download broke off', async () => {
    const query = statementQuerySchema.parse({ format: 'pdf', accountNumber: annaAccount });
    const writerLetGo = new Promise<'all' | 'early'>((resolve) => (rowsOfNextDocument.report = resolve));
    const file = await statementPdf(context.deps, anna.id, query, new Date());
    // Read once without letting the stream flow on, as a reader that leaves after the first bytes.
    const first = await new Promise<Buffer>((resolve) => file.stream.once('readable', () => resolve(file.stream.read(5) as Buffer)));
    file.stream.destroy();
    // The writer stops at the next page and lets go of the rows unread: it writes nothing more, so
    // a statement it were to complete anyway would be completed by now.
    expect(await writerLetGo).toBe('early');
    const broken = await context.db
      .selectFrom('statement_signatures')
      .select('code')
      .where('client_id', '=', anna.id)
      .orderBy('issued_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await verifyCode(broken.code)).toEqual({ genuine: false, reason: 'incomplete' });
  });
});
