// Proves the back office meets the cabinet's bar on every screen: in EN and RU, at 360 and 1440 px,
// axe finds no serious violation and nothing is wider than the window. The sign-in and its code
// step, every screen of the admin's menu, and the detail screens a list opens (a KYC submission, a
// payment, a client's card, the demo client's with its card's authorisations) are looked at on the
// demo bank's data. The approvals, the operators,
// the account and the deposit screens are looked at the same way with their own data in
// controls.spec.ts and backoffice-deposits.spec.ts.
import { randomUUID } from 'node:crypto';
import type { ListCardsResponse, RevealedCard } from '@bank/contracts/cards/cards';
import { signCardNetworkMessage } from '@bank/contracts/cards/network';
import type { Page } from 'playwright-core';
import { DEVELOPMENT_CARD_NETWORK_SECRET } from '../apps/server/src/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_MENU } from '../apps/web/src/features/backoffice/menu';
import { authenticatorCode, OPERATOR_PASSWORD } from './support/authenticator';
import { operatorSignIn } from './support/backoffice';
import { label, texts, unexpectedProblems, type Language } from './support/identity';
import { seriousAccessibilityViolations } from './support/axe';
import { checkEveryLayout, useLanguage } from './support/layouts';
import { accountIn, apiAs, tuitionTransferBody, type Account } from './support/money';
import { signInThroughApi } from './support/session';
import { startStack, type Stack, type TestPage } from './support/stack';

const ADMIN = 'operator@bank.example';

let stack: Stack;
let admin: TestPage;
beforeAll(async () => {
  stack = await startStack();
  // A transfer abroad waiting for the bank, so the payments queue has a row to open.
  const demo = await signInThroughApi(stack, 'demo@bank.example', 'DemoBank2024');
  const api = apiAs(stack, demo.userToken);
  const payer = accountIn(await api.get<Account[]>('account/list'), 'EUR');
  await api.post('transaction/create', tuitionTransferBody(payer.number, '100.00', 'Tuition fee, spring term'));
  // The demo client's card pays at a café and is declined abroad, so its card shows authorisations.
  const [card] = (await api.get<ListCardsResponse>('cards')).cards;
  const revealed = await api.post<RevealedCard>(`cards/${card!.id}/reveal`, { password: 'DemoBank2024' });
  const merchant = { name: 'Café Central', mcc: '5812', country: 'AT', city: 'Vienna' };
  for (const amount of ['12.50', '99999.00']) {
    const body = JSON.stringify({ messageId: randomUUID(), pan: revealed.number, expiry: revealed.expiry, cvc: revealed.cvc, amount, currency: 'EUR', merchant, channel: 'pos' });
    const answer = await fetch(`${stack.baseUrl}/api/card-network/authorizations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signCardNetworkMessage(DEVELOPMENT_CARD_NETWORK_SECRET, body) },
      body,
    });
    if (!answer.ok) throw new Error(`authorization: ${answer.status} ${await answer.text()}`);
  }
});
afterAll(() => stack?.close());

/** The screen has its heading in `language` and has finished loading what it lists. */
async function settled(page: Page, language: Language): Promise<void> {
  await page.locator(`html[lang="${language}"]`).waitFor();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.getByText(texts(language, 'backoffice')('loading'), { exact: true }).first().waitFor({ state: 'detached' });
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
}

/** Opens the first row's link on a list screen. */
async function openFirstRow(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settled(page, 'en');
  const list = page.url();
  const link = page.locator('[data-testid="bo-row"] a').first();
  await link.waitFor();
  await link.click();
  await page.waitForURL((url) => url.href !== list);
}

describe('the back office in every layout', () => {
  it('the sign-in and its code step', { timeout: 300_000 }, async () => {
    const { page, problems } = await stack.newPage({ language: 'en', width: 1440 });
    await page.goto('/backoffice/login');
    await checkEveryLayout(page, 'backoffice-layout-sign-in', async (language) => {
      await page.getByRole('heading', { name: texts(language, 'backoffice')('signIn.title') }).waitFor();
    });
    // The code step in each language and width: choosing a language reloads the page and loses the
    // step, so each language starts a sign-in of its own; the last one, in English, finishes it.
    for (const language of ['ru', 'en'] as const) {
      await useLanguage(page, language);
      const bo = texts(language, 'backoffice');
      await page.getByLabel(label(bo('signIn.email'))).fill(ADMIN);
      await page.getByLabel(label(bo('signIn.password'))).fill(OPERATOR_PASSWORD);
      await page.getByRole('button', { name: bo('signIn.continue') }).click();
      await page.getByRole('heading', { name: bo('signIn.codeTitle') }).waitFor();
      for (const width of [1440, 360]) {
        await page.setViewportSize({ width, height: 900 });
        const where = `the code step, ${language}, ${width} px`;
        expect(await seriousAccessibilityViolations(page), where).toEqual([]);
        const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, window: window.innerWidth }));
        expect(widths.content, where).toBeLessThanOrEqual(widths.window);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    const bo = texts('en', 'backoffice');
    await page.getByLabel(label(bo('signIn.code'))).fill(await authenticatorCode(ADMIN));
    await page.getByRole('button', { name: bo('signIn.submit') }).click();
    await page.getByRole('heading', { level: 1, name: bo('dashboard.title') }).waitFor();
    expect(unexpectedProblems(problems)).toEqual([]);
  });

  it("every screen of the admin's menu", { timeout: 600_000 }, async () => {
    admin = await stack.newPage({ language: 'en', width: 1440 });
    await operatorSignIn(admin.page, 'en', ADMIN);
    for (const entry of BACKOFFICE_MENU) {
      await admin.page.goto(entry.path);
      await checkEveryLayout(admin.page, `backoffice-layout-${entry.key}`, (language) => settled(admin.page, language));
    }
    expect(unexpectedProblems(admin.problems)).toEqual([]);
  });

  it("the rates screen's file field speaks the page's language, not the browser's", { timeout: 120_000 }, async () => {
    admin ??= await stack.newPage({ language: 'en', width: 1440 });
    if (!new URL(admin.page.url()).pathname.startsWith('/backoffice')) await operatorSignIn(admin.page, 'en', ADMIN);
    await admin.page.goto('/backoffice/rates');
    await useLanguage(admin.page, 'ru');
    await settled(admin.page, 'ru');
    const bo = texts('ru', 'backoffice');
    const picker = admin.page.locator('.file-picker');
    await picker.getByText(bo('rates.ecbChoose'), { exact: true }).waitFor();
    await picker.getByText(bo('rates.ecbNoFile'), { exact: true }).waitFor();
    await admin.page.getByLabel(bo('rates.ecbFile')).setInputFiles({ name: 'eurofxref-daily.xml', mimeType: 'text/xml', buffer: Buffer.from('<x/>') });
    await picker.getByText('eurofxref-daily.xml', { exact: true }).waitFor();
    await useLanguage(admin.page, 'en');
    expect(unexpectedProblems(admin.problems)).toEqual([]);
  });

  it('the detail screens a list opens: a KYC submission, a payment, a client', { timeout: 600_000 }, async () => {
    admin ??= await stack.newPage({ language: 'en', width: 1440 });
    if (!new URL(admin.page.url()).pathname.startsWith('/backoffice')) await operatorSignIn(admin.page, 'en', ADMIN);
    for (const [name, list] of [
      ['kyc-detail', '/backoffice/kyc?status=Approved'],
      ['payment-detail', '/backoffice/payments'],
      ['client-card', '/backoffice/clients'],
      // The demo client's card, its cards and their authorisations among its panels.
      ['client-card-with-cards', '/backoffice/clients?query=demo%40bank.example'],
    ] as const) {
      await openFirstRow(admin.page, list);
      await checkEveryLayout(admin.page, `backoffice-layout-${name}`, (language) => settled(admin.page, language));
    }
    // The last: the demo client's card, with the café's payment and the decline beside it.
    await admin.page.getByText('Café Central').first().waitFor();
    await admin.page.getByText(texts('en', 'backoffice')('cards.authorizations.declineReasons.limit_exceeded')).first().waitFor();
    expect(unexpectedProblems(admin.problems)).toEqual([]);
  });
});
