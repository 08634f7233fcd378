// Proves a new client's whole way in Chromium, in EN (personal, 1440 px) and RU (business, 375 px),
// as a person goes it: registration with the code from the real SMTP server, only the verification
// menu, KYC submitted and in process; then, once the compliance operator has approved the KYC
// through the back-office API, the full menu, a password change,
// sign-out, sign-in with the new password, and the reset of a forgotten password from the mailed link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseMenu,
  fillPersonalKyc,
  fillUntilAccepted,
  label,
  menuEntries,
  openMenu,
  newClient,
  registerThroughUi,
  resetLinkFromMail,
  signInThroughUi,
  signOutThroughMenu,
  texts,
  unexpectedProblems,
  type Language,
} from './support/identity';
import { POSTGRES_SKIP_REASON, createScratchPostgres, type ScratchDatabase } from './support/postgres';
import { asOperator, operatorTokenFor } from './support/backoffice';
import { screenshot, startStack, type Stack } from './support/stack';

const postgresConfigured = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(postgresConfigured)('a new client from registration to an approved KYC', () => {
  let database: ScratchDatabase;
  let stack: Stack;
  beforeAll(async () => {
    database = await createScratchPostgres();
    stack = await startStack({ env: { DATABASE_URL: database.url } });
  });
  afterAll(async () => {
    await stack?.close();
    await database?.drop();
  });

  /** The compliance operator approves the client's submission in review (the back office's screens have their own spec). */
  async function approveKyc(email: string): Promise<void> {
    const token = await operatorTokenFor(stack, 'compliance@bank.example');
    const queue = await asOperator<{ items: Array<{ kycId: string; version: number; client: { email: string } }> }>(stack, token, 'GET', 'kyc?status=New');
    const submission = queue.items.find((item) => item.client.email === email.toLowerCase());
    expect(submission).toBeDefined();
    // The approval names the version the operator read, as the back-office screen does.
    const approved = await asOperator(stack, token, 'POST', `kyc/${submission!.kycId}/approve`, { version: submission!.version });
    expect(approved).toEqual({ kycId: submission!.kycId, status: 'Approved' });
  }

  async function journey(language: Language, accountType: 'personal' | 'business', width: number): Promise<void> {
    const { page, problems } = await stack.newPage({ language, width, height: width < 500 ? 800 : 900 });
    const cabinet = texts(language, 'cabinet');
    const kyc = texts(language, 'kyc');
    const settings = texts(language, 'settings');
    const auth = texts(language, 'auth');
    const client = newClient(`${language}-${accountType}`);
    const tag = `${language}-${width}`;

    // Registration, the mailed code, and the cabinet of an unidentified client.
    await registerThroughUi(stack, page, language, client, accountType);
    expect(await menuEntries(page, language)).toEqual([cabinet('menu.items.kyc'), cabinet('menu.items.settings')]);
    await page.getByText(cabinet('profile.unidentified')).waitFor();
    await screenshot(page, `identity-journey-unidentified-${tag}`);
    await chooseMenu(page, language, 'kyc');

    // KYC, then the in-process message.
    if (accountType === 'personal') {
      await fillPersonalKyc(page, language, { firstName: 'Ivan', lastName: 'Petrov', country: language === 'ru' ? 'Казахстан' : 'Kazakhstan', phone: '+7 701 555 0102' });
    } else {
      await page.getByLabel(label(kyc('fields.companyName'))).fill(language === 'ru' ? 'ООО «Северный ветер»' : 'North Wind Trading LLP');
      await page.getByLabel(label(kyc('fields.country'))).selectOption('KZ');
    }
    await page.getByRole('button', { name: kyc('submit') }).click();
    await page.getByRole('heading', { name: kyc('inProcess.title') }).waitFor();
    await screenshot(page, `identity-journey-in-process-${tag}`);

    // Approved: the full menu after a reload.
    await approveKyc(client.email);
    await page.reload();
    await openMenu(page, language);
    await page.getByText(cabinet('profile.identified')).waitFor();
    expect(await menuEntries(page, language)).toEqual(
      ['accounts', 'transfer', 'schedules', 'deposits', 'cards', 'rate', 'crypto', 'cryptoTransfer', 'settings'].map((key) => cabinet(`menu.items.${key}`)),
    );
    await screenshot(page, `identity-journey-identified-${tag}`);

    // Password change in settings.
    await chooseMenu(page, language, 'settings');
    await page.getByRole('heading', { name: settings('title'), level: 1 }).waitFor();
    await page.locator('main .verified-badge').waitFor();
    const changed = 'Changed2025pass';
    await page.getByLabel(label(settings('password.oldPassword'))).fill(client.password);
    await page.getByLabel(label(settings('password.newPassword'))).fill(changed);
    await page.getByLabel(label(settings('password.confirmPassword'))).fill(changed);
    await page.getByRole('button', { name: settings('password.submit') }).click();
    await page.getByText(settings('password.success')).waitFor();
    await screenshot(page, `identity-journey-settings-${tag}`);

    // Sign out, and back in with the new password.
    await signOutThroughMenu(page, language);
    await signInThroughUi(stack, page, language, client.email, changed);
    await openMenu(page, language);
    await page.getByText(cabinet('profile.identified')).waitFor();
    await signOutThroughMenu(page, language);

    // A forgotten password, reset from the mailed link.
    await page.getByRole('link', { name: auth('login.forgot') }).click();
    const forgotSubmit = page.getByRole('button', { name: auth('forgot.submit') });
    await fillUntilAccepted(page.getByLabel(label(auth('fields.email'))), client.email, forgotSubmit);
    const since = stack.mail.mails.length;
    await forgotSubmit.click();
    await page.getByRole('dialog').getByRole('button').click();
    await page.goto(await resetLinkFromMail(stack, client.email, since));
    const restored = 'Restored2025pass';
    await page.getByLabel(label(auth('fields.newPassword'))).fill(restored);
    await page.getByLabel(label(auth('fields.confirmPassword'))).fill(restored);
    await page.getByRole('button', { name: auth('reset.submit') }).click();
    await page.getByRole('dialog').getByText(auth('reset.done')).waitFor();
    await page.getByRole('dialog').getByRole('button').click();
    await page.waitForURL('**/login');
    await signInThroughUi(stack, page, language, client.email, restored);
    await openMenu(page, language);
    await page.getByText(cabinet('profile.identified')).waitFor();
    expect(unexpectedProblems(problems)).toEqual([]);
  }

  it('EN, 1440 px: a personal client', () => journey('en', 'personal', 1440));
  it('RU, 375 px: a business client', () => journey('ru', 'business', 375));
});

if (!postgresConfigured) it.skip(`a new client from registration to an approved KYC: ${POSTGRES_SKIP_REASON}`, () => undefined);
