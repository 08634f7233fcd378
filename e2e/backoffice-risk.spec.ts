// Proves the high-risk controls of the back office in Chromium, in EN and RU at 360 and 1440 px with
// axe: a compliance operator proposes, on a client's card, to mark the client high-risk; that
// changes nothing and the operator may not approve it; an admin (who counts as a compliance
// operator) approves it, and the card shows the level with who proposed and who approved it, when
// and why (docs/bank-controls.md#high-risk-clients). And the high-risk service fee: an admin's new
// amount waits for a second admin, and its proposer may not approve it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOperator, operatorSignIn, operatorTokenFor, statusIs } from './support/backoffice';
import { DEMO_PERSONAL, label, texts, unexpectedProblems } from './support/identity';
import { checkEveryLayout } from './support/layouts';
import { startStack, type Stack } from './support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** The operator token of the back office's tab, as the screens send it. */
async function operatorTokenOf(page: Page): Promise<string> {
  const stored = await page.evaluate(() => sessionStorage.getItem('backoffice-session'));
  return (JSON.parse(stored!) as { token: string }).token;
}

/** A back-office call's status as that token, for the refusals. */
async function statusOf(token: string, method: 'POST', path: string): Promise<number> {
  const response = await fetch(`${stack.baseUrl}/api/backoffice/${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  return response.status;
}

describe('high-risk clients in the back office', () => {
  it('a client is marked high-risk only by two operators, and the card shows it with its history', { timeout: 300_000 }, async () => {
    const boEn = texts('en', 'backoffice');
    const tab = await stack.newPage({ language: 'en', width: 1440 });
    const { page } = tab;
    await operatorSignIn(page, 'en', 'compliance@bank.example');
    await page.getByRole('link', { name: boEn('menu.clients') }).click();
    await page.getByLabel(label(boEn('clients.query'))).fill(DEMO_PERSONAL.email);
    await page.getByRole('button', { name: boEn('clients.search') }).click();
    await page.getByRole('link', { name: 'Anna Petrova' }).click();
    const section = page.getByTestId('bo-client-risk');
    await statusIs(section, 'risk.standard');
    await checkEveryLayout(page, 'backoffice-risk-standard', async (language) => {
      const bo = texts(language, 'backoffice');
      await page.getByRole('heading', { level: 2, name: bo('clients.risk.title') }).waitFor();
      await section.getByText(bo('clients.risk.noHistory')).waitFor();
    });

    // Proposed: the level stays as it was until a second operator approves.
    await page.getByTestId('bo-client-risk-propose').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Adverse media: the client named in a fraud investigation');
    await dialog.getByRole('button', { name: boEn('clients.risk.send') }).click();
    const pending = page.getByTestId('bo-client-risk-pending');
    await pending.waitFor();
    await statusIs(section, 'risk.standard');
    const approvalId = decodeURIComponent((await pending.getByRole('link').getAttribute('href'))!.split('/').pop()!);
    expect(await statusOf(await operatorTokenOf(page), 'POST', `approvals/${approvalId}/approve`)).toBe(403);

    const admin = await operatorTokenFor(stack, 'operator@bank.example');
    await asOperator(stack, admin, 'POST', `approvals/${approvalId}/approve`);
    await page.reload();
    await statusIs(section, 'risk.high');
    await checkEveryLayout(page, 'backoffice-risk-high', async (language) => {
      const bo = texts(language, 'backoffice');
      await page.getByRole('heading', { level: 2, name: bo('clients.risk.title') }).waitFor();
      await section.getByText('Adverse media: the client named in a fraud investigation').first().waitFor();
      await section.getByText('Olga Sergeeva', { exact: false }).first().waitFor();
      await section.getByText('Irina Volkova', { exact: false }).first().waitFor();
      await section.getByRole('button', { name: bo('clients.risk.propose.standard') }).waitFor();
    });
    expect(unexpectedProblems(tab.problems)).toEqual([]);
  });

  it('a new high-risk service fee waits for a second admin', { timeout: 300_000 }, async () => {
    const boEn = texts('en', 'backoffice');
    const tab = await stack.newPage({ language: 'en', width: 1440 });
    const { page } = tab;
    await operatorSignIn(page, 'en', 'operator@bank.example');
    await page.getByRole('link', { name: boEn('menu.highRiskFee') }).click();
    await checkEveryLayout(page, 'backoffice-high-risk-fee', async (language) => {
      const bo = texts(language, 'backoffice');
      await page.getByRole('heading', { level: 1, name: bo('highRiskFee.title') }).waitFor();
      await page.getByRole('heading', { level: 2, name: bo('highRiskFee.proposeTitle') }).waitFor();
    });
    await page.getByLabel(label(boEn('highRiskFee.amount'))).fill('150.00');
    await page.getByLabel(label(boEn('highRiskFee.reason'))).fill('Enhanced monitoring costs more this year');
    await page.getByRole('button', { name: boEn('highRiskFee.propose') }).click();
    await page.getByText(boEn('highRiskFee.proposed')).waitFor();
    const fee = await asOperator<{ amount: string; pending: { id: string } | null }>(stack, await operatorTokenOf(page), 'GET', 'fees/high-risk');
    expect(fee.amount).toBe('100.00');
    expect(fee.pending).not.toBeNull();
    expect(await statusOf(await operatorTokenOf(page), 'POST', `approvals/${fee.pending!.id}/approve`)).toBe(403);
    expect(unexpectedProblems(tab.problems)).toEqual([]);
  });
});
