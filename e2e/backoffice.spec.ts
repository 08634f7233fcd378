// The bank's whole cycle for a new client, as people go it in Chromium: the client registers (the
// code from the real SMTP server) and submits KYC; the compliance operator signs in with a code
// computed from the seeded authenticator secret and approves it; the client sees the full menu and
// the approval mail; the payments operator (in Russian) proposes an incoming payment of 20,000 EUR,
// which credits nothing until the admin approves it in the approvals queue; the client sends
// 12,000 EUR abroad, which needs two operators: the first approval leaves it Processing and the
// same operator cannot approve again, the admin's approval books it; another transfer is denied
// and its hold released; a rejected KYC shows the operator's reason; the demo bank's only admin
// invites an operator, which waits, as the screen says, until a second admin (made by
// `npm run operator:create`) approves it, and the invited operator enrols through the mailed link
// with their own password and authenticator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { formatMoney } from '../apps/web/src/ui/formatMoney';
import { expectAccessible } from './support/axe';
import { approveInvitation, enrolThroughApi, openRow, operatorCreate, operatorSignIn, statusIs } from './support/backoffice';
import {
  chooseMenu,
  fillPersonalKyc,
  label,
  menuEntries,
  newClient,
  openMenu,
  registerThroughUi,
  texts,
  unexpectedProblems,
} from './support/identity';
import { tuitionTransferBody } from './support/money';
import { signInThroughApi } from './support/session';
import { screenshot, startStack, type Stack } from './support/stack';

const SECOND_ADMIN = { email: 'nikolai.sokolov@bank.example', name: 'Nikolai Sokolov', password: 'SecondAdmin2024' };

let stack: Stack;
/** The enrolment link `npm run operator:create` printed for the second admin. */
let secondAdminLink = '';
beforeAll(async () => {
  stack = await startStack({
    // The demo bank has one admin; the second is made on the server, as a real bank's is.
    prepare: async (_dataDir, env) => {
      const printed = await operatorCreate(['--email', SECOND_ADMIN.email, '--name', SECOND_ADMIN.name, '--roles', 'admin'], env);
      secondAdminLink = /(https?:\/\/\S+\/backoffice\/enrol\/[\w-]+)/.exec(printed)?.[1] ?? '';
    },
  });
});
afterAll(() => stack?.close());

interface Account {
  number: string;
  currency: string;
  balance: string;
  bookedBalance: string;
}
interface Row {
  transactionNumber: string;
  amount: string;
  transactionStatus: string;
  direction: string;
}

function clientApi(token: string) {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${stack.baseUrl}/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    accounts: () => call<Account[]>('GET', 'account/list'),
    rows: () => call<Row[]>('GET', 'transaction/list'),
    openAccount: (currency: string) => call<Account>('POST', 'account/create', { currencies: [currency] }),
    sendAbroad: (fromAccount: string, amount: string) =>
      call('POST', 'transaction/create', tuitionTransferBody(fromAccount, amount, 'Tuition fee, autumn term')),
  };
}

/** A new client registers and submits the personal KYC form; answers its registration data. */
async function clientWithKycInReview(page: Page, prefix: string) {
  const client = newClient(prefix);
  await registerThroughUi(stack, page, 'en', client, 'personal');
  await chooseMenu(page, 'en', 'kyc');
  await fillPersonalKyc(page, 'en', { firstName: 'Ivan', lastName: 'Petrov', country: 'Kazakhstan', phone: '+7 701 555 0133' });
  await page.getByRole('button', { name: texts('en', 'kyc')('submit') }).click();
  await page.getByRole('heading', { name: texts('en', 'kyc')('inProcess.title') }).waitFor();
  return client;
}

describe('the back office runs a new client from sign-up to the first payment abroad', () => {
  it('KYC, incoming payment, maker-checker approval, denial, in EN and RU', async () => {
    const cabinet = texts('en', 'cabinet');
    const clientTab = await stack.newPage({ language: 'en', width: 1440 });
    const client = await clientWithKycInReview(clientTab.page, 'bo-journey');

    // Compliance approves the KYC.
    const compliance = await stack.newPage({ language: 'en', width: 1440 });
    await operatorSignIn(compliance.page, 'en', 'compliance@bank.example');
    expect(Number(await compliance.page.getByTestId('bo-count-kycNew').textContent())).toBeGreaterThanOrEqual(1);
    // Compliance sees KYC but not payments or rates.
    const boEn = texts('en', 'backoffice');
    const menu = compliance.page.getByRole('navigation', { name: boEn('menu.navigation') });
    await menu.getByRole('link', { name: boEn('menu.kyc') }).waitFor();
    expect(await menu.getByRole('link', { name: boEn('menu.payments') }).count()).toBe(0);
    await expectAccessible(compliance.page);
    await screenshot(compliance.page, 'backoffice-dashboard-en-1440');
    await compliance.page.goto('/backoffice/kyc');
    await compliance.page.getByRole('link', { name: client.email }).click();
    await compliance.page.getByText('N12345678').waitFor();
    await expectAccessible(compliance.page);
    await screenshot(compliance.page, 'backoffice-kyc-detail-en-1440');
    const mailsBefore = stack.mail.mails.length;
    await compliance.page.getByTestId('bo-approve').click();
    await statusIs(compliance.page, 'Approved');

    // The client reloads: identified, the full menu, and the mail.
    await clientTab.page.reload();
    await openMenu(clientTab.page, 'en');
    await clientTab.page.getByText(cabinet('profile.identified')).waitFor();
    // The menu follows the client's status once the screen has it: wait for it, then read the whole menu.
    await clientTab.page.getByRole('navigation', { name: cabinet('menu.navigation') }).getByRole('button', { name: cabinet('menu.items.transfer'), exact: true }).waitFor();
    expect(await menuEntries(clientTab.page, 'en')).toContain(cabinet('menu.items.transfer'));
    const approvalMail = await stack.mail.waitFor(client.email, /identity is verified/, { since: mailsBefore });
    expect(approvalMail.text).toContain('your identity is verified');

    // The client opens a EUR account; the payments operator books 20,000 EUR into it (in Russian).
    const signedIn = await signInThroughApi(stack, client.email, client.password);
    const api = clientApi(signedIn.userToken);
    const account = await api.openAccount('EUR');
    const payments = await stack.newPage({ language: 'ru', width: 1440 });
    const boRu = texts('ru', 'backoffice');
    await operatorSignIn(payments.page, 'ru', 'payments@bank.example');
    await payments.page.goto('/backoffice/incoming');
    await payments.page.getByLabel(label(boRu('incoming.accountNumber'))).fill(account.number);
    await payments.page.getByLabel(label(boRu('incoming.amount'))).fill('20000');
    await payments.page.getByLabel(label(boRu('incoming.paymentRegion'))).selectOption('SEPA');
    await payments.page.getByLabel(label(boRu('incoming.senderName'))).fill('Petrov Family Trust');
    await payments.page.getByLabel(label(boRu('incoming.senderAccount'))).fill('DE89370400440532013000');
    await payments.page.getByLabel(label(boRu('incoming.purpose'))).fill('Living expenses');
    await payments.page.getByRole('button', { name: boRu('incoming.next') }).click();
    // The confirmation names the holder and what will be credited after the 0.30 % fee (60 EUR).
    await payments.page.getByText('Ivan Petrov').waitFor();
    await payments.page.getByText(formatMoney('19940.00', 'EUR', 'ru')).waitFor();
    await payments.page.getByText(formatMoney('60.00', 'EUR', 'ru')).waitFor();
    await expectAccessible(payments.page);
    await screenshot(payments.page, 'backoffice-incoming-confirm-ru-1440');
    await payments.page.getByTestId('bo-incoming-book').click();
    await payments.page.getByTestId('bo-incoming-result').waitFor();
    // A proposal: nothing is credited until a second operator approves it.
    const proposalHref = (await payments.page.getByRole('link', { name: boRu('incoming.openApproval') }).getAttribute('href'))!;
    const approvalId = decodeURIComponent(proposalHref.split('/').pop()!);
    expect((await api.accounts()).find((item) => item.number === account.number)).toMatchObject({ balance: '0.00', bookedBalance: '0.00' });
    expect(await api.rows()).toEqual([]);

    // The admin, a second operator allowed to check payments, approves it in the approvals queue.
    const admin = await stack.newPage({ language: 'en', width: 1280 });
    await operatorSignIn(admin.page, 'en', 'operator@bank.example');
    expect(Number(await admin.page.getByTestId('bo-count-approvalsPending').textContent())).toBeGreaterThanOrEqual(1);
    await openRow(admin.page, '/backoffice/approvals', approvalId);
    await admin.page.getByText('Petrov Family Trust').first().waitFor();
    await admin.page.getByTestId('bo-approve').click();
    await statusIs(admin.page, 'Approved');
    await admin.page.getByText(boEn('approvals.done.approve')).waitFor();
    expect((await api.accounts()).find((item) => item.number === account.number)).toMatchObject({ balance: '19940.00', bookedBalance: '19940.00' });
    expect((await api.rows())[0]).toMatchObject({ direction: 'IN', amount: '20000.00', transactionStatus: 'Approved' });

    // 12,000 EUR abroad: over 10,000 EUR, two approvals by two operators.
    await api.sendAbroad(account.number, '12000');
    const large = (await api.rows()).find((row) => row.amount === '12000.00')!;
    await openRow(payments.page, '/backoffice/payments', large.transactionNumber);
    await payments.page.getByTestId('bo-approvals').filter({ hasText: '0 из 2' }).waitFor();
    await payments.page.getByTestId('bo-approve').click();
    await statusIs(payments.page, 'Processing');
    await payments.page.getByTestId('bo-approvals').filter({ hasText: '1 из 2' }).waitFor();
    await payments.page.getByText(boRu('payments.secondApprovalNeeded')).waitFor();
    expect(await payments.page.getByTestId('bo-approve').isDisabled()).toBe(true);
    await expectAccessible(payments.page);
    await screenshot(payments.page, 'backoffice-payment-first-approval-ru-1440');
    // Nothing is booked yet: only the hold of amount and the minimum fee (50 EUR).
    expect((await api.accounts()).find((item) => item.number === account.number)).toMatchObject({ balance: '7890.00', bookedBalance: '19940.00' });

    await admin.page.goto('/backoffice');
    expect(Number(await admin.page.getByTestId('bo-count-paymentsProcessing').textContent())).toBeGreaterThanOrEqual(1);
    await openRow(admin.page, '/backoffice/payments?status=Processing', large.transactionNumber);
    await admin.page.getByTestId('bo-approve').click();
    await statusIs(admin.page, 'Approved');
    await screenshot(admin.page, 'backoffice-payment-approved-en-1280');
    expect((await api.accounts()).find((item) => item.number === account.number)).toMatchObject({ balance: '7890.00', bookedBalance: '7890.00' });
    expect((await api.rows()).find((row) => row.transactionNumber === large.transactionNumber)).toMatchObject({ transactionStatus: 'Approved' });

    // The client's accounts show the booked balance.
    await clientTab.page.reload();
    await chooseMenu(clientTab.page, 'en', 'accounts');
    await clientTab.page.getByText(formatMoney('7890.00', 'EUR', 'en')).first().waitFor();

    // Another transfer is denied: its hold is released in full.
    await api.sendAbroad(account.number, '100');
    const small = (await api.rows()).find((row) => row.amount === '100.00')!;
    expect((await api.accounts()).find((item) => item.number === account.number)!.balance).toBe('7740.00');
    await openRow(payments.page, '/backoffice/payments', small.transactionNumber);
    await payments.page.getByTestId('bo-deny').click();
    await payments.page.getByTestId('bo-reason').fill('Получатель не прошёл проверку');
    await payments.page.getByTestId('bo-confirm').click();
    await statusIs(payments.page, 'Denied');
    expect((await api.accounts()).find((item) => item.number === account.number)).toMatchObject({ balance: '7890.00', bookedBalance: '7890.00' });

    // The admin reads the audit trail of it all.
    await admin.page.goto(`/backoffice/audit?actor=payments%40bank.example`);
    await admin.page.getByText('transfer.denied').waitFor();
    await admin.page.getByText('transfer.processing').waitFor();
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'backoffice-audit-en-1280');
    for (const tab of [clientTab, compliance, payments, admin]) expect(unexpectedProblems(tab.problems)).toEqual([]);
  });

  it('a rejected KYC shows the operator’s reason on the client’s screen', async () => {
    const clientTab = await stack.newPage({ language: 'en', width: 1440 });
    const client = await clientWithKycInReview(clientTab.page, 'bo-rejected');
    const compliance = await stack.newPage({ language: 'ru', width: 1280 });
    await operatorSignIn(compliance.page, 'ru', 'compliance@bank.example');
    await compliance.page.goto('/backoffice/kyc');
    await compliance.page.getByRole('link', { name: client.email }).click();
    await compliance.page.getByTestId('bo-reject').click();
    await compliance.page.getByTestId('bo-confirm').click();
    // A reason is required.
    await compliance.page.getByText(texts('ru', 'backoffice')('reasonRequired')).waitFor();
    await compliance.page.getByTestId('bo-reason').fill('The passport scan is unreadable: please upload a sharper copy');
    await expectAccessible(compliance.page);
    await compliance.page.getByTestId('bo-confirm').click();
    await statusIs(compliance.page, 'Rejected');

    await clientTab.page.reload();
    await chooseMenu(clientTab.page, 'en', 'kyc');
    await clientTab.page.getByText(texts('en', 'kyc')('rejected.title')).waitFor();
    await clientTab.page.getByText(/The passport scan is unreadable/).waitFor();
    await screenshot(clientTab.page, 'backoffice-kyc-rejected-client-en-1440');
    for (const tab of [clientTab, compliance]) expect(unexpectedProblems(tab.problems)).toEqual([]);
  });

  it('the only admin invites an operator; a second admin approves; the operator enrols from the mailed link: own password, authenticator from the QR code', async () => {
    const bo = texts('en', 'backoffice');
    const admin = await stack.newPage({ language: 'en', width: 1280 });
    await operatorSignIn(admin.page, 'en', 'operator@bank.example');
    await admin.page.getByRole('link', { name: bo('menu.operators') }).click();
    const email = `new-operator-${Date.now()}@bank.example`;
    // The invitation names no password: the invited person chooses it through the mailed link.
    await admin.page.getByLabel(label(bo('operators.name'))).fill('Nina Smirnova');
    await admin.page.getByLabel(label(bo('operators.email'))).fill(email);
    await admin.page.getByRole('group', { name: label(bo('operators.roles')) }).getByLabel(bo('roles.compliance')).check();
    await admin.page.getByLabel(label(bo('operators.inviteReason'))).fill('Compliance desk');
    const since = stack.mail.mails.length;
    await admin.page.getByRole('button', { name: bo('operators.invite') }).click();
    // The bank has one active admin: the invitation is a proposal that waits, and the screen says why.
    await admin.page.getByText(bo('operators.inviteProposed')).waitFor();
    await admin.page.getByTestId('bo-waits-for-second-admin').getByText(bo('operators.waitsForSecondAdmin')).waitFor();
    await expectAccessible(admin.page);
    const row = admin.page.locator(`[data-testid="bo-row"][data-key="${email}"]`);
    expect(await row.count()).toBe(0);
    expect(stack.mail.mails.slice(since).some((mail) => mail.to.includes(email))).toBe(false);

    // The second admin, made on the server, enrols and approves: the operator is invited and mailed.
    expect(secondAdminLink).not.toBe('');
    await approveInvitation(stack, await enrolThroughApi(stack, secondAdminLink, SECOND_ADMIN.password), email);
    await admin.page.reload();
    await statusIs(row, 'invited');

    const mail = await stack.mail.waitFor(email, /\/backoffice\/enrol\//, { since });
    const link = /(https?:\/\/\S+\/backoffice\/enrol\/[\w%-]+)/.exec(mail.text)![1]!;
    const newcomer = await stack.newPage({ language: 'en', width: 1280 });
    await newcomer.page.goto(link);
    await newcomer.page.getByRole('heading', { level: 1, name: bo('enrol.title') }).waitFor();
    await newcomer.page.getByText(email).waitFor();
    const qr = newcomer.page.getByRole('img', { name: bo('enrol.qrAlt') });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = (await newcomer.page.getByTestId('bo-enrol-secret').textContent())!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(newcomer.page);
    await screenshot(newcomer.page, 'backoffice-enrolment-en-1280');
    await newcomer.page.getByLabel(label(bo('enrol.password'))).fill('Compliance2024x');
    await newcomer.page.getByLabel(label(bo('enrol.confirmPassword'))).fill('Compliance2024x');
    await newcomer.page.getByTestId('bo-totp').fill(await generate({ secret }));
    await newcomer.page.getByRole('button', { name: bo('enrol.submit') }).click();
    await newcomer.page.getByRole('heading', { level: 1, name: bo('dashboard.title') }).waitFor();
    await newcomer.page.getByText('Nina Smirnova', { exact: true }).first().waitFor();

    // The link is spent: opened again, it says so.
    const again = await stack.newPage({ language: 'en', width: 1280 });
    await again.page.goto(link);
    await again.page.getByRole('heading', { level: 1, name: bo('enrol.spentTitle') }).waitFor();

    // The admin's list shows the operator active now.
    await admin.page.reload();
    await statusIs(row, 'active');
    for (const tab of [admin, newcomer]) expect(unexpectedProblems(tab.problems)).toEqual([]);
  });
});
