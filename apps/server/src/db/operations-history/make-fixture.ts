import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../config';
import { seedDemoData } from '../../seed';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, jobContextOf, type TestContext } from '../../test/harness';
import { createSignedInOperator, type TestOperator } from '../../test/operators';
import { findAccountByNumber, type ClientAccount } from '../../modules/accounts/service';
import { openTestAccount } from '../../modules/accounts/test-support';
import { openTestWallet } from '../../modules/crypto/test-support';
import { addCalendarDays, bankDateOf, fixedClock } from '../../modules/jobs/clock';
import { planStandingOrdersJob } from '../../modules/standing-orders/job';
import { expireHolds } from '../../modules/transfers/hold-expiry';
import { settleInternalTransfers } from '../../modules/transfers/internal';
import { runDueScheduledTransfers } from '../../modules/transfers/scheduled';
import { TEST_RECIPIENT_DETAILS } from '../../modules/transfers/test-support';
import { recordAnswers } from './answers';
import { dumpRows } from './fixture';

/**
 * Writes the fixture of the operations-history test: a database filled by the bank's own services
 * and API (the demo history, then operations of every kind in every state the bank gives them, with
 * transfers approved by one operator and by two, a release rejected and proposed again), its rows
 * (fixture.ts) and the answers the bank gave about them then (answers.ts).
 *
 * It was run against the app whose tables were those of migration 0092 (one transfers table, two
 * statement tables, transfer_approvals), so the rows are that schema's and the answers are that
 * app's. Run against a later app it would write that app's tables instead, which the test cannot
 * load at migration 0092: the files it wrote are kept with the test.
 */
const OUTSIDE_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const OUTSIDE_ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

export async function makeFixture(directory: string): Promise<void> {
  const started = new Date();
  const today = bankDateOf(started, 'UTC');
  const clock = fixedClock(started);
  const { time } = loadConfig({ NODE_ENV: 'test' });
  const context = await createTestContext({ time: { ...time, ratesMaxAgeHours: Number.MAX_SAFE_INTEGER } }, { clock });
  try {
    await fill(context, clock, today);
    const now = new Date(Date.now() + 60_000);
    await writeFile(path.join(directory, 'rows-0092.json'), `${JSON.stringify(await dumpRows(context.db), null, 1)}\n`);
    await writeFile(path.join(directory, 'answers-0092.json'), `${JSON.stringify(await recordAnswers(context.db, now), null, 1)}\n`);
  } finally {
    await context.close();
  }
}

async function fill(context: TestContext, clock: ReturnType<typeof fixedClock>, today: string): Promise<void> {
  const jobs = jobContextOf(context, clock);
  const call = async (who: { headers: { authorization: string } }, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const response = await context.app.inject({
      method,
      url: `/api/${url}`,
      headers: { ...who.headers, 'idempotency-key': randomUUID() },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const lastNumber = async (client: TestClient): Promise<string> => (await call(client, 'GET', 'transaction/list?limit=1'))[0].transactionNumber;
  const lastCrypto = async (client: TestClient): Promise<string> => (await call(client, 'GET', 'crypto-transaction/list?limit=1')).items[0].transactionNumber;

  await seedDemoData(context.deps);
  const [pay1, pay2, pay3] = [
    await createSignedInOperator(context, ['payments']),
    await createSignedInOperator(context, ['payments']),
    await createSignedInOperator(context, ['payments']),
  ] as [TestOperator, TestOperator, TestOperator];
  const approve = (who: TestOperator, number: string) => call(who, 'POST', `backoffice/transactions/${number}/approve`);
  const deny = (who: TestOperator, number: string, reason: string) => call(who, 'POST', `backoffice/transactions/${number}/deny`, { reason });
  const decideProposal = (who: TestOperator, id: string, decision: 'approve' | 'reject', reason?: string) =>
    call(who, 'POST', `backoffice/approvals/${id}/${decision}`, decision === 'reject' ? { reason } : undefined);

  const anna = await createSignedInClient(context, { firstName: 'Anna' });
  const corp = await createSignedInClient(context, { accountType: 'business', companyName: 'Northwind Trading Ltd' });
  const boris = await createSignedInClient(context, { firstName: 'Boris' });
  const annaEur = await openTestAccount(context, anna, 'EUR');
  const annaUsd = await openTestAccount(context, anna, 'USD');
  const corpEur = await openTestAccount(context, corp, 'EUR');
  const borisEur = await openTestAccount(context, boris, 'EUR');
  const annaBtc = await openTestWallet(context, anna, 'BTC');
  const annaEth = await openTestWallet(context, anna, 'ETH');
  const corpBtc = await openTestWallet(context, corp, 'BTC');
  // Money comes in as it does at a bank: payments from other banks and coins on the network, each
  // proposed by one operator and booked by another, so every account's statement adds up.
  const receive = async (accountNumber: string, amount: string, currency: string, reference: string) => {
    const proposed = await call(pay3, 'POST', 'backoffice/incoming-payments', {
      accountNumber, amount, currency, senderName: 'Initech LLC', senderAccount: 'DE89 3704 0044 0532 0130 00',
      paymentRegion: 'SWIFT', valueDate: today, reference, reason: 'Opening balance',
    });
    await decideProposal(pay1, proposed.approval.id, 'approve');
  };
  await receive(annaEur.number, '90000.00', 'EUR', 'FUND-1');
  await receive(annaUsd.number, '5000.00', 'USD', 'FUND-2');
  await receive(corpEur.number, '20000.00', 'EUR', 'FUND-3');
  await receive(borisEur.number, '100.00', 'EUR', 'FUND-4');
  for (const [address, amount, currency, hash] of [
    [annaBtc.number, '2', 'BTC', 'cd'.repeat(32)],
    [annaEth.number, '30', 'ETH', 'ef'.repeat(32)],
  ] as const) {
    const proposed = await call(pay3, 'POST', 'backoffice/crypto-deposits', { address, amount, currency, txHash: hash, reason: 'Seen on chain' });
    await decideProposal(pay1, proposed.approval.id, 'approve');
  }

  const internal = (from: string, to: string, amount: string, extra: Record<string, unknown> = {}) => ({ type: 'internal', accNumberFrom: from, accNumberTo: to, amount, ...extra });
  const abroad = (from: string, region: 'SWIFT' | 'SEPA', amount: string, extra: Record<string, unknown> = {}) => ({
    type: 'international',
    paymentRegions: region,
    fromAccount: from,
    amount,
    purpose: 'Payment for services',
    recipientDetails: region === 'SEPA' ? { ...TEST_RECIPIENT_DETAILS, recipientsIban: 'DE89370400440532013000' } : TEST_RECIPIENT_DETAILS,
    ...extra,
  });
  const create = async (client: TestClient, payload: Record<string, unknown>) => {
    await call(client, 'POST', 'transaction/create', payload);
    return lastNumber(client);
  };

  // Transfers abroad left waiting, then expired with the demo's own pending ones: the bank's days pass.
  await create(anna, abroad(annaEur.number, 'SWIFT', '120.00', { reference: 'Expires undecided' }));
  clock.set(`${addCalendarDays(today, 12)}T12:00:00Z`);
  await expireHolds(jobs);
  clock.set(`${today}T06:30:00Z`);

  // Internal transfers, two under one template name, and one back.
  await create(anna, internal(annaEur.number, corpEur.number, '150.00', { templateName: 'Office rent', reference: 'March rent', fullName: 'Northwind Trading' }));
  await create(anna, internal(annaEur.number, corpEur.number, '155.00', { templateName: 'Office rent', reference: 'April rent', fullName: 'Northwind Trading', email: 'billing@northwind.test' }));
  const refund = await create(corp, internal(corpEur.number, annaEur.number, '20.00', { reference: 'Deposit refund' }));
  await create(anna, internal(annaEur.number, borisEur.number, '35.00', { templateName: 'Boris', fullName: 'Boris Client' }));

  // A batch of the group commit: three transfers on the same two accounts, booked at one instant.
  const [annaAccount, corpAccount] = (await Promise.all([annaEur.number, corpEur.number].map((number) => findAccountByNumber(context.db, number)))) as [ClientAccount, ClientAccount];
  await context.db.transaction().execute((trx) =>
    settleInternalTransfers(trx, [
      { clientId: anna.id, from: annaAccount, to: corpAccount, amountMinor: 100n },
      { clientId: corp.id, from: corpAccount, to: annaAccount, amountMinor: 40n },
      { clientId: anna.id, from: annaAccount, to: corpAccount, amountMinor: 7n },
    ]),
  );

  // Transfers abroad: booked on one approval, on two, on two after a rejected release; denied before
  // and after a first approval; withdrawn by the client (its fee a row of its own); waiting New and Processing.
  const one = await create(anna, abroad(annaEur.number, 'SWIFT', '300.00', { templateName: 'Supplier' }));
  await approve(pay1, one);
  const two = await create(anna, abroad(annaEur.number, 'SEPA', '15000.00', { reference: 'Machinery' }));
  await approve(pay1, two);
  await approve(pay2, two);
  const againProposed = await create(anna, abroad(annaEur.number, 'SEPA', '11000.00'));
  await approve(pay1, againProposed);
  const releases: Array<{ id: string; summary: string }> = (await call(pay2, 'GET', 'backoffice/approvals?kind=transferRelease')).items;
  const firstRelease = releases.find((item) => item.summary === againProposed)!;
  await decideProposal(pay2, firstRelease.id, 'reject', 'Recipient to be checked again');
  await approve(pay3, againProposed);
  await approve(pay2, againProposed);
  const denied = await create(anna, abroad(annaEur.number, 'SWIFT', '250.00'));
  await deny(pay1, denied, 'The recipient bank refused the payment');
  const deniedAfterOne = await create(anna, abroad(annaEur.number, 'SEPA', '10500.00'));
  await approve(pay1, deniedAfterOne);
  await deny(pay2, deniedAfterOne, 'Sanctions screening');
  const withdrawn = await create(anna, abroad(annaEur.number, 'SEPA', '80.00'));
  await call(anna, 'POST', 'transaction/cancel', { transactionNumber: withdrawn });
  await create(corp, abroad(corpEur.number, 'SEPA', '400.00', { reference: 'Waits for the bank' }));
  const processing = await create(corp, abroad(corpEur.number, 'SEPA', '12000.00'));
  await approve(pay1, processing);

  // An exchange between two accounts of one client.
  await call(anna, 'POST', 'transaction/create', { type: 'exchange', accNumberFrom: annaEur.number, accNumberTo: annaUsd.number, amount: '1000.00', forAmountCurrency: 'EUR', getAmountCurrency: 'USD' });

  // An incoming payment booked by two operators, and one still proposed.
  const incoming = await call(pay1, 'POST', 'backoffice/incoming-payments', {
    accountNumber: borisEur.number, amount: '2500.00', currency: 'EUR', senderName: 'Acme GmbH', senderAccount: 'DE89 3704 0044 0532 0130 00',
    paymentRegion: 'SEPA', valueDate: today, reference: 'INV-2026-118', purpose: 'Invoice 118', reason: 'Statement of the correspondent account',
  });
  await decideProposal(pay2, incoming.approval.id, 'approve');
  await call(pay1, 'POST', 'backoffice/incoming-payments', {
    accountNumber: annaEur.number, amount: '700.00', currency: 'EUR', senderName: 'Globex Inc', senderAccount: 'GB29 NWBK 6016 1331 9268 19',
    paymentRegion: 'SWIFT', valueDate: today, reference: 'PO-77', reason: 'Swift message seen',
  });

  // Crypto: out of the bank on one approval, on two, denied and waiting; to another client's wallet; a deposit.
  const send = async (amount: string, reference?: string, recipient = OUTSIDE_BTC, from = annaBtc.number, currency = 'BTC') => {
    await call(anna, 'POST', 'crypto-transaction/create', { type: 'crypto', fromWallet: from, recipient, amount, currency, ...(reference ? { reference } : {}) });
    return lastCrypto(anna);
  };
  await approve(pay1, await send('0.05', 'Rent'));
  await deny(pay1, await send('0.02'), 'Address on a watch list');
  const largeCrypto = await send('5', 'Fleet', OUTSIDE_ETH, annaEth.number, 'ETH');
  await approve(pay1, largeCrypto);
  await approve(pay2, largeCrypto);
  await send('0.01', 'Waits');
  const toCorp = await send('0.10000000', 'Gift', corpBtc.number);
  const deposit = await call(pay1, 'POST', 'backoffice/crypto-deposits', { address: annaEth.number, amount: '1.5', currency: 'ETH', txHash: 'ab'.repeat(32), reason: 'Seen on chain' });
  await decideProposal(pay2, deposit.approval.id, 'approve');

  // Conversions between a wallet and an account: approved, denied, waiting.
  const convert = async (from: { number: string; currency: string }, to: { number: string; currency: string }, amount: string) => {
    const quote = await call(anna, 'GET', `exchange/conversion-quote?from=${from.currency}&to=${to.currency}&amount=${amount}`);
    await call(anna, 'POST', 'transaction/create', { type: 'exchange', accNumberFrom: from.number, accNumberTo: to.number, amount, forAmountCurrency: from.currency, getAmountCurrency: to.currency, rate: quote.rate });
    return lastCrypto(anna);
  };
  await approve(pay1, await convert(annaBtc, annaEur, '0.1'));
  await deny(pay1, await convert(annaUsd, annaBtc, '500.00'), 'Conversion limits exceeded');
  await convert(annaEth, annaUsd, '1');

  // Reversals of a fiat transfer and of a crypto one, each proposed by one operator and approved by another.
  for (const number of [refund, toCorp]) {
    const proposed = await call(pay1, 'POST', 'backoffice/reversals', { transactionNumber: number, reason: 'Sent by mistake' });
    await decideProposal(pay2, proposed.approval.id, 'approve');
  }

  // A term deposit opened (its placement and its opening fee).
  await call(anna, 'POST', 'deposit/create', { currency: 'EUR', accNumberFrom: annaEur.number, amount: '10000.00', termMonths: 3, payoutMonths: 1 });

  // Payments on their date: run, failed for want of funds, canceled, still waiting; abroad, held when
  // run; and a standing order's occurrence.
  const inTwoDays = addCalendarDays(today, 2);
  await create(anna, internal(annaEur.number, corpEur.number, '60.00', { transferDate: inTwoDays, reference: 'Dated', templateName: 'Office rent' }));
  await create(boris, internal(borisEur.number, annaEur.number, '9000.00', { transferDate: inTwoDays, reference: 'Too much' }));
  const canceled = await create(anna, internal(annaEur.number, corpEur.number, '61.00', { transferDate: inTwoDays }));
  await call(anna, 'POST', 'transaction/cancel', { transactionNumber: canceled });
  await create(anna, internal(annaEur.number, corpEur.number, '62.00', { transferDate: addCalendarDays(today, 20), reference: 'Later' }));
  await create(anna, abroad(annaEur.number, 'SWIFT', '90.00', { paymentDate: inTwoDays, reference: 'Dated abroad' }));
  await create(corp, abroad(corpEur.number, 'SEPA', '95.00', { paymentDate: addCalendarDays(today, 21) }));
  await call(anna, 'POST', 'standing-orders', {
    transfer: internal(annaEur.number, borisEur.number, '10.00', { fullName: 'Boris Client', reference: 'Pocket money' }),
    frequency: 'monthly',
    startDate: inTwoDays,
    count: 3,
  });
  clock.set(`${inTwoDays}T07:00:00Z`);
  await planStandingOrdersJob.run(jobs, {});
  await runDueScheduledTransfers(jobs);
}
