// Proves the CSV export and the saved templates: a UTF-8 BOM, headings in EN and RU, every column
// of the statement row, Cyrillic, commas and quotes intact and nothing truncated, dates in the
// client's zone, the filters applied, every row exactly once when read in small keyset batches; card
// rows made through the signed card network with their type, the merchant, the card and its status,
// pending and then booked; and templates as the client's latest named transfers, filtered as the
// product's filtersTemplates describes.
import { STATEMENT_COLUMN_HEADINGS, statementQuerySchema, type TransferTemplate } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { openTestAccount } from '../accounts/test-support';
import { statementCsv } from './csv';
import { createTransfer, internal, international, moveOperationTo, readCsv, testCardNetwork } from './test-support';

let context: TestContext;
let alice: TestClient;
let bob: TestClient;
let aliceUsd = '';
let aliceEur = '';
let bobUsd = '';
const LONG_PURPOSE = `Оплата по договору № 15/2026, "Ремонт офиса", этап 2; ${'длинное назначение платежа, '.repeat(5)}конец`;

/** Makes a transfer through the API as `client` and dates it `at`, as if it had been made then. */
async function madeAt(at: string, client: TestClient, payload: Record<string, unknown>): Promise<void> {
  await moveOperationTo(context.db, await createTransfer(context, client, payload), new Date(at));
}

function download(client: TestClient, query: string) {
  return context.app.inject({ method: 'GET', url: `/api/statement?format=csv&${query}`, headers: client.headers });
}

beforeAll(async () => {
  context = await createTestContext();
  alice = await createSignedInClient(context, { firstName: 'Алиса' });
  bob = await createSignedInClient(context);
  aliceUsd = (await openTestAccount(context, alice, 'USD', '5000.00')).number;
  aliceEur = (await openTestAccount(context, alice, 'EUR', '5000.00')).number;
  bobUsd = (await openTestAccount(context, bob, 'USD', '100.00')).number;
  await madeAt('2026-11-01T02:30:00Z', alice, internal(aliceUsd, bobUsd, '10.00', { fullName: 'Борис Петров', reference: 'Аренда, ноябрь', templateName: 'Аренда' }));
  await madeAt('2026-11-02T12:00:00Z', bob, internal(bobUsd, aliceUsd, '7.25', { reference: 'Возврат "долга"' }));
  await madeAt('2026-11-03T18:45:10Z', alice, international(aliceEur, 'SEPA', '1500.00', { purpose: LONG_PURPOSE, templateName: 'Ремонт' }));
  await madeAt('2026-11-04T09:00:00Z', alice, internal(aliceUsd, bobUsd, '20.00', { fullName: 'Boris Petrov', templateName: 'Аренда' }));
});

afterAll(() => context.close());

describe('CSV export', () => {
  it('streams UTF-8 with a BOM, English headings and every column of every row, nothing truncated', async () => {
    const response = await download(alice, 'lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="statement_all.csv"');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [heading, ...rows] = readCsv(response.rawPayload.toString('utf8').slice(1));
    expect(heading).toEqual(Object.values(STATEMENT_COLUMN_HEADINGS.en));
    expect(heading).toEqual([
      'Date', 'Transfer number', 'Sender', 'Recipient', 'Type', 'Payment purpose', 'Amount', 'Currency', 'Direction', 'Status',
      'Opening balance', 'Credit turnover', 'Debit turnover', 'Fiat balance',
    ]);
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toHaveLength(14);
    const [newest, sepa, refund, rent] = rows;
    expect(newest).toEqual(['2026-11-04 09:00:00', expect.any(String), aliceUsd, `Boris Petrov (${bobUsd})`, 'Intra', '', '20.00', 'USD', 'OUT', 'Approved', '4997.25', '0.00', '20.00', '4977.25']);
    expect(sepa![5]).toBe(LONG_PURPOSE);
    // Pending: nothing is booked yet, so it moves nothing and the booked balance stands; the hold is not a posting.
    expect(sepa!.slice(4, 14)).toEqual(['Europe (SEPA)', LONG_PURPOSE, '1500.00', 'EUR', 'OUT', 'New', '5000.00', '0.00', '0.00', '5000.00']);
    expect(refund!.slice(5, 9)).toEqual(['Возврат "долга"', '7.25', 'USD', 'IN']);
    expect(rent!.slice(0, 6)).toEqual(['2026-11-01 02:30:00', expect.any(String), aliceUsd, `Борис Петров (${bobUsd})`, 'Intra', 'Аренда, ноябрь']);
  });

  it('writes Russian headings and Russian dates in the client zone', async () => {
    const response = await download(alice, `lang=ru&timeZone=Asia/Vladivostok&accountNumber=${aliceUsd}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="statement_${aliceUsd}.csv"`);
    const [heading, ...rows] = readCsv(response.rawPayload.toString('utf8').replace(/^\uFEFF/, ''));
    expect(heading).toEqual([
      'Дата', 'Номер перевода', 'Отправитель', 'Получатель', 'Тип', 'Назначение платежа', 'Сумма', 'Валюта', 'Направление', 'Статус',
      'Входящий остаток', 'Оборот по кредиту', 'Оборот по дебету', 'Остаток',
    ]);
    // 02:30 UTC on 1 November is 12:30 in Vladivostok; 09:00 UTC on 4 November is 19:00.
    expect(rows.map((row) => row[0])).toEqual(['04.11.2026 19:00:00', '02.11.2026 22:00:00', '01.11.2026 12:30:00']);
  });

  it('applies the filters and the period, and names the file after them', async () => {
    const response = await download(alice, `incoming=true&from=2026-11-02&to=2026-11-02`);
    expect(response.headers['content-disposition']).toBe('attachment; filename="statement_all_2026-11-02_2026-11-02.csv"');
    const rows = readCsv(response.rawPayload.toString('utf8')).slice(1);
    expect(rows.map((row) => [row[5], row[8]])).toEqual([['Возврат "долга"', 'IN']]);
  });

  it('answers only the heading when nothing matches', async () => {
    const response = await download(alice, 'purpose=nothing-like-this');
    expect(readCsv(response.rawPayload.toString('utf8'))).toHaveLength(1);
  });

  it('reads every row exactly once, in order, however small the keyset batches', async () => {
    const whole = readCsv((await download(alice, 'lang=en')).rawPayload.toString('utf8'));
    for (const batchRows of [1, 2, 3]) {
      const csv = await statementCsv(context.db, alice.id, statementQuerySchema.parse({ format: 'csv' }), new Date(), batchRows);
      let text = '';
      for await (const chunk of csv.stream) text += String(chunk);
      expect([batchRows, readCsv(text)]).toEqual([batchRows, whole]);
    }
  });

  it('gives another client nothing of Alice', async () => {
    const text = (await download(bob, 'lang=en')).rawPayload.toString('utf8');
    expect(text).not.toContain('Ремонт');
    expect(readCsv(text).slice(1).map((row) => row[8])).toEqual(['IN', 'OUT', 'IN']);
  });
});

describe('card rows in the CSV', () => {
  it('shows a card payment pending, then booked, and a refund, with the merchant and the card', async () => {
    const carol = await createSignedInClient(context, { firstName: 'Carol' });
    const usd = (await openTestAccount(context, carol, 'USD', '500.00')).number;
    // The card's fee is paid from the EUR account, so the USD account holds only the card's rows.
    await openTestAccount(context, carol, 'EUR', '300.00');
    const card = await testCardNetwork(context, carol, usd);
    const purpose = `•••• ${card.last4} · Café Central, Vienna, AT`;
    const rows = async () => readCsv((await download(carol, `lang=en&accountNumber=${usd}`)).rawPayload.toString('utf8').slice(1)).slice(1).map((row) => row.slice(1));

    const payment = await card.pay('42.00');
    // Pending: held, not booked, so it moves nothing and the booked balance stands.
    expect(await rows()).toEqual([[payment.transactionNumber, usd, 'Café Central', 'Card', purpose, '42.00', 'USD', 'OUT', 'New', '500.00', '0.00', '0.00', '500.00']]);

    await card.clear(payment.authorizationId, '40.00');
    const refund = await card.refund('15.00');
    expect(await rows()).toEqual([
      [refund, 'Café Central', usd, 'Card', purpose, '15.00', 'USD', 'IN', 'Approved', '460.00', '15.00', '0.00', '475.00'],
      [payment.transactionNumber, usd, 'Café Central', 'Card', purpose, '40.00', 'USD', 'OUT', 'Approved', '500.00', '0.00', '40.00', '460.00'],
    ]);
  });
});

describe('saved templates', () => {
  async function templates(client: TestClient, query = ''): Promise<TransferTemplate[]> {
    const response = await context.app.inject({ method: 'GET', url: `/api/statement/templates${query}`, headers: client.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TransferTemplate[]>();
  }

  it('lists each named transfer once, the latest under its name, most recently used first', async () => {
    expect(await templates(alice)).toEqual([
      {
        templateName: 'Аренда',
        accountNumber: aliceUsd,
        currency: 'USD',
        toAccount: bobUsd,
        recipient: 'Boris Petrov',
        amount: '20.00',
        type: 'Intra',
        paymentRegion: null,
        purpose: null,
        lastUsed: Date.parse('2026-11-04T09:00:00Z') / 1000,
        uses: 2,
      },
      {
        templateName: 'Ремонт',
        accountNumber: aliceEur,
        currency: 'EUR',
        toAccount: 'DE89370400440532013000',
        recipient: 'Hans Müller',
        amount: '1500.00',
        type: 'Europe (SEPA)',
        paymentRegion: 'SEPA',
        purpose: LONG_PURPOSE,
        lastUsed: Date.parse('2026-11-03T18:45:10Z') / 1000,
        uses: 1,
      },
    ]);
  });

  it('filters by account, recipient and template name', async () => {
    const names = async (query: string) => (await templates(alice, query)).map((template) => template.templateName);
    expect(await names(`?accountNumber=${aliceEur}`)).toEqual(['Ремонт']);
    expect(await names(`?recipient=${bobUsd.slice(-5)}`)).toEqual(['Аренда']);
    expect(await names('?recipient=müller')).toEqual(['Ремонт']);
    expect(await names('?templateName=АРЕН')).toEqual(['Аренда']);
    expect(await names('?templateName=nothing')).toEqual([]);
  });

  it('belong to the client who saved them: the payee and others see none', async () => {
    expect(await templates(bob)).toEqual([]);
    const stranger = await createSignedInClient(context);
    // Another client's account is a 404, as one that does not exist.
    const answer = await context.app.inject({ method: 'GET', url: `/api/statement/templates?accountNumber=${aliceUsd}`, headers: stranger.headers });
    expect([answer.statusCode, answer.json().fields]).toEqual([404, { accountNumber: 'validation.accountNumber.notFound' }]);
  });
});
