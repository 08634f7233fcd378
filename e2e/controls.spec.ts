// Proves the bank's controls from an empty database, as people go them in Chromium: the first admin
// is created by `npm run operator:create` before the server starts and enrols through the mailed
// link (own password, the authenticator's code computed from the secret the page shows); the admin
// invites a payments operator, which waits, as the screen says, for a second admin (made by
// `npm run operator:create` too) to enrol and approve it; the payments operator then enrols from the
// invitation's link; a new client registers and is identified by the admin; the payments operator
// proposes an incoming payment, which moves nothing, and may not approve it (no Approve button, and
// the API answers 403); the admin approves it in the approvals queue and the client sees the money
// in the cabinet. The approvals queue, a proposal, the operators, the account and the enrolment
// screens are checked with axe and for width in EN and RU at 360 and 1440 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../apps/web/src/ui/formatMoney';
import { seriousAccessibilityViolations } from './support/axe';
import { approveInvitation, enrol, enrolThroughApi, openRow, operatorCreate, statusIs } from './support/backoffice';
import { chooseMenu, fillPersonalKyc, label, newClient, registerThroughUi, texts, unexpectedProblems } from './support/identity';
import { checkEveryLayout } from './support/layouts';
import { accountIn, apiAs, interpolate, type Account } from './support/money';
import { signInThroughApi } from './support/session';
import { screenshot, startStack, type Stack } from './support/stack';

const ADMIN = { email: 'olga.ivanova@bank.example', name: 'Olga Ivanova', password: 'FirstAdmin2024' };
const SECOND_ADMIN = { email: 'nikolai.sokolov@bank.example', name: 'Nikolai Sokolov', password: 'SecondAdmin2024' };
const PAYMENTS = { email: 'pavel.kim@bank.example', name: 'Pavel Kim', password: 'Payments2024desk' };
const ENROLMENT_LINK = /(https?:\/\/\S+\/backoffice\/enrol\/[\w-]+)/;

/** What `npm run operator:create` printed before the server started, for the first admin and the second. */
let operatorCreateOutput = '';
let secondAdminOutput = '';
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    seedDemo: false,
    prepare: async (_dataDir, env) => {
      operatorCreateOutput = await operatorCreate(['--email', ADMIN.email, '--name', ADMIN.name, '--roles', 'admin'], env);
      secondAdminOutput = await operatorCreate(['--email', SECOND_ADMIN.email, '--name', SECOND_ADMIN.name, '--roles', 'admin'], env);
    },
  });
});
afterAll(() => stack?.close());

/** The operator token of the back office's tab, as the screens send it. */
async function operatorTokenOf(page: Page): Promise<string> {
  const stored = await page.evaluate(() => sessionStorage.getItem('backoffice-session'));
  return (JSON.parse(stored!) as { token: string }).token;
}

describe('four eyes from an empty bank', () => {
  it('the first admin enrols, invites a payments operator (approved by a second admin), and approves the incoming payment that operator proposed', { timeout: 300_000 }, async () => {
    const boEn = texts('en', 'backoffice');

    // operator:create printed the link and mailed the same one; the bank had nobody before.
    const printed = ENROLMENT_LINK.exec(operatorCreateOutput)?.[1];
    expect(printed, operatorCreateOutput).toBeDefined();
    expect(printed!.startsWith(`${stack.baseUrl}/backoffice/enrol/`)).toBe(true);
    const adminMail = await stack.mail.waitFor(ADMIN.email, ENROLMENT_LINK);
    expect(ENROLMENT_LINK.exec(adminMail.text)![1]).toBe(printed);

    // The admin opens the mailed link; the enrolment page is checked in every layout first.
    const admin = await stack.newPage({ language: 'en', width: 1440 });
    await admin.page.goto(printed!);
    await checkEveryLayout(admin.page, 'controls-enrolment', async (language) => {
      const bo = texts(language, 'backoffice');
      await admin.page.getByRole('heading', { level: 1, name: bo('enrol.title') }).waitFor();
      await admin.page.getByText(interpolate(bo('enrol.lead'), { name: ADMIN.name })).waitFor();
      await admin.page.getByRole('img', { name: bo('enrol.qrAlt') }).waitFor();
      await admin.page.getByTestId('bo-enrol-secret').waitFor();
    });
    await enrol(admin.page, 'en', ADMIN.password);
    await admin.page.getByText(ADMIN.name, { exact: true }).first().waitFor();

    // The admin invites a payments operator from the Operators screen. The bank has one active
    // admin (the second has not enrolled yet), and the screen says so before and after.
    await admin.page.getByRole('link', { name: boEn('menu.operators') }).click();
    await admin.page.getByRole('heading', { level: 1, name: boEn('operators.title') }).waitFor();
    await admin.page.getByText(boEn('operators.singleAdmin')).waitFor();
    await admin.page.getByLabel(label(boEn('operators.name'))).fill(PAYMENTS.name);
    await admin.page.getByLabel(label(boEn('operators.email'))).fill(PAYMENTS.email);
    await admin.page.getByRole('group', { name: label(boEn('operators.roles')) }).getByLabel(boEn('roles.payments')).check();
    await admin.page.getByLabel(label(boEn('operators.inviteReason'))).fill('Payments desk');
    const sinceInvite = stack.mail.mails.length;
    await admin.page.getByRole('button', { name: boEn('operators.invite') }).click();
    await admin.page.getByText(boEn('operators.inviteProposed')).waitFor();
    await admin.page.getByText(boEn('operators.waitsForSecondAdmin')).waitFor();
    await screenshot(admin.page, 'controls-invitation-waits-en-1440');
    expect(await admin.page.locator(`[data-testid="bo-row"][data-key="${PAYMENTS.email}"]`).count()).toBe(0);

    // The second admin enrols through the link operator:create printed and approves the invitation.
    const secondLink = ENROLMENT_LINK.exec(secondAdminOutput)?.[1];
    expect(secondLink, secondAdminOutput).toBeDefined();
    await approveInvitation(stack, await enrolThroughApi(stack, secondLink!, SECOND_ADMIN.password), PAYMENTS.email);
    await admin.page.reload();
    await statusIs(admin.page.locator(`[data-testid="bo-row"][data-key="${PAYMENTS.email}"]`), 'invited');
    expect(await admin.page.getByTestId('bo-single-admin').count()).toBe(0);

    // The invited operator enrols from the mailed link in a browser of their own, in Russian, on a phone.
    const invitation = await stack.mail.waitFor(PAYMENTS.email, ENROLMENT_LINK, { since: sinceInvite });
    const payments = await stack.newPage({ language: 'ru', width: 360 });
    await payments.page.goto(ENROLMENT_LINK.exec(invitation.text)![1]!);
    const boRu = texts('ru', 'backoffice');
    await payments.page.getByRole('heading', { level: 1, name: boRu('enrol.title') }).waitFor();
    await payments.page.getByText(boRu('roles.payments')).waitFor();
    await screenshot(payments.page, 'controls-enrolment-invited-ru-360');
    await enrol(payments.page, 'ru', PAYMENTS.password);

    // The admin's list now shows both operators active; the screen is checked in every layout.
    await admin.page.reload();
    await checkEveryLayout(admin.page, 'controls-operators', async (language) => {
      const bo = texts(language, 'backoffice');
      await admin.page.getByRole('heading', { level: 1, name: bo('operators.title') }).waitFor();
      await statusIs(admin.page.locator(`[data-testid="bo-row"][data-key="${PAYMENTS.email}"]`), 'active');
      await admin.page.locator(`[data-testid="bo-row"][data-key="${PAYMENTS.email}"]`).getByTestId('bo-operator-roles').waitFor();
    });

    // A client registers, submits KYC, and the admin identifies them.
    const client = newClient('controls');
    const clientTab = await stack.newPage({ language: 'en', width: 1440 });
    await registerThroughUi(stack, clientTab.page, 'en', client, 'personal');
    await chooseMenu(clientTab.page, 'en', 'kyc');
    await fillPersonalKyc(clientTab.page, 'en', { firstName: 'Aigerim', lastName: 'Nurlanova', country: 'Kazakhstan', phone: '+7 701 555 0177' });
    await clientTab.page.getByRole('button', { name: texts('en', 'kyc')('submit') }).click();
    await clientTab.page.getByRole('heading', { name: texts('en', 'kyc')('inProcess.title') }).waitFor();
    await admin.page.getByRole('link', { name: boEn('menu.kyc') }).click();
    await admin.page.getByRole('link', { name: client.email }).click();
    await admin.page.getByText('N12345678').waitFor();
    await admin.page.getByTestId('bo-approve').click();
    await statusIs(admin.page, 'Approved');
    const signedIn = await signInThroughApi(stack, client.email, client.password);
    const clientApi = apiAs(stack, signedIn.userToken);
    const account = await clientApi.post<Account>('account/create', { currencies: ['EUR'] });
    const balance = async () => accountIn(await clientApi.get<Account[]>('account/list'), 'EUR');
    expect(await balance()).toMatchObject({ number: account.number, balance: '0.00', bookedBalance: '0.00' });

    // The payments operator enters the incoming payment: 25,000 EUR less the 0.30 % fee (75 EUR).
    await payments.page.getByRole('button', { name: boRu('menu.toggle') }).click();
    await payments.page.getByRole('link', { name: boRu('menu.incoming') }).click();
    await payments.page.getByLabel(label(boRu('incoming.accountNumber'))).fill(account.number);
    await payments.page.getByLabel(label(boRu('incoming.amount'))).fill('25000');
    await payments.page.getByLabel(label(boRu('incoming.paymentRegion'))).selectOption('SEPA');
    await payments.page.getByLabel(label(boRu('incoming.senderName'))).fill('Nurlanov Holding LLP');
    await payments.page.getByLabel(label(boRu('incoming.senderAccount'))).fill('DE89370400440532013000');
    await payments.page.getByLabel(label(boRu('incoming.purpose'))).fill('Loan repayment');
    await payments.page.getByRole('button', { name: boRu('incoming.next') }).click();
    await payments.page.getByText('Aigerim Nurlanova').waitFor();
    await payments.page.getByText(formatMoney('24925.00', 'EUR', 'ru')).waitFor();
    await payments.page.getByTestId('bo-incoming-book').click();
    await payments.page.getByRole('heading', { name: boRu('incoming.booked') }).waitFor();

    // Nothing has moved: the client's balance is as it was.
    expect(await balance()).toMatchObject({ balance: '0.00', bookedBalance: '0.00' });
    expect(await clientApi.get<unknown[]>('transaction/list')).toEqual([]);

    // The maker opens the proposal: no Approve button, only the notice that it waits and Withdraw.
    await payments.page.getByRole('link', { name: boRu('incoming.openApproval') }).click();
    await payments.page.getByRole('heading', { level: 1, name: boRu('approvals.kinds.incomingPayment') }).waitFor();
    const approvalId = decodeURIComponent(new URL(payments.page.url()).pathname.split('/').pop()!);
    await payments.page.getByText(boRu('approvals.waitingForChecker')).waitFor();
    await payments.page.getByTestId('bo-withdraw').waitFor();
    expect(await payments.page.getByTestId('bo-approve').count()).toBe(0);
    expect(await seriousAccessibilityViolations(payments.page)).toEqual([]);
    await screenshot(payments.page, 'controls-approval-maker-ru-360');
    // Nor does the server let the maker approve it some other way.
    const ownApproval = await fetch(`${stack.baseUrl}/api/backoffice/approvals/${encodeURIComponent(approvalId)}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await operatorTokenOf(payments.page)}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(ownApproval.status).toBe(403);
    expect(await ownApproval.json()).toMatchObject({ details: { reason: 'ownProposal' } });
    expect(await balance()).toMatchObject({ balance: '0.00', bookedBalance: '0.00' });

    // The admin finds it in the approvals queue; queue and proposal are checked in every layout.
    await admin.page.getByRole('link', { name: boEn('menu.approvals') }).click();
    const row = admin.page.locator(`[data-testid="bo-row"][data-key="${approvalId}"]`);
    await checkEveryLayout(admin.page, 'controls-approvals', async (language) => {
      const bo = texts(language, 'backoffice');
      await admin.page.getByRole('heading', { level: 1, name: bo('approvals.title') }).waitFor();
      await row.getByText(PAYMENTS.name).waitFor();
      await statusIs(row, 'Pending');
    });
    await openRow(admin.page, '/backoffice/approvals', approvalId);
    await checkEveryLayout(admin.page, 'controls-approval-detail', async (language) => {
      const bo = texts(language, 'backoffice');
      await admin.page.getByRole('heading', { level: 1, name: bo('approvals.kinds.incomingPayment') }).waitFor();
      await admin.page.getByText('Nurlanov Holding LLP', { exact: true }).waitFor();
      await admin.page.getByText(formatMoney('25000.00', 'EUR', language), { exact: true }).waitFor();
      await admin.page.getByTestId('bo-approve').waitFor();
    });
    await admin.page.getByTestId('bo-approve').click();
    await admin.page.getByText(boEn('approvals.done.approve')).waitFor();
    await statusIs(admin.page, 'Approved');
    // The proposal now names its checker beside its maker.
    await admin.page.getByText(`${ADMIN.name} (${ADMIN.email})`).waitFor();
    await admin.page.getByText(`${PAYMENTS.name} (${PAYMENTS.email})`).waitFor();
    await screenshot(admin.page, 'controls-approval-approved-en-1440');
    expect(await balance()).toMatchObject({ balance: '24925.00', bookedBalance: '24925.00' });

    // The client sees the money in the cabinet.
    await clientTab.page.reload();
    await chooseMenu(clientTab.page, 'en', 'accounts');
    await clientTab.page.getByText(formatMoney('24925.00', 'EUR', 'en')).first().waitFor();
    await screenshot(clientTab.page, 'controls-client-credited-en-1440');

    // Each operator's own account screen, in every layout.
    await admin.page.getByRole('link', { name: boEn('menu.account') }).click();
    await checkEveryLayout(admin.page, 'controls-account', async (language) => {
      const bo = texts(language, 'backoffice');
      await admin.page.getByRole('heading', { level: 1, name: bo('account.title') }).waitFor();
      await admin.page.getByRole('heading', { level: 2, name: bo('account.passwordTitle') }).waitFor();
    });

    for (const tab of [admin, payments, clientTab]) expect(unexpectedProblems(tab.problems)).toEqual([]);
  });
});
