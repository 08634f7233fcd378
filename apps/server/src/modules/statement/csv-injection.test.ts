// Proves the CSV export is safe to open in a spreadsheet: text another client typed (a payee's name,
// a payment reference) that starts like a formula arrives behind a single quote, inert, while the
// money columns stay bare numbers, a negative one included.
import { STATEMENT_COLUMNS, type StatementRow } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { openTestAccount } from '../accounts/test-support';
import { csvRecord, inertCsvText } from './csv';
import { createTransfer, internal, readCsv } from './test-support';

let context: TestContext;
const HYPERLINK = '=HYPERLINK("http://x","y")';
const column = (name: (typeof STATEMENT_COLUMNS)[number]) => STATEMENT_COLUMNS.indexOf(name);

async function csvRows(client: TestClient): Promise<string[][]> {
  const response = await context.app.inject({ method: 'GET', url: '/api/statement?format=csv&lang=en', headers: client.headers });
  expect(response.statusCode).toBe(200);
  return readCsv(response.rawPayload.toString('utf8').replace(/^\uFEFF/, '')).slice(1);
}

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(() => context.close());

describe('CSV injection', () => {
  it('escapes names and references that start like a formula, for the payer and the payee alike', async () => {
    const alice = await createSignedInClient(context);
    const bob = await createSignedInClient(context);
    const aliceUsd = (await openTestAccount(context, alice, 'USD', '500.00')).number;
    const bobUsd = (await openTestAccount(context, bob, 'USD', '100.00')).number;
    await createTransfer(context, alice, internal(aliceUsd, bobUsd, '10.00', { fullName: HYPERLINK, reference: '@SUM(1)' }));
    await createTransfer(context, alice, internal(aliceUsd, bobUsd, '20.00', { fullName: '+1', reference: '-2+3' }));
    for (const client of [alice, bob]) {
      const [plusRow, hyperlinkRow] = await csvRows(client);
      expect(hyperlinkRow![column('recipient')]).toBe(`'${HYPERLINK} (${bobUsd})`);
      expect(hyperlinkRow![column('purpose')]).toBe(`'@SUM(1)`);
      expect(plusRow![column('recipient')]).toBe(`'+1 (${bobUsd})`);
      expect(plusRow![column('purpose')]).toBe(`'-2+3`);
      // The money columns are untouched numbers a spreadsheet sums.
      expect([hyperlinkRow![column('amount')], plusRow![column('amount')]]).toEqual(['10.00', '20.00']);
      for (const row of [plusRow!, hyperlinkRow!]) {
        for (const name of ['amount', 'openingBalance', 'creditTurnover', 'debitTurnover', 'balance'] as const) {
          expect(row[column(name)]).toMatch(/^\d+\.\d{2}$/);
        }
      }
    }
  });

  it('leaves a negative amount or balance a bare number, and escapes every text column', () => {
    const row: StatementRow = {
      transactionNumber: '=1',
      created: 0,
      accountNumber: 'ACC',
      sender: 'ACC',
      senderName: '\tTab',
      recipient: 'OTHER',
      recipientName: '\rReturn',
      type: 'Intra',
      reference: 'Internal',
      purpose: '-cmd|calc',
      amount: '-30.00',
      fee: '0.00',
      currency: 'USD',
      direction: 'OUT',
      status: 'Approved',
      paymentDate: null,
      statusReason: null,
      openingBalance: '-0.50',
      creditTurnover: '0.00',
      debitTurnover: '30.00',
      balance: '-30.50',
      templateName: null,
      paymentRegion: null,
    };
    const cells = csvRecord(row, new Date('2026-11-01T00:00:00Z'), () => '2026-11-01 00:00:00');
    expect(cells[column('transactionNumber')]).toBe("'=1");
    expect(cells[column('sender')]).toBe("'\tTab (ACC)");
    expect(cells[column('recipient')]).toBe("'\rReturn (OTHER)");
    expect(cells[column('purpose')]).toBe("'-cmd|calc");
    expect([cells[column('amount')], cells[column('openingBalance')], cells[column('balance')]]).toEqual(['-30.00', '-0.50', '-30.50']);
  });

  it('prefixes exactly the cells OWASP lists', () => {
    expect(['=1', '+1', '-1', '@1', '\t1', '\r1'].map(inertCsvText)).toEqual(["'=1", "'+1", "'-1", "'@1", "'\t1", "'\r1"]);
    expect(['Rent, May', '1+1', ' =1', "'quoted", ''].map(inertCsvText)).toEqual(['Rent, May', '1+1', ' =1', "'quoted", '']);
  });
});
