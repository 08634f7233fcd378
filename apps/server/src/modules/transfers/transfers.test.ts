// Proves POST /api/transaction/create and GET /api/transaction/list for internal and international
// transfers: exact amounts, 400/403/404/422 for every client mistake, holds and their release or
// capture, each client seeing only its own rows, and idempotent retries.
import { randomUUID } from 'node:crypto';
import { accountNumberFromSerial, type TransactionRecord } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { approveTransfer, denyTransfer, endLockedTransfer, lockPendingTransfer, markTransferProcessing } from '../operations';
import { TEST_RECIPIENT_DETAILS } from './test-support';
import { closeCheckingLedger } from '../ledger/test-context';
import { bankToday } from '../jobs';
import { revokeSession } from '../auth';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => closeCheckingLedger(context));

/** The bank's today: a transfer dated today is made at once (one dated later is scheduled). */
const today = () => bankToday(context.app.deps.clock);

function create(client: TestClient, payload: unknown, idempotencyKey?: string) {
  return context.app.inject({
    method: 'POST',
    url: '/api/transaction/create',
    headers: { ...client.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: payload as object,
  });
}

async function list(client: TestClient, query = ''): Promise<TransactionRecord[]> {
  const response = await context.app.inject({ method: 'GET', url: `/api/transaction/list${query}`, headers: client.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TransactionRecord[]>();
}


function international(fromAccount: string, amount: string, overrides: Record<string, unknown> = {}) {
  return {
    type: 'international',
    paymentRegions: 'SWIFT',
    fromAccount,
    paymentDate: today(),
    reference: 'Invoice 42',
    amount,
    purpose: 'Payment for services',
    templateName: 'Hans',
    recipient: 'DE89370400440532013000',
    recipientDetails: TEST_RECIPIENT_DETAILS,
    ...overrides,
  };
}

async function pendingTransferId(number: string): Promise<string> {
  const row = await context.db.selectFrom('operations').select('id').where('number', '=', number).executeTakeFirstOrThrow();
  return row.id;
}

describe('internal transfers', () => {
  it('settles at once, free, and each client sees its own side', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestAccount(context, payer, 'EUR', '1000.00');
    const to = await openTestAccount(context, payee, 'EUR');
    const response = await create(payer, {
      type: 'internal',
      accNumberFrom: from.number,
      fullName: 'Test Client',
      accNumberTo: to.number,
      email: 'payee@test.example',
      transferDate: today(),
      amount: '250.10',
      transferCurrency: 'EUR',
      reference: 'Rent',
      templateName: 'Landlord',
      paymentMethod: 'account',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe('"Created"');
    expect(response.headers['content-type']).toMatch(/application\/json/);

    expect((await listedAccount(context, payer, from.number)).balance).toBe('749.90');
    expect((await listedAccount(context, payee, to.number)).balance).toBe('250.10');

    const [out] = await list(payer);
    expect(out).toMatchObject({
      accountNumber: from.number,
      fromAccount: from.number,
      toAccount: to.number,
      recipient: 'Test Client',
      amount: '250.10',
      currency: 'EUR',
      balance: '749.90',
      direction: 'OUT',
      transactionType: 'Intra',
      reference: 'Internal',
      transactionStatus: 'Approved',
      fee: '0.00',
      templateName: 'Landlord',
      paymentReference: 'Rent',
      paymentDate: today(),
      paymentRegion: null,
      rate: null,
    });
    expect(Math.abs(out!.created - Date.now() / 1000)).toBeLessThan(60);
    const stored = await context.db.selectFrom('operations').select('details').where('number', '=', out!.transactionNumber).executeTakeFirstOrThrow();
    expect(stored.details.recipientDetails).toEqual({ email: 'payee@test.example', paymentMethod: 'account' });
    const payeeRows = await list(payee);
    expect(payeeRows).toHaveLength(1);
    expect(payeeRows[0]).toMatchObject({ direction: 'IN', accountNumber: to.number, balance: '250.10', transactionNumber: out!.transactionNumber });
  });

  it('accepts a JSON number amount and refuses bad amounts with 400, never rounding', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestAccount(context, payer, 'USD', '100.00');
    const to = await openTestAccount(context, payee, 'USD');
    const base = { type: 'internal', accNumberFrom: from.number, accNumberTo: to.number };
    expect((await create(payer, { ...base, amount: 1.5 })).statusCode).toBe(200);
    const cases: Array<[unknown, string]> = [
      ['10.005', 'validation.amount.tooManyDecimals'],
      ['0', 'validation.amount.notPositive'],
      ['0.00', 'validation.amount.notPositive'],
      ['-5', 'validation.amount.notPositive'],
      [-5, 'validation.amount.notPositive'],
      ['abc', 'validation.amount.invalid'],
      ['1e3', 'validation.amount.invalid'],
      [null, 'validation.amount.invalid'],
      [1e21, 'validation.amount.invalid'],
    ];
    for (const [amount, message] of cases) {
      const response = await create(payer, { ...base, amount });
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().fields.amount, String(amount)).toBe(message);
    }
    // Without a currency in the payload the scale is the account's.
    const response = await create(payer, { ...base, amount: '1.001' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.amount).toBe('validation.amount.tooManyDecimals');
    expect((await listedAccount(context, payer, from.number)).balance).toBe('98.50');
  });

  it('refuses an unknown target (404), another currency (400), the same account (400) and too little money (422)', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestAccount(context, payer, 'EUR', '50.00');
    const usd = await openTestAccount(context, payee, 'USD');
    const eur = await openTestAccount(context, payee, 'EUR');
    const base = { type: 'internal', accNumberFrom: from.number, amount: '10.00' };

    const unknown = await create(payer, { ...base, accNumberTo: accountNumberFromSerial(9_999_999_999) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', fields: { accNumberTo: 'validation.accNumberTo.notFound' } });

    const badCheckDigits = await create(payer, { ...base, accNumberTo: `${eur.number.slice(0, -2)}00` });
    expect(badCheckDigits.statusCode).toBe(400);
    expect(badCheckDigits.json().fields.accNumberTo).toBe('validation.accountNumber.invalid');

    const otherCurrency = await create(payer, { ...base, accNumberTo: usd.number });
    expect(otherCurrency.statusCode).toBe(400);
    expect(otherCurrency.json()).toMatchObject({ fields: { accNumberTo: 'validation.accNumberTo.currencyMismatch' } });
    expect(otherCurrency.json().message).toMatch(/another currency/);

    const wrongCurrency = await create(payer, { ...base, accNumberTo: eur.number, transferCurrency: 'USD' });
    expect(wrongCurrency.statusCode).toBe(400);
    expect(wrongCurrency.json().fields.transferCurrency).toBe('validation.transferCurrency.mismatch');

    const same = await create(payer, { ...base, accNumberTo: from.number });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields.accNumberTo).toBe('validation.accNumberTo.sameAccount');

    const tooMuch = await create(payer, { ...base, accNumberTo: eur.number, amount: '50.01' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().code).toBe('INSUFFICIENT_FUNDS');

    expect((await create(payer, { ...base, accNumberTo: eur.number, amount: '50.00' })).statusCode).toBe(200);
    expect((await listedAccount(context, payer, from.number)).balance).toBe('0.00');
  });

  it('never lets a client debit or read another client’s account (404)', async () => {
    const owner = await createSignedInClient(context);
    const thief = await createSignedInClient(context);
    const victim = await openTestAccount(context, owner, 'EUR', '500.00');
    const thiefAccount = await openTestAccount(context, thief, 'EUR');
    const steal = await create(thief, { type: 'internal', accNumberFrom: victim.number, accNumberTo: thiefAccount.number, amount: '100.00' });
    expect(steal.statusCode).toBe(404);
    expect(steal.json().fields.accNumberFrom).toBe('validation.accNumberFrom.notFound');
    const abroad = await create(thief, international(victim.number, '100.00'));
    expect(abroad.statusCode).toBe(404);
    const peek = await context.app.inject({ method: 'GET', url: `/api/transaction/list?accountNumber=${victim.number}`, headers: thief.headers });
    expect(peek.statusCode).toBe(404);
    expect((await listedAccount(context, owner, victim.number)).balance).toBe('500.00');
  });

  it('refuses unidentified clients (403), missing tokens (401) and unknown types (400)', async () => {
    const client = await createSignedInClient(context, { kycStatus: 'New' });
    const forbidden = await create(client, { type: 'internal' });
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await context.app.inject({ method: 'POST', url: '/api/transaction/create', payload: { type: 'internal' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Invalid authorization data');
    const identified = await createSignedInClient(context);
    const unknownType = await create(identified, { type: 'teleport', amount: '1' });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().fields.type).toBe('validation.transactionType.invalid');
    const notJson = await context.app.inject({ method: 'POST', url: '/api/transaction/create', headers: { ...identified.headers, 'content-type': 'application/json' }, payload: '{"type":' });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('an internal transfer for now, its session read with its accounts', () => {
  const undated = (from: string, to: string) => ({ type: 'internal', accNumberFrom: from, accNumberTo: to, amount: '10.00' });

  it('settles undated, and refuses a revoked session (401) and an unidentified client (403) before any account is looked at', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestAccount(context, payer, 'EUR', '100.00');
    const to = await openTestAccount(context, payee, 'EUR');
    const settled = await create(payer, undated(from.number, to.number), randomUUID());
    expect(settled.statusCode, settled.body).toBe(200);
    expect((await listedAccount(context, payee, to.number)).balance).toBe('10.00');

    const unidentified = await createSignedInClient(context, { kycStatus: 'New' });
    const forbidden = await create(unidentified, undated(from.number, to.number));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');

    const session = await context.db.selectFrom('sessions').select('id').where('subject_id', '=', payer.id).executeTakeFirstOrThrow();
    await revokeSession(context.db, session.id);
    const revoked = await create(payer, undated(from.number, to.number), randomUUID());
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('Invalid authorization data');
    expect((await listedAccount(context, payee, to.number)).balance).toBe('10.00');
  });

  it("never pays from another client's account, found in the same statement as the session", async () => {
    const owner = await createSignedInClient(context);
    const thief = await createSignedInClient(context);
    const victim = await openTestAccount(context, owner, 'EUR', '50.00');
    const own = await openTestAccount(context, thief, 'EUR');
    const response = await create(thief, undated(victim.number, own.number));
    expect(response.statusCode).toBe(404);
    expect(response.json().fields).toEqual({ accNumberFrom: 'validation.accNumberFrom.notFound' });
    expect((await listedAccount(context, owner, victim.number)).balance).toBe('50.00');
  });
});

describe('idempotency', () => {
  it('replays the first answer for the same key and body, and moves money once', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestAccount(context, payer, 'EUR', '100.00');
    const to = await openTestAccount(context, payee, 'EUR');
    const body = { type: 'internal', accNumberFrom: from.number, accNumberTo: to.number, amount: '30.00' };
    const key = randomUUID();
    const first = await create(payer, body, key);
    const second = await create(payer, { amount: '30.00', accNumberTo: to.number, type: 'internal', accNumberFrom: from.number }, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe('"Created"');
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await listedAccount(context, payer, from.number)).balance).toBe('70.00');
    expect(await list(payer)).toHaveLength(1);

    const other = await create(payer, { ...body, amount: '31.00' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('CONFLICT');

    // The same key from another client is that client's own key.
    const stranger = await createSignedInClient(context);
    const strangerAccount = await openTestAccount(context, stranger, 'EUR', '5.00');
    const theirs = await create(stranger, { ...body, accNumberFrom: strangerAccount.number, amount: '1.00' }, key);
    expect(theirs.statusCode).toBe(200);
  });

  it('runs racing requests with one key once', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestAccount(context, payer, 'EUR', '100.00');
    const to = await openTestAccount(context, payee, 'EUR');
    const body = { type: 'internal', accNumberFrom: from.number, accNumberTo: to.number, amount: '10.00' };
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(payer, body, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await listedAccount(context, payer, from.number)).balance).toBe('90.00');
  });

  it('lets a failed attempt be retried with the same key', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestAccount(context, payer, 'EUR');
    const to = await openTestAccount(context, payee, 'EUR');
    const body = { type: 'internal', accNumberFrom: from.number, accNumberTo: to.number, amount: '10.00' };
    const key = randomUUID();
    expect((await create(payer, body, key)).statusCode).toBe(422);
    const row = await context.db.selectFrom('accounts').select('ledger_account_id').where('number', '=', from.number).executeTakeFirstOrThrow();
    const { fundLedgerAccount } = await import('../ledger/test-support');
    await fundLedgerAccount(context.db, String(row.ledger_account_id), 'EUR', '10.00');
    expect((await create(payer, body, key)).statusCode).toBe(200);
  });

  it('refuses a malformed key with 400 and its field error, however good the body, and moves nothing', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestAccount(context, payer, 'EUR', '100.00');
    const to = await openTestAccount(context, payee, 'EUR');
    const body = { type: 'internal', accNumberFrom: from.number, accNumberTo: to.number, amount: '10.00' };
    const response = await create(payer, body, 'bad key with spaces');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'idempotency-key': 'validation.idempotencyKey.invalid' });
    expect((await listedAccount(context, payer, from.number)).balance).toBe('100.00');
    // The same body with a well-formed key goes through: the key alone was refused.
    expect((await create(payer, body, randomUUID())).statusCode).toBe(200);
  });
});

describe('international transfers', () => {
  it('quotes the fee: 0.30 %, at least 50 and at most 2000 EUR, converted for other currencies', async () => {
    const fee = async (query: string) => {
      const response = await context.app.inject({ method: 'GET', url: `/api/transaction/fee?${query}` });
      return { status: response.statusCode, body: response.json() };
    };
    expect((await fee('amount=1000&currency=EUR')).body).toEqual({
      amount: '1000.00', currency: 'EUR', fee: '50.00', total: '1050.00', rateBasisPoints: 30, minimumFee: '50.00', maximumFee: '2000.00',
    });
    expect((await fee('amount=20000.00&currency=EUR')).body).toMatchObject({ fee: '60.00', total: '20060.00' });
    expect((await fee('amount=1000000&currency=EUR')).body).toMatchObject({ fee: '2000.00' });
    expect((await fee('amount=1000&currency=USD')).body).toMatchObject({ fee: '54.12', minimumFee: '54.12', maximumFee: '2164.60' });
    expect((await fee('amount=1.001&currency=EUR')).status).toBe(400);
    expect((await fee('amount=10&currency=BTC')).status).toBe(400);
    expect((await fee('currency=EUR')).status).toBe(400);
  });

  it('holds amount + fee, answers Created with status New, and shows the fee in the list', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '20000.00');
    const response = await create(client, international(account.number, '10000.00'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe('"Created"');
    const listed = await listedAccount(context, client, account.number);
    expect(listed).toMatchObject({ balance: '9950.00', bookedBalance: '20000.00' });
    const [row] = await list(client);
    // The row's balance is the booked one: a hold is not a posting, the money moves when approved.
    expect(row).toMatchObject({
      direction: 'OUT',
      amount: '10000.00',
      fee: '50.00',
      balance: '20000.00',
      transactionStatus: 'New',
      transactionType: 'International (SWIFT)',
      reference: 'International',
      toAccount: 'DE89370400440532013000',
      recipient: 'Hans Müller',
      purpose: 'Payment for services',
      paymentRegion: 'SWIFT',
    });
  });

  it('maps payment regions to the transaction types of docs/product.md', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '10000.00');
    const expected = { SEPA: 'Europe (SEPA)', ACH: 'ACH', BACS: 'BACS', INTERAC: 'INTERAC', EFT: 'EFT', 'PAN AFRICA': 'International (Pan Africa)' };
    for (const [region, type] of Object.entries(expected)) {
      expect((await create(client, international(account.number, '10.00', { paymentRegions: region }))).statusCode).toBe(200);
      expect((await list(client))[0]!.transactionType).toBe(type);
    }
  });

  it('validates the recipient details (required fields, IBAN checksum, SWIFT/BIC, e-mail, countries)', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '1000.00');
    const withDetails = (details: Record<string, unknown>) => international(account.number, '10.00', { recipientDetails: { ...TEST_RECIPIENT_DETAILS, ...details } });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ recipientsIban: 'DE89 3704 0044 0532 0130 01' }, 'recipientDetails.recipientsIban', 'validation.iban.invalid'],
      [{ recipientsSwiftBic: 'DEUT' }, 'recipientDetails.recipientsSwiftBic', 'validation.swiftBic.invalid'],
      [{ recipientsEmail: 'not-an-email' }, 'recipientDetails.recipientsEmail', 'validation.email.invalid'],
      [{ recipientsBankCountry: 'XX' }, 'recipientDetails.recipientsBankCountry', 'validation.country.invalid'],
      [{ country: 'Germany' }, 'recipientDetails.country', 'validation.country.invalid'],
      [{ fullName: '' }, 'recipientDetails.fullName', 'validation.required'],
      [{ recipientsAddress: undefined }, 'recipientDetails.recipientsAddress', 'validation.required'],
      [{ recipientsBank: ' ' }, 'recipientDetails.recipientsBank', 'validation.required'],
      [{ recipientsBankAddress: undefined }, 'recipientDetails.recipientsBankAddress', 'validation.required'],
      [{ phoneNumber: '12' }, 'recipientDetails.phoneNumber', 'validation.phone.invalid'],
      [{ recipientsIban: '', recipientsAccountNumber: '' }, 'recipientDetails.recipientsIban', 'validation.ibanOrAccountNumber.required'],
    ];
    for (const [details, field, message] of cases) {
      const response = await create(client, withDetails(details));
      expect(response.statusCode, JSON.stringify(details)).toBe(400);
      expect(response.json().fields[field], JSON.stringify(details)).toBe(message);
    }
    const noRegion = await create(client, international(account.number, '10.00', { paymentRegions: 'MARS' }));
    expect(noRegion.json().fields.paymentRegions).toBe('validation.paymentRegions.required');
    const accountNumberOnly = await create(client, withDetails({ recipientsIban: null, recipientsAccountNumber: '12345678' }));
    expect(accountNumberOnly.statusCode, accountNumberOnly.body).toBe(200);
    const sepaWithoutIban = await create(client, international(account.number, '10.00', { paymentRegions: 'SEPA', recipientDetails: { ...TEST_RECIPIENT_DETAILS, recipientsIban: '', recipientsAccountNumber: '12345678' } }));
    expect(sepaWithoutIban.json().fields['recipientDetails.recipientsIban']).toBe('validation.iban.requiredForSepa');
    expect((await listedAccount(context, client, account.number)).balance).toBe('940.00');
  });

  it('refuses SEPA in another currency than EUR and amounts above the available balance with the fee', async () => {
    const client = await createSignedInClient(context);
    const usd = await openTestAccount(context, client, 'USD', '100.00');
    const sepa = await create(client, international(usd.number, '10.00', { paymentRegions: 'SEPA' }));
    expect(sepa.json().fields.paymentRegions).toBe('validation.paymentRegions.sepaEuroOnly');
    const tooMuch = await create(client, international(usd.number, '50.00'));
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', details: { fee: '54.12', total: '104.12' } });
  });

  it('approval books the hold: client −(amount + fee), clearing +amount, fee income +fee', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '2000.00');
    await create(client, international(account.number, '1000.00'));
    const [row] = await list(client);
    const transferId = await pendingTransferId(row!.transactionNumber);
    await context.db.transaction().execute((trx) => markTransferProcessing(trx, transferId, randomUUID()));
    expect((await list(client))[0]!.transactionStatus).toBe('Processing');
    await context.db.transaction().execute((trx) => approveTransfer(trx, transferId, randomUUID()));
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '950.00', bookedBalance: '950.00' });
    // Booked now: the row shows the booked balance after the approval's postings.
    expect((await list(client))[0]).toMatchObject({ transactionStatus: 'Approved', balance: '950.00' });
    await expect(context.db.transaction().execute((trx) => denyTransfer(trx, transferId, randomUUID()))).rejects.toMatchObject({ code: 'CONFLICT' });
    const audit = await context.db.selectFrom('audit_log').select('action').where('subject_id', '=', transferId).orderBy('id').execute();
    expect(audit.map((item) => item.action)).toEqual(['transfer.create.international', 'transfer.processing', 'transfer.approved']);
  });

  it('denial and expiry release the hold', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '2000.00');
    await create(client, international(account.number, '100.00'));
    await create(client, international(account.number, '200.00'));
    const [second, first] = await list(client);
    expect((await listedAccount(context, client, account.number)).balance).toBe('1600.00');
    const firstId = await pendingTransferId(first!.transactionNumber);
    const secondId = await pendingTransferId(second!.transactionNumber);
    await context.db.transaction().execute((trx) => denyTransfer(trx, firstId, randomUUID(), 'Sanctions screening'));
    expect((await listedAccount(context, client, account.number)).balance).toBe('1750.00');
    await context.db.transaction().execute(async (trx) => endLockedTransfer(trx, await lockPendingTransfer(trx, secondId), 'Expired', { type: 'system', id: null }));
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '2000.00', bookedBalance: '2000.00' });
    // Neither was booked: both rows stay where they were made, with the booked balance of then.
    expect((await list(client)).map((item) => [item.transactionStatus, item.balance])).toEqual([['Expired', '2000.00'], ['Denied', '2000.00']]);
  });
});

describe('GET /api/transaction/list', () => {
  it('filters by own account, limits, and validates the query', async () => {
    const client = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const eur = await openTestAccount(context, client, 'EUR', '100.00');
    const usd = await openTestAccount(context, client, 'USD', '100.00');
    const payeeEur = await openTestAccount(context, payee, 'EUR');
    const payeeUsd = await openTestAccount(context, payee, 'USD');
    for (let index = 0; index < 3; index += 1) {
      await create(client, { type: 'internal', accNumberFrom: eur.number, accNumberTo: payeeEur.number, amount: '1.00' });
      await create(client, { type: 'internal', accNumberFrom: usd.number, accNumberTo: payeeUsd.number, amount: '2.00' });
    }
    expect(await list(client)).toHaveLength(6);
    const onlyUsd = await list(client, `?accountNumber=${usd.number}`);
    expect(onlyUsd.map((row) => row.currency)).toEqual(['USD', 'USD', 'USD']);
    expect(onlyUsd.map((row) => row.balance)).toEqual(['94.00', '96.00', '98.00']);
    expect(await list(client, '?limit=2')).toHaveLength(2);
    const bad = await context.app.inject({ method: 'GET', url: '/api/transaction/list?limit=0', headers: client.headers });
    expect(bad.statusCode).toBe(400);
    const anonymous = await context.app.inject({ method: 'GET', url: '/api/transaction/list' });
    expect(anonymous.statusCode).toBe(401);
  });
});
