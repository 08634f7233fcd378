// Proves closing a client who breaches policy in Chromium, in EN and RU at 360 and 1440 px with axe
// (docs/bank-controls.md#closing-a-client): a compliance operator proposes it on the client's card,
// which changes nothing; an admin approves it and the client's session ends; signed in again, the client sees only the closure notice, the accounts and wallet with
// what a payout would send, and the statement with the closing fee's row; the payout form sends
// what remains abroad and the wallet's coins to an address, and the accounts show their payouts; the
// card in the back office shows the closure and each account's state.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOperator, operatorSignIn } from './support/backoffice';
import { identifiedClientWithMoney, signInOperators, type Operators } from './support/clients';
import { label, menuEntries, signInThroughUi, texts, unexpectedProblems } from './support/identity';
import { checkCabinetLayouts, checkEveryLayout } from './support/layouts';
import { startStack, type Stack } from './support/stack';

let stack: Stack;
let operators: Operators;

beforeAll(async () => {
  stack = await startStack();
  operators = await signInOperators(stack);
});
afterAll(() => stack?.close());

async function clientCall<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${stack.baseUrl}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

describe('a client closed for a policy breach', () => {
  it('is closed by two operators, then sees only the closure, the statement and the payout', { timeout: 600_000 }, async () => {
    const { user, accounts } = await identifiedClientWithMoney(stack, operators, 'closure', { EUR: '2000.00', USD: '800.00' });
    const token = user.userToken;
    // A wallet with coins in it, arrived on the network and booked by two operators.
    const wallet = await clientCall<{ number: string }>(token, 'POST', 'wallet/create', { currency: 'BTC' });
    const deposit = await asOperator<{ approval: { id: string } }>(stack, operators.payments, 'POST', 'crypto-deposits', {
      address: wallet.body.number, amount: '0.01', currency: 'BTC', txHash: randomBytes(32).toString('hex'), reason: 'Arrived on the network',
    });
    await asOperator(stack, operators.admin, 'POST', `approvals/${deposit.approval.id}/approve`, {});

    // Compliance proposes on the card; nothing changes until a second operator approves.
    const boEn = texts('en', 'backoffice');
    const officeTab = await stack.newPage({ language: 'en', width: 1440 });
    const office = officeTab.page;
    await operatorSignIn(office, 'en', 'compliance@bank.example');
    await office.getByRole('link', { name: boEn('menu.clients') }).click();
    await office.getByLabel(label(boEn('clients.query'))).fill(user.email);
    await office.getByRole('button', { name: boEn('clients.search') }).click();
    await office.getByRole('link', { name: 'Aigerim Nurlanova' }).click();
    const section = office.getByTestId('bo-client-closure');
    await section.getByText(boEn('clients.closure.notClosed')).waitFor();
    await office.getByTestId('bo-client-closure-propose').click();
    await office.getByRole('dialog').getByRole('textbox').fill('Funds traced to a sanctioned counterparty');
    await office.getByRole('dialog').getByRole('button', { name: boEn('clients.closure.next') }).click();
    await office.getByRole('dialog').getByRole('button', { name: boEn('clients.closure.send') }).click();
    const pending = office.getByTestId('bo-client-closure-pending');
    await pending.waitFor();
    expect((await clientCall<unknown[]>(token, 'GET', 'transaction/list')).status).toBe(200);
    const approvalId = decodeURIComponent((await pending.getByRole('link').getAttribute('href'))!.split('/').pop()!);
    await asOperator(stack, operators.admin, 'POST', `approvals/${approvalId}/approve`, {});

    // The client's session has ended at once.
    expect((await clientCall<unknown>(token, 'GET', 'account/list')).status).toBe(401);

    // Signed in again: the closure alone, in both languages and at both widths.
    const clientTab = await stack.newPage({ language: 'en', width: 1440 });
    const { page } = clientTab;
    await signInThroughUi(stack, page, 'en', user.email, 'Journey2024pass');
    const closureTexts = (language: 'en' | 'ru') => texts(language, 'closure');
    await page.getByRole('heading', { level: 1, name: closureTexts('en')('title') }).waitFor();
    await checkCabinetLayouts(page, 'closure', async (language) => {
      const t = closureTexts(language);
      await page.getByRole('heading', { level: 1, name: t('title') }).waitFor();
      await page.getByRole('heading', { level: 2, name: t('notice.title') }).waitFor();
      await page.getByRole('heading', { level: 2, name: t('payout.title') }).waitFor();
      await page.getByRole('heading', { level: 2, name: t('wallets.title') }).waitFor();
      // The closing fee's row, as the table (wide) or the cards (narrow) show it.
      await page.locator(`text=${texts(language, 'statement')('bankPurposes.policyClosing')} >> visible=true`).first().waitFor();
    });
    const cabinetEn = texts('en', 'cabinet');
    expect(await menuEntries(page, 'en')).toContain(cabinetEn('menu.items.closure'));
    expect(await menuEntries(page, 'en')).not.toContain(cabinetEn('menu.items.transfer'));

    // The payout of the accounts, then of the wallet.
    const t = closureTexts('en');
    await page.getByLabel(label(t('payout.fields.iban'))).fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel(label(t('payout.fields.swiftBic'))).fill('DEUTDEFF');
    await page.getByLabel(label(t('payout.fields.bank'))).fill('Deutsche Bank');
    await page.getByLabel(label(t('payout.fields.bankAddress'))).fill('Taunusanlage 12, Frankfurt');
    await page.getByRole('button', { name: t('payout.submit') }).click();
    await page.getByText(t('payout.sent')).waitFor();
    await page.getByLabel(label(t('wallets.recipient').replace('{{currency}}', 'BTC'))).fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    await page.getByRole('button', { name: t('wallets.submit') }).click();
    await expect.poll(async () => page.locator('[data-state="payoutPending"]').count(), { timeout: 30_000 }).toBe(accounts.length + 1);
    await checkCabinetLayouts(page, 'closure-paid-out', async (language) => {
      await page.getByRole('heading', { level: 1, name: closureTexts(language)('title') }).waitFor();
      await page.getByText(closureTexts(language)('states.payoutPending')).first().waitFor();
    });

    // The card shows the closure, who proposed and approved it, and each account's state.
    await office.reload();
    await checkEveryLayout(office, 'backoffice-closure', async (language) => {
      const bo = texts(language, 'backoffice');
      await section.getByText('Funds traced to a sanctioned counterparty').waitFor();
      await section.getByText(bo('status.closure.payoutPending')).first().waitFor();
    });
    expect(unexpectedProblems(clientTab.problems)).toEqual([]);
    expect(unexpectedProblems(officeTab.problems)).toEqual([]);
  });
});
