// Proves the signed PDF statement end to end in Chromium: the demo client downloads the signed PDF
// of an account from the statement tab, its code (read from the PDF's text) opens /verify/<code>
// and shows "genuine" with the masked holder, account and period; a copy with one byte changed,
// uploaded on the same page, shows "not genuine". EN at 1440 px and RU at 360 px, axe, and no
// console errors or CSP violations.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe';
import { texts, unexpectedProblems, type Language } from './support/identity';
import { apiAs, type Account } from './support/money';
import { openCabinetAs, signInThroughApi, type SignedInUser } from './support/session';
import { screenshot, startStack, type Stack } from './support/stack';

let stack: Stack;
let demo: SignedInUser;
let demoAccounts: Account[];

beforeAll(async () => {
  stack = await startStack();
  demo = await signInThroughApi(stack, 'demo@bank.example', 'DemoBank2024');
  demoAccounts = await apiAs(stack, demo.userToken).get<Account[]>('account/list');
});
afterAll(() => stack?.close());

/** Downloads the signed PDF of an account from the statement tab. */
async function downloadSignedPdf(page: Page, language: Language, accountNumber: string): Promise<Buffer> {
  const accounts = texts(language, 'accounts');
  const statement = texts(language, 'statement');
  await openCabinetAs(page, demo, language);
  await page.getByRole('heading', { level: 1, name: accounts('title') }).waitFor();
  await page.getByRole('tab', { name: accounts('tabs.statement') }).click();
  await page.getByRole('heading', { level: 2, name: statement('title') }).waitFor();
  // On a phone the filters are folded until asked for.
  const filters = page.locator('.statement-filters-panel');
  if ((await filters.getAttribute('open')) === null) await filters.locator('> summary').click();
  await page.getByRole('form', { name: /./ }).getByLabel(statement('filters.account'), { exact: true }).selectOption(accountNumber);
  await page.locator('.statement__rows[aria-busy="false"]').waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: statement('export.signedPdf') }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^statement_${accountNumber}.*\\.pdf$`));
  return readFile((await download.path())!);
}

async function codeOf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  const code = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(text)?.[0];
  if (!code) throw new Error('No verification code in the PDF');
  return code;
}

/** The PDF with one byte of its first page's content stream changed. */
function tampered(pdf: Buffer): Buffer {
  const copy = Buffer.from(pdf);
  const stream = copy.indexOf('stream\n', copy.indexOf('/Contents'));
  copy[stream + 40] = copy[stream + 40]! ^ 0x01;
  return copy;
}

async function checkVerifyPage(language: Language, width: number, account: Account) {
  const { page, problems } = await stack.newPage({ language, width, height: 900 });
  const t = texts(language, 'verify');
  const pdf = await downloadSignedPdf(page, language, account.number);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const code = await codeOf(pdf);

  await page.goto(`${stack.baseUrl}/verify/${code}`);
  await page.getByRole('heading', { level: 1, name: t('title') }).waitFor();
  // A code check says what the bank issued under the code, with its balances, to compare with the copy.
  const verdict = page.getByRole('status').filter({ hasText: t('issued') });
  await verdict.waitFor();
  expect(await verdict.textContent()).toContain(t('details.closing'));
  await expect.poll(() => verdict.textContent()).toContain(account.number);
  expect(await verdict.textContent()).toContain(code);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await screenshot(page, `statement-verify-genuine-${language}-${width}`);

  await page.getByLabel(t('form.file')).setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: tampered(pdf) });
  const refusal = page.getByRole('alert').filter({ hasText: t('notGenuine') });
  await refusal.waitFor();
  expect(await refusal.textContent()).toContain(t('reasons.altered'));
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await screenshot(page, `statement-verify-altered-${language}-${width}`);

  // The untouched file, uploaded, is genuine too.
  await page.getByLabel(t('form.file')).setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('status').filter({ hasText: t('genuine') }).waitFor();
  expect(unexpectedProblems(problems)).toEqual([]);
  await page.context().close();
}

describe('signed PDF statement', () => {
  it('1440 px, English: download, open /verify/<code>: genuine; a changed copy: not genuine', async () => {
    await checkVerifyPage('en', 1440, demoAccounts.find((account) => account.currency === 'USD')!);
  });

  it('360 px, Russian: the same in Russian', async () => {
    await checkVerifyPage('ru', 360, demoAccounts.find((account) => account.currency === 'EUR')!);
  });
});
