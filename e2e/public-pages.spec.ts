// Proves the public site page by page in Chromium: every route in EN and RU has its translated title,
// the shared header and footer, its key texts and tariff figures (docs/product.md#tariffs-and-limits), no console errors or CSP
// violations, no serious accessibility violation, no sideways scroll at 360 px; and '/' loads at most
// 100 kB of gzipped JavaScript before any lazy chunk.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe';
import { screenshot, startStack, type Stack, type TestPage } from './support/stack';

type Language = 'en' | 'ru';

interface RouteCheck {
  path: string;
  name: string;
  title: Record<Language, string>;
  /** Texts the page must show (compared with no-break spaces and word joiners normalised). */
  texts: Record<Language, string[]>;
  /** Extra checks on the rendered page. */
  check?: (page: Page, language: Language) => Promise<void>;
}

const BRAND: Record<Language, string> = { en: 'Meridian Bank', ru: 'Меридиан Банк' };

const ROUTES: RouteCheck[] = [
  {
    path: '/',
    name: 'home',
    title: { en: 'Online bank for personal and corporate clients', ru: 'Онлайн-банк для частных и корпоративных клиентов' },
    texts: {
      en: ['Banking without borders for you and your business', '200+', '≈ 1.44 bn USD', 'May 2022', 'Open an account in four steps', 'Get a consultation'],
      ru: ['Банк без границ для вас и вашего бизнеса', '200+', '≈ 1,44 млрд USD', 'мая 2022 года', 'Откройте счёт за четыре шага', 'Получите консультацию'],
    },
    async check(page) {
      const form = page.locator('#contact-form form');
      expect(await form.locator('input').count()).toBe(3);
      expect(await form.locator('textarea').count()).toBe(0);
      expect(await form.locator('input').evaluateAll((inputs) => inputs.map((input) => input.getAttribute('name')))).toEqual(['name', 'email', 'phone']);
    },
  },
  {
    path: '/about-bank',
    name: 'about',
    title: { en: 'About the bank', ru: 'О банке' },
    texts: {
      en: ['May 2022', 'offshore financial services authority', 'Supervision', 'Authorised capital', '1.44 billion USD', 'Supervisor contacts', 'Management Board of Meridian Bank'],
      ru: ['мая 2022 года', 'офшорным регулятором', 'Надзор', 'Уставный капитал', '1,44 млрд долларов США', 'Контакты регулятора', 'Правление Меридиан Банка'],
    },
    async check(page) {
      expect(await page.locator('.card__number').allTextContents()).toEqual(['01', '02', '03']);
      expect(await page.locator('.offering').count()).toBe(3);
      expect(await page.locator('blockquote').count()).toBe(1);
      expect(await page.locator('main a[href="/register"]').count()).toBeGreaterThanOrEqual(2);
    },
  },
  {
    path: '/tariffs-and-services',
    name: 'tariffs',
    title: { en: 'Tariffs and services', ru: 'Тарифы и услуги' },
    texts: {
      en: ['10,000 EUR', '5,000 EUR', '3,000 EUR', '500 EUR', '30 EUR per month', 'Set by the bank', '100 EUR', '50 EUR', 'Up to 2.5% depending on volume, no volume limits', '0.30%, minimum 50 EUR, maximum 2,000 EUR', '300 EUR', '400 EUR'],
      ru: ['10 000 EUR', '5 000 EUR', '3 000 EUR', '500 EUR', '30 EUR в месяц', 'Устанавливается банком', '100 EUR', '50 EUR', 'До 2,5% в зависимости от объёма', '0,30%, минимум 50 EUR, максимум 2 000 EUR', '300 EUR', '400 EUR'],
    },
    async check(page, language) {
      const rows = page.locator('.tariff-table tbody tr');
      expect(await rows.count()).toBe(23);
      for (const row of await rows.all()) {
        expect((await row.locator('th').innerText()).trim()).not.toBe('');
        expect((await row.locator('td').innerText()).trim()).not.toBe('');
      }
      const free = language === 'en' ? 'Free' : 'Бесплатно';
      expect((await page.locator('.tariff-table td').allInnerTexts()).filter((text) => text === free)).toHaveLength(7);
      expect(await page.locator('.slider__number').allTextContents()).toEqual(['01', '02', '03']);
    },
  },
  {
    path: '/corporate-clients',
    name: 'corporate',
    title: { en: 'Corporate clients', ru: 'Корпоративным клиентам' },
    texts: {
      en: ['Accounts for companies', '3–20 banking days', '3–5 banking days', '5–20 banking days', '10,000 EUR', 'Certificate of good standing, if the company was registered more than 12 months ago'],
      ru: ['Счета для компаний', '3–20 банковских дней', '3–5 банковских дней', '5–20 банковских дней', '10 000 EUR', 'если компания зарегистрирована более 12 месяцев назад'],
    },
    async check(page) {
      expect(await page.locator('.documents__item').count()).toBe(12);
      expect(await page.locator('.card--option').count()).toBe(2);
      expect(await page.locator('main a[href="/register"]').count()).toBeGreaterThanOrEqual(1);
    },
  },
  {
    path: '/physical-clients',
    name: 'individual',
    title: { en: 'Individual clients', ru: 'Частным клиентам' },
    texts: {
      en: ['7–15 banking days', '1–5 banking days', '5,000 EUR', '3,000 EUR', 'Notarised copy of your passport', 'Personal resume (CV)', 'for the last 3 months'],
      ru: ['7–15 банковских дней', '1–5 банковских дней', '5 000 EUR', '3 000 EUR', 'Нотариально заверенная копия паспорта', 'Личное резюме (CV)', 'за последние 3 месяца'],
    },
    async check(page) {
      expect(await page.locator('.documents__item').count()).toBe(4);
      expect(await page.locator('.card--option').count()).toBe(2);
      expect(await page.locator('main a[href="/register"]').count()).toBeGreaterThanOrEqual(1);
    },
  },
  {
    path: '/payment-cards',
    name: 'cards',
    title: { en: 'Payment cards', ru: 'Платёжные карты' },
    texts: {
      en: ['Virtual card', 'Physical card', 'Issue fee 300 EUR.', 'Issue fee 400 EUR.'],
      ru: ['Виртуальная карта', 'Пластиковая карта', 'Выпуск — 300 EUR.', 'Выпуск — 400 EUR.'],
    },
    async check(page, language) {
      const cards = page.locator('.payment-card');
      expect(await cards.count()).toBe(2);
      const facts = language === 'en' ? ['MasterCard', 'USD', '5 years', 'Free'] : ['MasterCard', 'USD', '5 лет', 'Бесплатно'];
      for (const card of await cards.all()) {
        expect(await card.locator('.features li').count()).toBe(4);
        expect(await card.locator('.card-facts dd').allInnerTexts()).toEqual(facts);
      }
      expect(await page.locator('.hero a[href="/contact"]').count()).toBe(1);
    },
  },
  {
    path: '/crypto-operations',
    name: 'crypto',
    title: { en: 'Crypto operations', ru: 'Криптооперации' },
    texts: {
      en: ['Crypto and fiat in one bank', 'Crypto payment gateway', 'BTC, ETH, USDT, BNB, SOL, USDC', 'up to 2.5%'],
      ru: ['Криптовалюта и фиат в одном банке', 'Криптовалютный платёжный шлюз', 'BTC, ETH, USDT, BNB, SOL, USDC', 'до 2,5%'],
    },
    async check(page) {
      expect(await page.locator('.card__number').allTextContents()).toEqual(['01', '02', '03', '04', '05', '06']);
    },
  },
  {
    path: '/other-services',
    name: 'other-services',
    title: { en: 'Other services', ru: 'Другие услуги' },
    texts: {
      en: ['10,000 EUR or USD', 'From 3 months to 5 years', '1, 3, 6, or 12 months', '500 EUR', '100 EUR/USD plus 2% of the amount', '7–14 banking days', 'Over 150 countries', '5 g, 10 g, 20 g, 50 g, 100 g, 250 g, 500 g, 1 oz, and 1 kg', 'Purity 999.9', '2–10%'],
      ru: ['10 000 EUR или USD', 'От 3 месяцев до 5 лет', '1, 3, 6 или 12 месяцев', '500 EUR', '100 EUR/USD плюс 2% от суммы', '7–14 банковских дней', 'Более 150 стран', '5 г, 10 г, 20 г, 50 г, 100 г, 250 г, 500 г, 1 унция и 1 кг', 'Проба 999,9', '2–10%'],
    },
    async check(page) {
      for (const id of ['deposit-account', 'cashing-checks', 'international-acquiring', 'operations-metals', 'fx-service']) {
        expect(await page.locator(`#${id}`).count()).toBe(1);
      }
      expect(await page.locator('.rates-table tbody td').allInnerTexts()).toEqual(['11%', '10%', '12%', '11%']);
      expect(await page.locator('#cashing-checks .card, #international-acquiring .card').count()).toBe(5);
      expect(await page.locator('#operations-metals .card').count()).toBe(3);
      expect(await page.locator('#fx-service .card__number').allTextContents()).toEqual(['01', '02', '03', '04', '05', '06', '07']);
      const logos = page.locator('.logo-strip__set:not([aria-hidden]) svg[role="img"]');
      expect(await logos.evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute('aria-label')))).toEqual([
        'Visa', 'MasterCard', 'UnionPay', 'Apple Pay', 'Discover', 'JCB', 'American Express',
      ]);
      expect(await page.locator('.hero a[href="/contact"]').count()).toBe(1);
      // The strip scrolls by itself and can be paused.
      const track = page.locator('.logo-strip__track');
      expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('running');
      const pause = page.locator('.logo-strip__pause');
      await pause.click();
      expect(await pause.getAttribute('aria-pressed')).toBe('true');
      expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('paused');
      await pause.click();
      expect(await pause.getAttribute('aria-pressed')).toBe('false');
    },
  },
  {
    path: '/contact',
    name: 'contact',
    title: { en: 'Contact', ru: 'Контакты' },
    texts: {
      en: ['Representative office in Dublin', 'Dublin 2', 'Head office in the Comoros', 'Mon–Fri 09:00–18:00', 'Lunch break 13:00–14:00', 'info@bank.example', 'www.bank.example', 'Compliance service', '+353 1 905 3385'],
      ru: ['Представительство в Дублине', 'Дублин 2', 'Головной офис на Коморских Островах', 'Пн–Пт 09:00–18:00', 'Обед 13:00–14:00', 'info@bank.example', 'www.bank.example', 'Служба комплаенс', '+353 1 905 3385'],
    },
    async check(page) {
      const form = page.locator('#contact-form form');
      expect(await form.locator('input').count()).toBe(3);
      expect(await form.locator('textarea').count()).toBe(1);
    },
  },
];

const FOOTER_LINKS = [
  '/',
  '/about-bank',
  '/tariffs-and-services',
  '/contact',
  '/corporate-clients',
  '/physical-clients',
  '/crypto-operations',
  '/other-services',
  '/other-services#cashing-checks',
  '/other-services#international-acquiring',
  '/other-services#operations-metals',
  '/other-services#fx-service',
];

/** The page's visible text with no-break spaces as spaces and word joiners removed. */
async function visibleText(page: Page): Promise<string> {
  const text = await page.locator('body').innerText();
  return text.replace(/\u00a0/g, ' ').replace(/\u2060/g, '');
}

async function open(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page.locator('main h1').waitFor();
  await page.locator('footer .site-footer__bottom').waitFor();
}

let stack: Stack;
const pages = new Map<string, TestPage>();

async function pageFor(language: Language, width: number): Promise<TestPage> {
  const key = `${language}-${width}`;
  let testPage = pages.get(key);
  if (!testPage) {
    testPage = await stack.newPage({ language, width });
    pages.set(key, testPage);
  }
  return testPage;
}

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe.each(['en', 'ru'] as const)('every public route in %s', (language) => {
  it.each(ROUTES.map((route) => [route.path, route] as const))('%s: title, layout, texts, figures, accessibility', async (_path, route) => {
    const { page, problems } = await pageFor(language, 1440);
    problems.length = 0;
    await open(page, route.path);

    expect(await page.title()).toBe(`${route.title[language]} · ${BRAND[language]}`);
    expect(await page.locator('main h1').count()).toBe(1);
    expect((await page.evaluate(() => document.documentElement.lang)).split('-')[0]).toBe(language);

    const text = await visibleText(page);
    for (const expected of route.texts[language]) expect(text).toContain(expected);
    await route.check?.(page, language);

    // Shared layout: header links, services dropdown, language switch, login; footer links and facts.
    const header = page.locator('header.site-header');
    for (const href of ['/corporate-clients', '/physical-clients', '/payment-cards', '/crypto-operations', '/tariffs-and-services', '/about-bank', '/contact', '/login']) {
      expect(await header.locator(`a[href="${href}"]`).count()).toBeGreaterThanOrEqual(1);
    }
    const footer = page.locator('footer.site-footer');
    for (const href of FOOTER_LINKS) expect(await footer.locator(`a[href="${href}"]`).count()).toBeGreaterThanOrEqual(1);
    const footerText = (await footer.innerText()).replace(/\u00a0/g, ' ');
    expect(footerText).toContain('2024');
    expect(footerText).toContain(language === 'en' ? 'Licence' : 'Лицензия');
    expect(footerText).toContain(language === 'en' ? 'Dublin' : 'Дублин');
    expect(footerText).toContain(language === 'en' ? 'Comoros' : 'Коморских');
    expect(footerText).toContain('+353 1 905 3380');
    expect(footerText).toContain('info@bank.example');
    expect(await footer.locator('svg.icon').count()).toBeGreaterThanOrEqual(4);
    expect(await footer.locator('.social a[href^="https://"]').count()).toBe(3);

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, `public-${route.name}-${language}-1440`);
    expect(problems).toEqual([]);
  });

  it('fits 360 px and 1920 px without sideways scrolling, and looks right at 375 px', async () => {
    for (const width of [360, 375, 1920]) {
      const { page, problems } = await pageFor(language, width);
      for (const route of ROUTES) {
        await open(page, route.path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect({ route: route.path, width, overflow }).toEqual({ route: route.path, width, overflow: 0 });
        if (width === 375) await screenshot(page, `public-${route.name}-${language}-375`);
      }
      expect(problems).toEqual([]);
    }
  });
});

describe('first page weight', () => {
  it("loads at most 100 kB of gzipped JavaScript for '/' before any lazy chunk", () => {
    const dist = path.resolve('apps/web/dist');
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g)].map((match) => match[1]!);
    const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map((match) => match[1]!);
    expect(entry).toHaveLength(1);
    const files = [...entry, ...preloads];
    const gzippedBytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length, 0);
    expect(gzippedBytes).toBeGreaterThan(10_000);
    expect(gzippedBytes).toBeLessThanOrEqual(100 * 1024);
    // The pages are lazy chunks: none of them is part of the first load.
    expect(files.some((file) => /(Page|Layout|ContactForm)-/.test(file))).toBe(false);
  });
});
