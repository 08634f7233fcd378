// Proves the identity screens in Chromium as a person uses them, in EN and RU, at 1440 and 375 px:
// registration of a personal and a business client with the code read from the real SMTP server,
// the validation messages and 409 popups, the 2:00 countdown returning to step 1, the cabinet of an
// unidentified client (only verification), KYC submission and the in-process message, the full menu
// and settings of an identified client, the side menu closing after a mouse or keyboard choice at
// 1280, 768 and 360 px, password change, sign-out, reset of a forgotten password
// from the mailed link, the route guard, and the session-expired modal of a stale token.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe';
import {
  chooseMenu,
  codeFromMail,
  enterCode,
  fillPersonalKyc,
  menuEntries,
  newClient,
  registerThroughUi,
  resetLinkFromMail,
  signInThroughUi,
  signOutThroughMenu,
  label,
  texts,
  unexpectedProblems,
  DEMO_BUSINESS,
  DEMO_PERSONAL,
} from './support/identity';
import { screenshot, startStack, type Stack } from './support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());


describe('registration and KYC of a new client', () => {
  it('EN, 1440 px: a personal client registers, sees only verification, submits KYC and sees it in process', async () => {
    const { page, problems } = await stack.newPage({ language: 'en', width: 1440 });
    const auth = texts('en', 'auth');
    const client = newClient('anna');

    await page.goto('/register');
    await page.getByRole('heading', { name: 'Open an account' }).waitFor();
    expect(await page.title()).toBe('Open an account · Meridian Bank');
    // The rules of docs/product.md#validation each speak for themselves.
    await page.getByLabel(label('Password')).fill('weak');
    await page.getByLabel(label('E-mail')).click();
    for (const rule of [
      'The password must be at least 8 characters long.',
      'The password must contain at least one uppercase letter.',
      'The password must contain at least one digit.',
    ]) {
      await page.getByText(rule).waitFor();
    }
    await screenshot(page, 'identity-register-errors-en-1440');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await registerThroughUi(stack, page, 'en', client, 'personal');
    expect(await menuEntries(page, 'en')).toEqual(['Verification', 'Settings']);
    await page.getByText('Unidentified client').waitFor();
    await page.getByRole('heading', { name: 'Identity verification' }).waitFor();
    // Whatever the menu choice, an unidentified client sees the KYC screen.
    await chooseMenu(page, 'en', 'settings');
    await page.getByRole('heading', { name: 'Identity verification' }).waitFor();

    // An empty form names what is missing.
    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.getByText('Some fields need your attention').waitFor();
    expect(await page.getByText('This field is required.').count()).toBeGreaterThanOrEqual(5);

    await fillPersonalKyc(page, 'en', { firstName: 'Anna', lastName: 'Smith', country: 'Kazakhstan', phone: '+7 701 555 0101' });
    expect(await page.getByLabel(label('Country')).locator('option').count()).toBeGreaterThan(240);
    await screenshot(page, 'identity-kyc-form-en-1440');
    // The form and its note lie on the cabinet's grey: every text on it still reads at 4.5:1.
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.getByRole('heading', { name: 'Your application is being reviewed' }).waitFor();
    await page.getByText('Anna Smith').waitFor();
    await screenshot(page, 'identity-kyc-in-process-en-1440');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(auth('code.title')).toBe('Check your e-mail');
    expect(problems).toEqual([]);
  });

  it('RU, 375 px: a business client registers, sees only verification, submits KYC with the company name', async () => {
    const { page, problems } = await stack.newPage({ language: 'ru', width: 375, height: 800 });
    const client = newClient('steppe');

    await page.goto('/register');
    await page.getByRole('heading', { name: 'Открытие счёта' }).waitFor();
    await page.getByLabel(label('Пароль')).fill('слабый');
    await page.getByLabel(label('Телефон')).click();
    for (const rule of ['Пароль должен содержать не менее 8 символов.', 'Пароль должен содержать хотя бы одну заглавную букву.', 'Пароль должен содержать хотя бы одну цифру.']) {
      await page.getByText(rule).waitFor();
    }
    await screenshot(page, 'identity-register-errors-ru-375');

    await registerThroughUi(stack, page, 'ru', client, 'business');
    // The menu is closed by default in a narrow window; its toggle opens it.
    expect(await page.getByRole('navigation', { name: 'Разделы' }).isVisible()).toBe(false);
    expect(await menuEntries(page, 'ru')).toEqual(['Верификация', 'Настройки']);
    await page.getByText('Неидентифицированный клиент').waitFor();
    await screenshot(page, 'identity-cabinet-menu-ru-375');
    await chooseMenu(page, 'ru', 'kyc');
    expect(await page.getByRole('navigation', { name: 'Разделы' }).isVisible()).toBe(false);

    await page.getByRole('heading', { name: 'Верификация' }).waitFor();
    expect(await page.getByLabel(label('Имя')).count()).toBe(0);
    await page.getByLabel(label('Название компании')).fill('ТОО «Степь Логистик»');
    await page.getByLabel(label('Страна')).selectOption({ label: 'Казахстан' });
    await screenshot(page, 'identity-kyc-form-ru-375');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Отправить на проверку' }).click();
    await page.getByRole('heading', { name: 'Анкета на проверке' }).waitFor();
    await screenshot(page, 'identity-kyc-in-process-ru-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });

  it("EN: a taken e-mail gets the 'already exists' popup", async () => {
    const { page, problems } = await stack.newPage({ language: 'en' });
    await page.goto('/register');
    await page.getByLabel(label('E-mail')).fill(DEMO_PERSONAL.email);
    await page.getByLabel(label('Phone')).fill('+44 7700 900999');
    await page.getByLabel(label('Password')).fill('Another2024pass');
    await page.getByLabel(label('Account type')).selectOption({ label: 'Individual' });
    await page.getByRole('button', { name: 'Create an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error!' });
    await dialog.getByText('A client with this e-mail already exists.').waitFor();
    await dialog.getByRole('button', { name: 'Ok' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});

describe('sign-in', () => {
  it('RU: the button waits for a valid form; wrong data brings the popup; the back arrows lead home and back to step 1', async () => {
    const { page, problems } = await stack.newPage({ language: 'ru', width: 1440 });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'С возвращением!' }).waitFor();
    await page.waitForFunction(() => document.title === 'Вход · Меридиан Банк');
    const submit = page.getByRole('button', { name: 'Продолжить' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel(label('Электронная почта')).fill(DEMO_PERSONAL.email);
    await page.getByLabel(label('Пароль')).fill('something');
    // Enabled once the form's schema, loaded as the visitor turns to the form, has checked it.
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel(label('Электронная почта')).fill('not-an-email');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel(label('Электронная почта')).fill(DEMO_PERSONAL.email);
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await page.getByRole('dialog', { name: 'Ошибка!' }).getByText('Пожалуйста, проверьте данные и повторите попытку.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Ок' }).click();
    await screenshot(page, 'identity-login-ru-1440');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByLabel(label('Пароль')).fill(DEMO_PERSONAL.password);
    await submit.click();
    await page.getByRole('heading', { name: 'Проверьте почту' }).waitFor();
    await page.getByRole('button', { name: 'Назад' }).click();
    await page.getByRole('heading', { name: 'С возвращением!' }).waitFor();
    expect(await page.getByLabel(label('Электронная почта')).inputValue()).toBe(DEMO_PERSONAL.email);
    await page.getByRole('link', { name: 'На главную' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(unexpectedProblems(problems)).toEqual([]);
  });

  it('EN: the code screen counts 2:00 down as mm:ss and returns to step 1 at zero', async () => {
    const { page, problems } = await stack.newPage({ language: 'en', width: 375, height: 800 });
    await page.clock.install();
    await page.goto('/login');
    await page.getByLabel(label('E-mail')).fill(DEMO_PERSONAL.email);
    await page.getByLabel(label('Password')).fill(DEMO_PERSONAL.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    const timer = page.getByRole('timer');
    await timer.getByText(/^0[12]:\d\d$/).waitFor();
    const confirm = page.getByRole('button', { name: 'Confirm' });
    expect(await confirm.isDisabled()).toBe(true);
    await screenshot(page, 'identity-code-en-375');
    await page.clock.fastForward('01:00');
    await timer.getByText(/^00:(59|60|58)$/).waitFor();
    await page.clock.fastForward('01:01');
    await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
    expect(problems).toEqual([]);
  });
});

describe('the cabinet of an identified client', () => {
  it('RU, 1440 px: full menu, settings with the verified badge, password change, sign-out and sign-in with the new password', async () => {
    const { page, problems } = await stack.newPage({ language: 'ru', width: 1440 });
    await signInThroughUi(stack, page, 'ru', DEMO_BUSINESS.email, DEMO_BUSINESS.password);
    expect(await menuEntries(page, 'ru')).toEqual(['Счета', 'Переводы', 'Плановые платежи', 'Депозиты', 'Карты', 'Обмен валюты', 'Криптокошельки', 'Криптопереводы', 'Настройки']);
    await page.getByText('Northwind Trading Ltd').first().waitFor();
    await page.getByText('Идентифицированный клиент').waitFor();

    await chooseMenu(page, 'ru', 'settings');
    await page.getByRole('heading', { name: 'Настройки', level: 1 }).waitFor();
    const account = page.locator('.settings-account');
    await account.getByText('Юридическое лицо').waitFor();
    expect(await account.locator('dd').nth(1).textContent()).toMatch(/^\d{6,}$/);
    expect(await page.locator('main .verified-badge').count()).toBe(1);
    await page.getByText('Не менее 8 символов, в том числе 1 строчная буква, 1 заглавная буква и 1 цифра.').waitFor();

    await page.getByLabel(label('Текущий пароль')).fill('НеТот2024пароль');
    await page.getByLabel(label('Новый пароль')).fill('Northwind2025new');
    await page.getByLabel(label('Подтвердите новый пароль')).fill('Northwind2025new');
    await page.getByRole('button', { name: 'Сменить пароль' }).click();
    await page.getByRole('dialog', { name: 'Ошибка!' }).getByText('Пожалуйста, проверьте данные и повторите попытку.').waitFor();
    await page.getByRole('dialog').getByRole('button').click();
    await page.getByText('Текущий пароль указан неверно.').waitFor();

    await page.getByLabel(label('Текущий пароль')).fill(DEMO_BUSINESS.password);
    await page.getByRole('button', { name: 'Сменить пароль' }).click();
    await page.getByText('Ваш пароль успешно изменён.').waitFor();
    expect(await page.getByLabel(label('Новый пароль')).inputValue()).toBe('');
    await screenshot(page, 'identity-settings-ru-1440');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await signOutThroughMenu(page, 'ru');
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).not.toContain('Northwind');
    await signInThroughUi(stack, page, 'ru', DEMO_BUSINESS.email, 'Northwind2025new');
    await page.getByText('Northwind Trading Ltd').first().waitFor();
    expect(unexpectedProblems(problems)).toEqual([]);
  });

  it('EN: the menu is open above 768 px, closes on an outside click below 1400 px, and loads the KYC and transaction lists when it opens', async () => {
    const { page, problems } = await stack.newPage({ language: 'en', width: 1024, height: 800 });
    await signInThroughUi(stack, page, 'en', DEMO_PERSONAL.email, DEMO_PERSONAL.password);
    const menu = page.getByRole('navigation', { name: 'Sections' });
    await menu.waitFor();
    await page.getByRole('heading', { level: 1 }).first().click();
    await menu.waitFor({ state: 'hidden' });
    const lists = Promise.all([page.waitForRequest('**/api/kyc/list'), page.waitForRequest('**/api/transaction/list')]);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await menu.waitFor();
    await lists;
    await page.getByRole('button', { name: 'Collapse the menu' }).click();
    await menu.waitFor({ state: 'hidden' });

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('heading', { level: 1 }).first().click();
    expect(await menu.isVisible()).toBe(true);
    expect(unexpectedProblems(problems)).toEqual([]);
  });

  it('EN, 1280, 768 and 360 px: a tab clicked with the mouse while the menu is open is shown, and the menu closes', async () => {
    const { page, problems } = await stack.newPage({ language: 'en', width: 1280, height: 800 });
    await signInThroughUi(stack, page, 'en', DEMO_PERSONAL.email, DEMO_PERSONAL.password);
    const menu = page.getByRole('navigation', { name: 'Sections' });
    const toggle = page.getByRole('button', { name: /^(Open|Collapse) the menu$/ });
    const screenTitled = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
    /** A real press and release at the middle of the element, where the pointer would be. */
    const clickAt = async (locator: Locator) => {
      const box = (await locator.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    };
    const openTheMenu = async () => {
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await menu.waitFor();
    };

    // 1280 px: the menu stands beside the screen, so hiding it moves the screen; the Statement tab
    // under the pointer is still the one chosen.
    await openTheMenu();
    await screenTitled('Accounts').waitFor();
    const statement = page.getByRole('tab', { name: 'Statement' });
    await clickAt(statement);
    await page.getByRole('heading', { level: 2, name: 'Account statement' }).waitFor();
    expect(await statement.getAttribute('aria-selected')).toBe('true');
    await menu.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // A section chosen in the menu with the mouse is shown and closes the menu; with the keyboard too.
    for (const width of [1280, 768, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await openTheMenu();
      await clickAt(menu.getByRole('button', { name: 'Transfers', exact: true }));
      await screenTitled('Transfers').waitFor();
      await menu.waitFor({ state: 'hidden' });
      expect(await toggle.getAttribute('aria-expanded'), `${width} px`).toBe('false');

      await openTheMenu();
      await menu.getByRole('button', { name: 'Accounts', exact: true }).focus();
      await page.keyboard.press('Enter');
      await screenTitled('Accounts').waitFor();
      await menu.waitFor({ state: 'hidden' });
      // The keyboard is handed to the toggle, not left on a hidden entry.
      expect(await toggle.evaluate((element) => element === document.activeElement), `${width} px`).toBe(true);
    }

    // 360 px: a click on the shade beside the menu, over the Statement tab, closes the menu and
    // does not reach the tab under the shade.
    await openTheMenu();
    const drawer = (await page.locator('.side-menu').boundingBox())!;
    const under = (await statement.boundingBox())!;
    const x = (drawer.x + drawer.width + 360) / 2;
    expect(x).toBeGreaterThan(under.x);
    expect(x).toBeLessThan(under.x + under.width);
    await page.mouse.click(x, under.y + under.height / 2);
    await menu.waitFor({ state: 'hidden' });
    await screenTitled('Accounts').waitFor();
    expect(await statement.getAttribute('aria-selected')).toBe('false');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});

describe('forgotten password and sessions', () => {
  it('EN, 375 px: resets a forgotten password from the mailed link and signs in with it', async () => {
    const { page, problems } = await stack.newPage({ language: 'en', width: 375, height: 800 });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel(label('E-mail')).fill(DEMO_PERSONAL.email);
    const since = stack.mail.mails.length;
    await page.getByRole('button', { name: 'Continue' }).click();
    const popup = page.getByRole('dialog', { name: 'Success!' });
    await popup.getByText('Your request has been sent.').waitFor();
    await screenshot(page, 'identity-forgot-en-375');
    await popup.getByRole('button', { name: 'Ok' }).click();
    await page.waitForURL('**/login');

    const link = await resetLinkFromMail(stack, DEMO_PERSONAL.email, since);
    expect(link.startsWith(`${stack.baseUrl}/reset_password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel(label('New password')).fill('Restored2025pass');
    await page.getByLabel(label('Repeat the new password')).fill('Restored2025pas');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    await page.getByLabel(label('Repeat the new password')).fill('Restored2025pass');
    await screenshot(page, 'identity-reset-en-375');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('dialog', { name: 'Success!' }).getByRole('button', { name: 'Ok' }).click();
    await page.waitForURL('**/login');

    // The link works once.
    await page.goto(link);
    await page.getByLabel(label('New password')).fill('Another2025pass');
    await page.getByLabel(label('Repeat the new password')).fill('Another2025pass');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('This link is invalid or has expired.').waitFor();

    await signInThroughUi(stack, page, 'en', DEMO_PERSONAL.email, 'Restored2025pass');
    await page.getByRole('button', { name: 'Open the menu' }).waitFor();
    DEMO_PERSONAL.password = 'Restored2025pass';
    expect(unexpectedProblems(problems)).toEqual([]);
  });

  it('EN: a stale token brings the session-expired modal, and its Ok signs out', async () => {
    const { page, problems } = await stack.newPage({ language: 'en', width: 1440 });
    await signInThroughUi(stack, page, 'en', DEMO_PERSONAL.email, DEMO_PERSONAL.password);
    await page.getByRole('button', { name: 'Collapse the menu' }).waitFor();
    // Before the next page load runs the app, the stored token becomes one the server does not know.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('token-made-stale')) return;
      sessionStorage.setItem('token-made-stale', '1');
      const root = JSON.parse(localStorage.getItem('persist:root')!) as Record<string, string>;
      const user = JSON.parse(root.user!) as { user: { userToken: string } };
      user.user.userToken = 'stale-token-that-the-server-does-not-know';
      root.user = JSON.stringify(user);
      localStorage.setItem('persist:root', JSON.stringify(root));
    });
    await page.reload();
    const modal = page.getByRole('dialog', { name: 'Error!' });
    await modal.getByText('Your session has expired. Please sign in again.').waitFor();
    await screenshot(page, 'identity-session-expired-en-1440');
    await modal.getByRole('button', { name: 'Ok' }).click();
    await page.waitForURL('**/login');
    const stored = await page.evaluate(() => localStorage.getItem('persist:root') ?? '');
    expect(stored).not.toContain('stale-token');
    expect(stored).not.toContain(DEMO_PERSONAL.email);
    expect(unexpectedProblems(problems)).toEqual([]);
  });

  it('sends a visitor without a token from /kabinet to /login, replacing the history entry', async () => {
    const { page } = await stack.newPage({ language: 'en' });
    await page.goto('/');
    await page.goto('/kabinet');
    await page.waitForURL('**/login');
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('answers 404 for unknown cabinet paths and shows accounts at /kabinet/currencyAccounts', async () => {
    const { page } = await stack.newPage({ language: 'en' });
    await signInThroughUi(stack, page, 'en', DEMO_PERSONAL.email, DEMO_PERSONAL.password);
    await page.goto('/kabinet/no-such-screen');
    await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor();
    await page.goto('/kabinet/currencyAccounts');
    const menu = page.getByRole('navigation', { name: 'Sections' });
    expect(await menu.getByRole('button', { name: 'Accounts' }).getAttribute('aria-current')).toBe('page');
  });
});

it('keeps the sign-in code single-use from the browser too', async () => {
  const { page, problems } = await stack.newPage({ language: 'en' });
  await page.goto('/login');
  await page.getByLabel(label('E-mail')).fill(DEMO_BUSINESS.email);
  await page.getByLabel(label('Password')).fill('Northwind2025new');
  const since = stack.mail.mails.length;
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await codeFromMail(stack, DEMO_BUSINESS.email, since);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await enterCode(page, 'en', wrong);
  await page.getByRole('dialog', { name: 'Error!' }).getByText('Please check your data and try again.').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await enterCode(page, 'en', code);
  await page.waitForURL('**/kabinet');
  expect(unexpectedProblems(problems)).toEqual([]);
});
