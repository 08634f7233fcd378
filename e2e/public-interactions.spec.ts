// Proves the interactive parts of the public site in Chromium: the services dropdown (hover, click,
// keyboard, the 200 ms close delay) and its anchors, the tariffs slider wrapping both ways with its
// 50 ms fade, the burger menu at 375 px, visible keyboard focus, and both contact forms with invalid
// and valid input: messages of docs/product.md#validation in EN and RU, the sending state, the popups, and the mail arriving
// at a real SMTP server.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe';
import path from 'node:path';
import { SCREENSHOT_DIR, startStack, type Stack } from './support/stack';

const CONTACT_EMAIL = 'info@bank.example';
const CONTACT_ENDPOINT = '**/api/mailer/sendContactFormData';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** The visible part of the page only: a full-page capture resizes the viewport, which moves the pointer off an open menu. */
async function viewportShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

async function open(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page.locator('main h1').waitFor();
  await page.locator('footer .site-footer__bottom').waitFor();
}

/** Waits until the section's top edge has come to rest just below the sticky header. */
async function waitUntilScrolledTo(page: Page, id: string): Promise<void> {
  await page.waitForFunction(
    (sectionId) => {
      const section = document.getElementById(sectionId);
      if (!section) return false;
      const top = section.getBoundingClientRect().top;
      return top >= 0 && top <= 120;
    },
    id,
    { timeout: 10_000 },
  );
}

/** Milliseconds from `trigger` (run in the page) until the dropdown's list is hidden. */
function measureCloseDelay(page: Page, trigger: 'mouseleave' | 'outsidePointerDown'): Promise<number> {
  return page.evaluate(
    (kind) =>
      new Promise<number>((resolve) => {
        const dropdown = document.querySelector('.site-nav .dropdown')!;
        const menu = dropdown.querySelector('.dropdown__menu')!;
        // Already closed (it should not be): fail at once rather than wait for a change that never comes.
        if (menu.hasAttribute('hidden')) return resolve(-1);
        const start = performance.now();
        new MutationObserver((_records, observer) => {
          if (menu.hasAttribute('hidden')) {
            observer.disconnect();
            resolve(performance.now() - start);
          }
        }).observe(menu, { attributes: true });
        if (kind === 'mouseleave') dropdown.dispatchEvent(new MouseEvent('mouseleave'));
        else document.querySelector('main h1')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      }),
    trigger,
  );
}

async function errorTexts(page: Page, formSelector: string): Promise<string[]> {
  return page.locator(`${formSelector} .field__error`).allInnerTexts();
}

describe('header dropdown of other services', () => {
  it('opens on hover and on click, closes 200 ms after leaving or an outside click, and works by keyboard', async () => {
    const { page, problems } = await stack.newPage({ width: 1440 });
    await open(page, '/');
    const toggle = page.locator('.site-nav .dropdown__toggle');
    const menu = page.locator('.site-nav .dropdown__menu');
    expect(await menu.isVisible()).toBe(false);

    await toggle.hover();
    await menu.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByRole('link').allInnerTexts()).toEqual([
      'All services', 'Deposit account', 'Cheque cashing', 'International acquiring', 'Precious metals', 'FX trading service',
    ]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const afterLeaving = await measureCloseDelay(page, 'mouseleave');
    expect(afterLeaving).toBeGreaterThanOrEqual(190);
    expect(afterLeaving).toBeLessThan(1_000);

    // A click while the pointer rests on it keeps it open; the next click closes it.
    await page.mouse.move(0, 400);
    await toggle.click();
    await menu.waitFor({ state: 'visible' });
    await toggle.click();
    await menu.waitFor({ state: 'hidden' });

    await toggle.click();
    await menu.waitFor({ state: 'visible' });
    await viewportShot(page, 'public-dropdown-en-1440');
    const afterOutsideClick = await measureCloseDelay(page, 'outsidePointerDown');
    expect(afterOutsideClick).toBeGreaterThanOrEqual(190);
    expect(afterOutsideClick).toBeLessThan(1_000);

    await page.mouse.move(700, 700);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('All services');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('dropdown__toggle'))).toBe(true);
    expect(problems).toEqual([]);
  });

  it('scrolls to each anchor of /other-services, from another page and within the page', async () => {
    const { page, problems } = await stack.newPage({ width: 1440, height: 800 });
    await open(page, '/about-bank');
    const anchors: Array<[string, string]> = [
      ['Precious metals', 'operations-metals'],
      ['Deposit account', 'deposit-account'],
      ['FX trading service', 'fx-service'],
      ['Cheque cashing', 'cashing-checks'],
      ['International acquiring', 'international-acquiring'],
    ];
    for (const [label, id] of anchors) {
      await page.locator('.site-nav .dropdown__toggle').hover();
      await page.locator('.site-nav .dropdown__menu').getByRole('link', { name: label }).click();
      await page.waitForURL(`**/other-services#${id}`);
      await waitUntilScrolledTo(page, id);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
      await page.mouse.move(700, 700);
      await page.locator('.site-nav .dropdown__menu').waitFor({ state: 'hidden' });
    }

    // A link opened directly (a new page load) also lands on its section once the page has rendered.
    await page.goto('/other-services#cashing-checks');
    await waitUntilScrolledTo(page, 'cashing-checks');

    // The footer carries the same anchors.
    await open(page, '/contact');
    await page.locator('footer').getByRole('link', { name: 'Precious metals' }).click();
    await page.waitForURL('**/other-services#operations-metals');
    await waitUntilScrolledTo(page, 'operations-metals');
    expect(problems).toEqual([]);
  });
});

describe('tariffs slider', () => {
  it('moves through 4 slides of 3, 3, 3 and 2 items with arrows that wrap both ways, each fading in from hidden', async () => {
    const { page, problems } = await stack.newPage({ width: 1440 });
    await open(page, '/tariffs-and-services');
    const numbers = () => page.locator('.slider__number').allTextContents();
    const next = page.getByRole('button', { name: 'Next slide' });
    const previous = page.getByRole('button', { name: 'Previous slide' });

    expect(await numbers()).toEqual(['01', '02', '03']);
    const seen: string[][] = [];
    for (let step = 0; step < 4; step += 1) {
      await next.click();
      seen.push(await numbers());
    }
    expect(seen).toEqual([['04', '05', '06'], ['07', '08', '09'], ['10', '11'], ['01', '02', '03']]);

    await previous.click();
    expect(await numbers()).toEqual(['10', '11']);
    await previous.click();
    expect(await numbers()).toEqual(['07', '08', '09']);
    expect(await page.locator('.slider__slide').getAttribute('aria-label')).toBe('Slide 3 of 4');

    // The new slide starts hidden, then fades in: made visible by a later change, with an opacity
    // transition from 0 to 1 that runs to its end. Each change of the slide is seen as it happens
    // (a mutation observer runs before the next timer), its style read then.
    const fade = await page.evaluate(async () => {
      const slide = document.querySelector<HTMLElement>('.slider__slide')!;
      const changes: Array<{ visible: boolean; opacity: string }> = [];
      const shown = new Promise<CSSTransition | null>((resolve) => {
        const observer = new MutationObserver(() => {
          const visible = slide.classList.contains('slider__slide--visible');
          changes.push({ visible, opacity: getComputedStyle(slide).opacity });
          if (!visible) return;
          observer.disconnect();
          const transitions = slide.getAnimations().filter((animation): animation is CSSTransition => animation instanceof CSSTransition);
          resolve(transitions.find((transition) => transition.transitionProperty === 'opacity') ?? null);
        });
        // The items change with every click, so a slide never hidden is seen too: visible at the first change.
        observer.observe(slide, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      });
      (document.querySelector('button[aria-label="Next slide"]') as HTMLButtonElement).click();
      const transition = await shown;
      const keyframes = transition?.effect instanceof KeyframeEffect ? transition.effect.getKeyframes().map((keyframe) => keyframe.opacity) : null;
      await transition?.finished;
      return { firstChange: changes[0], keyframes, opacityAfter: getComputedStyle(slide).opacity, stillRunning: slide.getAnimations().length };
    });
    expect(fade.firstChange).toEqual({ visible: false, opacity: '0' });
    expect(fade.keyframes).toEqual(['0', '1']);
    expect(fade.opacityAfter).toBe('1');
    expect(fade.stillRunning).toBe(0);
    expect(await numbers()).toEqual(['10', '11']);

    // Items link to the pages that describe them.
    await page.locator('.slider__card', { hasText: 'Precious metals' }).click();
    await page.waitForURL('**/other-services#operations-metals');
    await open(page, '/tariffs-and-services');
    await page.locator('.slider__card', { hasText: 'Corporate accounts' }).click();
    await page.waitForURL('**/corporate-clients');
    expect(problems).toEqual([]);
  });
});

describe('burger menu at 375 px', () => {
  it('toggles open and closed, shows the links and the login button, and closes on navigation', async () => {
    const { page, problems } = await stack.newPage({ width: 375, height: 812 });
    await open(page, '/');
    expect(await page.locator('.site-nav').isVisible()).toBe(false);
    const panel = page.locator('.mobile-menu');

    await page.getByRole('button', { name: 'Open the menu' }).click();
    await panel.waitFor({ state: 'visible' });
    const close = page.getByRole('button', { name: 'Close the menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true);
    expect(await panel.getByRole('group', { name: 'Language' }).isVisible()).toBe(true);
    for (const name of ['Business', 'Personal', 'Cards', 'Crypto', 'Services', 'Tariffs', 'About', 'Contact', 'Precious metals']) {
      expect(await panel.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await viewportShot(page, 'public-burger-en-375');

    await close.click();
    await panel.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open the menu' }).click();
    await panel.getByRole('link', { name: 'Tariffs', exact: true }).click();
    await page.waitForURL('**/tariffs-and-services');
    await panel.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open the menu' }).click();
    await panel.getByRole('link', { name: 'FX trading service' }).click();
    await page.waitForURL('**/other-services#fx-service');
    await panel.waitFor({ state: 'hidden' });
    await waitUntilScrolledTo(page, 'fx-service');

    await page.getByRole('button', { name: 'Open the menu' }).click();
    await panel.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/login');
    expect(problems).toEqual([]);
  });
});

describe('keyboard', () => {
  it('reaches the skip link first and shows a visible focus ring', async () => {
    const { page, problems } = await stack.newPage({ width: 1440 });
    await open(page, '/');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('skip-link'))).toBe(true);
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { tag: document.activeElement!.tagName, outline: style.outlineStyle, width: style.outlineWidth };
    });
    expect(ring).toEqual({ tag: 'A', outline: 'solid', width: '3px' });
    expect(problems).toEqual([]);
  });
});

describe('contact forms', () => {
  it('home form: messages of docs/product.md#validation, errors cleared on edit, sending state, success popup, fields cleared, mail delivered', async () => {
    const { page, problems } = await stack.newPage({ width: 1440 });
    await open(page, '/');
    const form = '#contact-form form';
    const send = page.locator(form).getByRole('button', { name: 'Send' });

    await send.click();
    await page.locator(`${form} .field__error`).first().waitFor();
    expect(await errorTexts(page, form)).toEqual(['Full name is required', 'Invalid email address', 'Phone number is required']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    expect(await page.locator(form).getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');

    await page.locator(form).getByLabel('Full name').fill('Anna E2E');
    expect(await errorTexts(page, form)).toEqual(['Invalid email address', 'Phone number is required']);
    await page.locator(form).getByLabel('E-mail').fill('anna@example');
    expect(await errorTexts(page, form)).toEqual(['Phone number is required']);
    await send.click();
    await page.waitForFunction((selector) => document.querySelectorAll(`${selector} .field__error`).length === 2, form);
    expect(await errorTexts(page, form)).toEqual(['Invalid email address', 'Phone number is required']);

    await page.locator(form).getByLabel('E-mail').fill('anna.e2e@example.com');
    await page.locator(form).getByLabel('Phone number').fill('+7 912 555-01-23');
    expect(await errorTexts(page, form)).toEqual([]);

    // Hold the request so the sending state can be seen; it then goes on to the real server.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(CONTACT_ENDPOINT, async (route) => {
      await held;
      await route.continue();
    });
    const since = stack.mail.mails.length;
    await send.click();
    const sending = page.locator(form).getByRole('button', { name: 'Sending…' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();

    const popup = page.getByRole('dialog', { name: 'Success!' });
    await popup.waitFor();
    expect(await popup.innerText()).toContain('Your request has been sent.');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await popup.getByRole('button', { name: 'Ok' }).click();
    await popup.waitFor({ state: 'hidden' });
    await page.unroute(CONTACT_ENDPOINT);
    for (const label of ['Full name', 'E-mail', 'Phone number']) expect(await page.locator(form).getByLabel(label).inputValue()).toBe('');
    expect(await send.isEnabled()).toBe(true);

    const mail = await stack.mail.waitFor(CONTACT_EMAIL, /Name: Anna E2E/, { since });
    expect(mail.subject).toBe('Contact form: Anna E2E');
    expect(mail.text).toContain('E-mail: anna.e2e@example.com');
    expect(mail.text).toContain('Phone: +7 912 555-01-23');
    expect(problems).toEqual([]);
  });

  it('contact page in Russian: the hero button leads to the form, Russian messages, success popup and mail', async () => {
    const { page, problems } = await stack.newPage({ language: 'ru', width: 1440, height: 800 });
    await open(page, '/contact');
    const form = '#contact-form form';

    await page.getByRole('button', { name: 'Написать нам' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'name');
    await waitUntilScrolledTo(page, 'contact-form');

    const send = page.locator(form).getByRole('button', { name: 'Отправить' });
    await send.click();
    await page.locator(`${form} .field__error`).first().waitFor();
    expect(await errorTexts(page, form)).toEqual(['Укажите ФИО', 'Некорректный адрес электронной почты', 'Укажите номер телефона', 'Введите сообщение']);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.locator(form).getByLabel('Ваше сообщение').fill('Прошу связаться со мной по поводу депозита в евро.');
    expect(await errorTexts(page, form)).toEqual(['Укажите ФИО', 'Некорректный адрес электронной почты', 'Укажите номер телефона']);
    await page.locator(form).getByLabel('ФИО').fill('Иван Тестов');
    await page.locator(form).getByLabel('Электронная почта').fill('ivan.testov@example.ru');
    await page.locator(form).getByLabel('Номер телефона').fill('+7 495 123-45-67');
    const since = stack.mail.mails.length;
    await send.click();

    const popup = page.getByRole('dialog', { name: 'Успешно!' });
    await popup.waitFor();
    expect(await popup.innerText()).toContain('Ваша заявка отправлена.');
    await viewportShot(page, 'public-contact-success-ru-1440');
    await popup.getByRole('button', { name: 'Ок' }).click();
    await popup.waitFor({ state: 'hidden' });
    expect(await page.locator(form).getByLabel('Ваше сообщение').inputValue()).toBe('');
    expect(await page.locator(form).getByLabel('ФИО').inputValue()).toBe('');

    const mail = await stack.mail.waitFor(CONTACT_EMAIL, /ivan\.testov@example\.ru/, { since });
    expect(mail.text).toContain('Иван Тестов');
    expect(mail.text).toContain('Прошу связаться со мной по поводу депозита в евро.');
    expect(problems).toEqual([]);
  });

  it('shows the error popup when the server fails, and keeps what was typed', async () => {
    const { page, problems } = await stack.newPage({ width: 375 });
    await open(page, '/contact');
    const form = '#contact-form form';
    await page.route(CONTACT_ENDPOINT, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"Internal server error"}' }));
    await page.locator(form).getByLabel('Full name').fill('Error Case');
    await page.locator(form).getByLabel('E-mail').fill('error.case@example.com');
    await page.locator(form).getByLabel('Phone number').fill('12345');
    await page.locator(form).getByLabel('Your message').fill('Will this arrive?');
    await page.locator(form).getByRole('button', { name: 'Send' }).click();

    const popup = page.getByRole('dialog', { name: 'Error!' });
    await popup.waitFor();
    expect(await popup.innerText()).toContain('Something went wrong. Please try again later.');
    await viewportShot(page, 'public-contact-error-en-375');
    await popup.getByRole('button', { name: 'Ok' }).click();
    await popup.waitFor({ state: 'hidden' });
    expect(await page.locator(form).getByLabel('Full name').inputValue()).toBe('Error Case');
    expect(await page.locator(form).getByLabel('Your message').inputValue()).toBe('Will this arrive?');
    // The only console error is the browser's own report of the refused request.
    expect(problems.filter((problem) => !/status of 500/.test(problem))).toEqual([]);
  });
});
