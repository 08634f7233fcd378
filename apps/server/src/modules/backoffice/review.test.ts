// Proves the operators' work through the API: KYC decisions (the client identified at once, the
// reason on its screen, a mail in its language), the payments queue with two approvals by two
// operators above 10,000 EUR, denial releasing the hold, incoming payments on the statement,
// rates and spread reaching the exchange screen, the read-only views, and an audit row for each.
import { accountNumberFromSerial, type TransactionRecord } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { closeCheckingLedger } from '../ledger/test-context';
import { TEST_RECIPIENT_DETAILS } from '../transfers/test-support';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { PERSONAL_KYC_FORM } from '../../test/kyc';
import { createTestContext, type TestContext } from '../../test/harness';
import { createFourEyesOperators, createSignedInOperator, type FourEyesOperators, type TestOperator } from '../../test/operators';

let context: TestContext;
let compliance: TestOperator;
let operators: FourEyesOperators;

beforeAll(async () => {
  context = await createTestContext();
  compliance = await createSignedInOperator(context, ['compliance']);
  operators = await createFourEyesOperators(context);
});
afterAll(() => closeCheckingLedger(context));

function as(operator: TestOperator, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) {
  return context.app.inject({ method, url: `/api/backoffice/${url}`, headers: { ...operator.headers, ...headers }, ...(payload === undefined ? {} : { payload }) });
}

async function auditOf(subjectId: string): Promise<Array<{ action: string; actor_id: string | null; before: unknown; after: unknown }>> {
  return context.db.selectFrom('audit_log').select(['action', 'actor_id', 'before', 'after']).where('subject_id', '=', subjectId).orderBy('id').execute();
}

async function submitKyc(language: 'en' | 'ru'): Promise<{ client: TestClient; kycId: string }> {
  const client = await createSignedInClient(context, { kycStatus: null });
  await context.db.updateTable('clients').set({ language }).where('id', '=', client.id).execute();
  const created = await context.app.inject({ method: 'POST', url: '/api/kyc/create', headers: client.headers, payload: PERSONAL_KYC_FORM });
  expect(created.statusCode, created.body).toBe(200);
  const [record] = (await context.app.inject({ method: 'GET', url: '/api/kyc/list', headers: client.headers })).json();
  return { client, kycId: record.kycId };
}

/** The KYC status the cabinet shows the client, read with the session it already has. */
async function userMenuStatus(client: TestClient): Promise<unknown> {
  return (await context.app.inject({ method: 'GET', url: '/api/user/me', headers: client.headers })).json().flags.kycStatus;
}

describe('KYC review', () => {
  it('lists submissions in review with the client, and approval identifies the client at once, with a mail', async () => {
    const { client, kycId } = await submitKyc('ru');
    const queue = await as(compliance, 'GET', 'kyc?status=New');
    expect(queue.statusCode).toBe(200);
    const item = queue.json().items.find((row: { kycId: string }) => row.kycId === kycId);
    expect(item).toMatchObject({ status: 'New', firstName: 'Ivan', accountType: 'personal', version: 1, client: { clientId: client.id, email: client.email } });
    expect((await as(compliance, 'GET', `kyc/${kycId}`)).json()).toMatchObject({ kycId, version: 1 });
    const { version } = item;

    const opened = await context.app.inject({ method: 'POST', url: '/api/account/create', headers: client.headers, payload: { currencies: ['EUR'] } });
    expect(opened.statusCode).toBe(403);
    expect(await userMenuStatus(client)).toBe('New');
    const approved = await as(compliance, 'POST', `kyc/${kycId}/approve`, { version });
    expect(approved.json()).toEqual({ kycId, status: 'Approved' });
    const reopened = await context.app.inject({ method: 'POST', url: '/api/account/create', headers: client.headers, payload: { currencies: ['EUR'] } });
    expect(reopened.statusCode, reopened.body).toBe(200);
    await expect.poll(() => context.mails.filter((mail) => mail.to === client.email).length).toBe(1);
    const mail = context.mails.find((item) => item.to === client.email)!;
    expect(mail.subject).toContain('Верификация пройдена');

    // A repeated click changes nothing and mails nothing; the other decision is refused.
    expect((await as(compliance, 'POST', `kyc/${kycId}/approve`, { version })).json()).toEqual({ kycId, status: 'Approved' });
    expect((await as(compliance, 'POST', `kyc/${kycId}/reject`, { reason: 'Too late', version })).statusCode).toBe(409);
    const audit = await auditOf(kycId);
    expect(audit.filter((row) => row.action === 'kyc.decided')).toEqual([
      { action: 'kyc.decided', actor_id: compliance.id, before: { status: 'New', clientStatus: 'New', version: 1 }, after: { status: 'Approved', clientStatus: 'Approved', reason: null } },
    ]);
    expect(context.mails.filter((item) => item.to === client.email)).toHaveLength(1);
    expect(await userMenuStatus(client)).toBe('Approved');
  });

  it('rejection needs a reason, which the client reads on its KYC screen, with a mail in its language', async () => {
    const { client, kycId } = await submitKyc('en');
    expect((await as(compliance, 'POST', `kyc/${kycId}/reject`, { reason: '  ', version: 1 })).json().fields).toEqual({ reason: 'validation.required' });
    const rejected = await as(compliance, 'POST', `kyc/${kycId}/reject`, { reason: 'The passport photo is unreadable', version: 1 });
    expect(rejected.json()).toEqual({ kycId, status: 'Rejected' });
    const [record] = (await context.app.inject({ method: 'GET', url: '/api/kyc/list', headers: client.headers })).json();
    expect(record).toMatchObject({ status: 'Rejected', rejectionReason: 'The passport photo is unreadable' });
    await expect.poll(() => context.mails.some((mail) => mail.to === client.email)).toBe(true);
    const mail = context.mails.find((item) => item.to === client.email)!;
    expect(mail.subject).toContain('needs another look');
    expect(mail.text).toContain('The passport photo is unreadable');
  });

  it('a submission id that does not exist, or is no id at all, is 404', async () => {
    expect((await as(compliance, 'POST', 'kyc/00000000-0000-4000-8000-000000000000/approve', { version: 1 })).statusCode).toBe(404);
    expect((await as(compliance, 'POST', 'kyc/not-an-id/approve', { version: 1 })).statusCode).toBe(404);
  });
});


async function sendAbroad(client: TestClient, fromAccount: string, amount: string): Promise<string> {
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/transaction/create',
    headers: client.headers,
    payload: { type: 'international', paymentRegions: 'SWIFT', fromAccount, amount, purpose: 'Tuition', reference: 'INV-7', recipientDetails: TEST_RECIPIENT_DETAILS },
  });
  expect(created.statusCode, created.body).toBe(200);
  const rows = (await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers })).json<TransactionRecord[]>();
  return rows.find((row) => row.amount === amount && row.transactionStatus === 'New')!.transactionNumber;
}

describe('payments queue', () => {
  it('books a transfer up to 10,000 EUR on one approval', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '5000.00');
    const number = await sendAbroad(client, account.number, '1000.00');
    const queued = (await as(operators.payments, 'GET', 'transactions?status=New')).json().items.find((row: { transactionNumber: string }) => row.transactionNumber === number);
    expect(queued).toMatchObject({
      status: 'New',
      amount: '1000.00',
      fee: '50.00',
      total: '1050.00',
      currency: 'EUR',
      amountEur: '1000.00',
      availableBalance: '3950.00',
      requiredApprovals: 1,
      approvals: [],
      recipient: 'Hans Müller',
      client: { clientId: client.id, email: client.email },
    });
    const approved = await as(operators.payments, 'POST', `transactions/${number}/approve`);
    expect(approved.json()).toMatchObject({ status: 'Approved', approvals: [{ operatorId: operators.payments.id }] });
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '3950.00', bookedBalance: '3950.00' });
    // Again: nothing more happens.
    const again = await as(operators.payments, 'POST', `transactions/${number}/approve`);
    expect(again.statusCode).toBe(409);
    expect(await listedAccount(context, client, account.number)).toMatchObject({ bookedBalance: '3950.00' });
  });

  it('above 10,000 EUR needs two approvals by two different operators', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'USD', '20000.00');
    // 12,000 USD is over 10,000 EUR at the snapshot's mid rate.
    const number = await sendAbroad(client, account.number, '12000.00');
    const pending = (await as(operators.payments, 'GET', `transactions/${number}`)).json();
    expect(pending.requiredApprovals).toBe(2);
    expect(Number(pending.amountEur)).toBeGreaterThan(10_000);

    const first = await as(operators.payments, 'POST', `transactions/${number}/approve`);
    expect(first.json()).toMatchObject({ status: 'Processing', approvals: [{ operatorId: operators.payments.id }] });
    const bookedBefore = (await listedAccount(context, client, account.number)).bookedBalance;
    expect(bookedBefore).toBe('20000.00');

    const twice = await as(operators.payments, 'POST', `transactions/${number}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().details).toMatchObject({ status: 'Processing', reason: 'alreadyApproved' });
    expect((await as(operators.payments, 'GET', `transactions/${number}`)).json().approvals).toHaveLength(1);

    const second = await as(operators.secondPayments, 'POST', `transactions/${number}/approve`);
    expect(second.json()).toMatchObject({ status: 'Approved', approvals: [{ operatorId: operators.payments.id }, { operatorId: operators.secondPayments.id }] });
    const fee = pending.fee as string;
    const after = await listedAccount(context, client, account.number);
    expect(after.bookedBalance).toBe(after.balance);
    expect(Number(after.bookedBalance)).toBeCloseTo(20000 - 12000 - Number(fee), 2);
    const transferId = (await context.db.selectFrom('operations').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id;
    expect((await auditOf(transferId)).map((row) => [row.action, row.actor_id])).toEqual([
      ['transfer.create.international', client.id],
      ['transfer.processing', operators.payments.id],
      ['transfer.approved', operators.secondPayments.id],
    ]);
  });

  it('denial releases the hold in full and records the reason', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '3000.00');
    const number = await sendAbroad(client, account.number, '1000.00');
    expect((await listedAccount(context, client, account.number)).balance).toBe('1950.00');
    expect((await as(operators.payments, 'POST', `transactions/${number}/deny`, {})).json().fields).toEqual({ reason: 'validation.required' });
    const denied = await as(operators.payments, 'POST', `transactions/${number}/deny`, { reason: 'Sanctions screening' });
    expect(denied.json().status).toBe('Denied');
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '3000.00', bookedBalance: '3000.00' });
    expect((await as(operators.payments, 'POST', `transactions/${number}/approve`)).statusCode).toBe(409);
    const transferId = (await context.db.selectFrom('operations').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id;
    expect((await auditOf(transferId)).at(-1)).toMatchObject({ action: 'transfer.denied', actor_id: operators.payments.id, after: { status: 'Denied', reason: 'Sanctions screening' } });
    expect((await as(operators.payments, 'GET', 'transactions/NO-SUCH/approve')).statusCode).toBe(404);
  });
});

describe('incoming payments', () => {
  it("previews and books money from abroad to a client's account: clearing → client less the fee, IN on the statement", async () => {
    const client = await createSignedInClient(context, { firstName: 'Maria' });
    const account = await openTestAccount(context, client, 'EUR');
    const body = { accountNumber: account.number, amount: '20000.00', currency: 'EUR', senderName: 'Acme GmbH', senderAccount: 'DE89370400440532013000', purpose: 'Salary', paymentRegion: 'SEPA' };
    const preview = await as(operators.payments, 'POST', 'incoming-payments/preview', body);
    expect(preview.json()).toEqual({ holder: 'Maria Client', amount: '20000.00', fee: '60.00', credited: '19940.00', currency: 'EUR' });
    const key = { 'idempotency-key': 'incoming-0001-abcdef' };
    const proposed = await as(operators.payments, 'POST', 'incoming-payments', body, key);
    expect(proposed.statusCode, proposed.body).toBe(202);
    // The same key again replays the answer and proposes nothing more.
    const replay = await as(operators.payments, 'POST', 'incoming-payments', body, key);
    expect(replay.json()).toEqual(proposed.json());
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '0.00', bookedBalance: '0.00' });
    const approved = await as(operators.secondPayments, 'POST', `approvals/${proposed.json().approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const booked = { json: () => approved.json().result as { transactionNumber: string } };
    expect(approved.json().result).toMatchObject({ amount: '20000.00', fee: '60.00', credited: '19940.00' });
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '19940.00', bookedBalance: '19940.00' });
    const rows = (await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers })).json<TransactionRecord[]>();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ direction: 'IN', amount: '20000.00', fee: '60.00', recipient: 'Acme GmbH', transactionStatus: 'Approved', transactionNumber: booked.json().transactionNumber });
    const transferId = (await context.db.selectFrom('operations').select('id').where('number', '=', booked.json().transactionNumber).executeTakeFirstOrThrow()).id;
    expect((await auditOf(transferId))[0]).toMatchObject({ actor_id: operators.secondPayments.id });
  });

  it('refuses an unknown account, another currency and a bad amount, booking nothing', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'USD');
    const base = { accountNumber: account.number, amount: '10.00', currency: 'USD', senderName: 'A', senderAccount: 'X1234', paymentRegion: 'SWIFT' };
    expect((await as(operators.payments, 'POST', 'incoming-payments', { ...base, currency: 'EUR' })).json().fields).toEqual({ currency: 'validation.currency.mismatch' });
    expect((await as(operators.payments, 'POST', 'incoming-payments', { ...base, amount: '1.001' })).json().fields).toEqual({ amount: 'validation.amount.tooManyDecimals' });
    expect((await as(operators.payments, 'POST', 'incoming-payments', { ...base, amount: '0' })).statusCode).toBe(400);
    const unknown = await as(operators.payments, 'POST', 'incoming-payments', { ...base, accountNumber: accountNumberFromSerial(987_654_321n) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fields).toEqual({ accountNumber: 'validation.accountNumber.notFound' });
    expect((await listedAccount(context, client, account.number)).balance).toBe('0.00');
  });
});

describe('rates', () => {
  async function quoteEurUsd(): Promise<string> {
    const answer = await context.app.inject({ method: 'POST', url: '/api/converter/convert', payload: { from: 'EUR', to: 'USD', amount: '100.00' } });
    return answer.json().rate;
  }

  it('an operator rate and the spread reach the exchange quote at once; each change is audited', async () => {
    const rates = (await as(operators.admin, 'GET', 'rates')).json();
    expect(rates.spreadBasisPoints).toBe(50);
    expect(rates.rates.find((row: { currency: string }) => row.currency === 'USD')).toMatchObject({ source: 'snapshot' });
    // More than 2 % from the ECB reference: it waits for a second admin.
    const set = await as(operators.admin, 'PUT', 'rates', { pair: 'EUR/USD', rate: '1.2000', reason: 'Market moved' });
    expect(set.statusCode, set.body).toBe(202);
    expect(set.json().rates.find((row: { currency: string }) => row.currency === 'USD')).toMatchObject({ source: 'snapshot' });
    const rateApproved = await as(operators.secondAdmin, 'POST', `approvals/${set.json().approval.id}/approve`);
    expect(rateApproved.statusCode, rateApproved.body).toBe(200);
    expect((await as(operators.admin, 'GET', 'rates')).json().rates.find((row: { currency: string }) => row.currency === 'USD')).toMatchObject({ perEur: '1.2000', source: 'operator' });
    expect(await quoteEurUsd()).toBe('1.1940000');
    const spread = await as(operators.admin, 'PUT', 'rates/spread', { basisPoints: 0 });
    expect(spread.statusCode, spread.body).toBe(202);
    expect(await quoteEurUsd()).toBe('1.1940000');
    expect((await as(operators.secondAdmin, 'POST', `approvals/${spread.json().approval.id}/approve`)).statusCode).toBe(200);
    expect(await quoteEurUsd()).toBe('1.2000000');
    expect((await as(operators.admin, 'PUT', 'rates', { pair: 'USD/EUR', rate: '1' })).json().fields).toEqual({ pair: 'validation.rate.pair' });
    expect((await as(operators.admin, 'PUT', 'rates', { pair: 'EUR/USD', rate: '0' })).json().fields).toEqual({ rate: 'validation.rate.invalid' });
    expect((await as(operators.admin, 'PUT', 'rates/spread', { basisPoints: 5000 })).json().fields).toEqual({ basisPoints: 'validation.spread.invalid' });
    const audit = await context.db.selectFrom('audit_log').select(['action', 'actor_id']).where('action', 'in', ['rates.set', 'rates.spread']).execute();
    expect(audit).toEqual(expect.arrayContaining([{ action: 'rates.set', actor_id: operators.secondAdmin.id }, { action: 'rates.spread', actor_id: operators.secondAdmin.id }]));
    const back = await as(operators.admin, 'PUT', 'rates/spread', { basisPoints: 50 });
    await as(operators.secondAdmin, 'POST', `approvals/${back.json().approval.id}/approve`);
  });

  it('proposes the ECB daily file for a second admin, and refuses anything else', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <Cube><Cube time="2026-11-20"><Cube currency="USD" rate="1.0841"/><Cube currency="GBP" rate="0.8466"/><Cube currency="JPY" rate="162.1"/></Cube></Cube>
</gesmes:Envelope>`;
    const gbp = async () => (await as(operators.admin, 'GET', 'rates')).json().rates.find((row: { currency: string }) => row.currency === 'GBP');
    const uploaded = await as(operators.admin, 'POST', 'rates/ecb', { xml });
    expect(uploaded.statusCode, uploaded.body).toBe(202);
    // The rate in use is the operator's rate set above; the file's reference is checked against the snapshot's.
    expect(uploaded.json().approval).toMatchObject({ kind: 'ecbFile', status: 'Pending', payload: { date: '2026-11-20', perEur: { USD: '1.0841', GBP: '0.8466' }, inUse: { USD: '1.2000', GBP: '0.8421' } } });
    expect(await gbp()).toMatchObject({ perEur: '0.8421', source: 'snapshot' });
    expect((await as(operators.admin, 'POST', `approvals/${uploaded.json().approval.id}/approve`)).statusCode).toBe(403);
    const approved = await as(operators.secondAdmin, 'POST', `approvals/${uploaded.json().approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await gbp()).toMatchObject({ perEur: '0.8466', source: 'ecb', rateDate: '2026-11-20' });
    expect((await as(operators.admin, 'POST', 'rates/ecb', { xml: '<html>not a rate file</html>' })).json().fields).toEqual({ xml: 'validation.ecbFile.invalid' });
    // One admin cannot re-price through the file: the same day again with ten times the rate is refused whole.
    const repriced = await as(operators.admin, 'POST', 'rates/ecb', { xml: xml.replace('rate="1.0841"', 'rate="10.841"') });
    expect(repriced.statusCode).toBe(400);
    expect(repriced.json()).toMatchObject({ fields: { xml: 'validation.ecbFile.dayChanged' }, details: { currencies: ['USD'] } });
    expect((await as(operators.admin, 'POST', 'rates/ecb', { xml: xml.replace('2026-11-20', '2099-12-31') })).json().fields).toEqual({ xml: 'validation.ecbFile.future' });
    expect((await as(operators.admin, 'GET', 'rates')).json().rates.find((row: { currency: string }) => row.currency === 'USD')).toMatchObject({ perEur: '1.0841', source: 'ecb' });
    expect(await auditOf('2026-11-20')).toMatchObject([{ action: 'rates.ecb', actor_id: operators.secondAdmin.id, after: { date: '2026-11-20', origin: 'upload', approvalId: uploaded.json().approval.id } }]);
  });
});

describe('read-only views', () => {
  it('finds clients by e-mail, name or account number and shows a client card', async () => {
    const client = await createSignedInClient(context, { firstName: 'Zinaida' });
    const account = await openTestAccount(context, client, 'GBP', '12.50');
    for (const query of [client.email.toUpperCase(), 'zinaida', account.number]) {
      const found = (await as(compliance, 'GET', `clients?query=${encodeURIComponent(query)}`)).json().items;
      expect(found.map((row: { clientId: string }) => row.clientId), query).toContain(client.id);
    }
    const card = (await as(operators.payments, 'GET', `clients/${client.id}`)).json();
    expect(card.client).toMatchObject({ clientId: client.id, email: client.email, name: 'Zinaida Client' });
    expect(card.accounts).toEqual([{ number: account.number, currency: 'GBP', balance: '12.50', available: '12.50' }]);
    expect((await as(operators.payments, 'GET', 'clients/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lists contact messages and marks one handled once', async () => {
    const sent = await context.app.inject({ method: 'POST', url: '/api/mailer/sendContactFormData', payload: { name: 'Pavel', email: 'pavel@example.com', phone: '+49 30 1234567', message: 'Call me' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const messages = (await as(operators.payments, 'GET', 'contact-messages')).json();
    const message = messages.items.find((item: { email: string }) => item.email === 'pavel@example.com');
    expect(message).toMatchObject({ name: 'Pavel', handledAt: null });
    const summaryBefore = (await as(operators.payments, 'GET', 'summary')).json().contactUnhandled;
    const handled = (await as(operators.payments, 'POST', `contact-messages/${message.id}/handled`)).json();
    expect(handled.handledBy).toBe('Operator payments');
    const again = (await as(operators.admin, 'POST', `contact-messages/${message.id}/handled`)).json();
    expect(again).toEqual(handled);
    expect((await as(operators.payments, 'GET', 'summary')).json().contactUnhandled).toBe(summaryBefore - 1);
    expect((await auditOf(message.id)).map((row) => row.action)).toEqual(['contact.handled']);
  });

  it('the audit trail is filtered by subject and actor', async () => {
    const byActor = (await as(compliance, 'GET', `audit?actor=${encodeURIComponent(operators.admin.email)}`)).json();
    expect(byActor.items.length).toBeGreaterThan(0);
    expect(byActor.items.every((item: { actorId: string; actorName: string }) => item.actorId === operators.admin.id && item.actorName === operators.admin.email)).toBe(true);
    const bySubject = (await as(compliance, 'GET', 'audit?subject=USD')).json();
    expect(bySubject.items[0]).toMatchObject({ action: 'rates.set', subjectId: 'USD', before: { source: 'snapshot' }, after: { perEur: '1.2000', source: 'operator' } });
  });
});
