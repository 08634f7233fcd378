// Proves the pre-rendered pages: fetched with plain HTTP, no script run, every pre-rendered route
// in EN and RU carries its headline and text from the locale files, <html lang>, its canonical
// address, hreflang alternates and Open Graph tags, and no inline script or style without its hash
// in the page's policy; sitemap.xml and robots.txt name the pages; and in Chromium the same
// components take a page over (the server's nodes kept, nothing shifting, no console error) and
// it stays interactive.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady } from './support/appReady';
import { codeFromMail, DEMO_PERSONAL, enterCode, label, newClient } from './support/identity';
import { startStack, type Stack } from './support/stack';

type Language = 'en' | 'ru';
const LANGUAGES: Language[] = ['en', 'ru'];

const texts = (language: Language, namespace: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${language}/${namespace}.json`, 'utf8')) as Record<string, unknown>;
/** A text from the locale files by its key ('public:home.hero.title'). */
function text(language: Language, key: string): string {
  const [namespace, path] = key.split(':') as [string, string];
  const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts(language, namespace));
  if (typeof value !== 'string') throw new Error(`No text ${key} in ${language}`);
  return value;
}

/** Each pre-rendered route with texts its page must show before any script runs (none for the cabinet's shell). */
const ROUTES: Array<{ path: string; texts: string[] }> = [
  { path: '/', texts: ['public:home.hero.title', 'public:home.hero.eyebrow'] },
  { path: '/about-bank', texts: ['public:about.hero.title', 'public:about.hero.eyebrow'] },
  { path: '/tariffs-and-services', texts: ['public:tariffs.hero.title', 'public:tariffs.hero.text'] },
  { path: '/corporate-clients', texts: ['public:corporate.hero.title', 'public:corporate.hero.text'] },
  { path: '/physical-clients', texts: ['public:individual.hero.title', 'public:individual.hero.text'] },
  { path: '/payment-cards', texts: ['public:cards.hero.eyebrow', 'public:cards.section.title'] },
  { path: '/crypto-operations', texts: ['public:crypto.hero.title', 'public:crypto.hero.text'] },
  { path: '/other-services', texts: ['public:otherServices.title', 'public:otherServices.hero.eyebrow'] },
  { path: '/contact', texts: ['public:contact.hero.title', 'public:contact.hero.text'] },
  { path: '/login', texts: ['auth:login.title', 'auth:login.lead'] },
  { path: '/register', texts: ['auth:register.title', 'auth:register.lead'] },
  { path: '/forgot_password', texts: ['auth:forgot.title', 'auth:forgot.lead'] },
  { path: '/reset_password', texts: ['auth:reset.title'] },
  { path: '/kabinet', texts: [] },
];
const TITLES: Record<string, string> = { '/kabinet': 'common:screens.cabinet', '/login': 'common:screens.login' };

const decodeHtml = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
const attribute = (html: string, pattern: RegExp) => decodeHtml(pattern.exec(html)?.[1] ?? '');

let stack: Stack;
beforeAll(async () => {
  // The demo clients sign in through a page typed into before its script ran.
  stack = await startStack();
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

describe('pre-rendered pages fetched without running a script', () => {
  for (const { path, texts: keys } of ROUTES) {
    for (const language of LANGUAGES) {
      it(`${path} in ${language}: its text, language, canonical, alternates, Open Graph and policy`, async () => {
        const answer = await fetch(`${stack.baseUrl}${path}?lng=${language}`, { headers: { 'accept-language': language === 'en' ? 'ru' : 'en' } });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('vary')).toMatch(/accept-language/i);
        expect(answer.headers.get('cache-control')).toBe('no-cache');
        const html = await answer.text();
        const body = decodeHtml(html.slice(html.indexOf('<body>')));
        for (const key of keys) expect(body, key).toContain(text(language, key));
        expect(html).toContain(`<html lang="${language}">`);
        const title = attribute(html, /<title>([^<]+)<\/title>/);
        if (TITLES[path]) expect(title).toContain(text(language, TITLES[path]));
        expect(title).toContain(text(language, 'common:brand.name'));
        expect(attribute(html, /<meta name="description" content="([^"]+)"/).length).toBeGreaterThan(40);

        const self = `${stack.baseUrl}${path}?lng=${language}`;
        expect(attribute(html, /<link rel="canonical" href="([^"]+)">/)).toBe(self);
        for (const other of LANGUAGES) {
          expect(html).toContain(`<link rel="alternate" hreflang="${other}" href="${stack.baseUrl}${path}?lng=${other}">`);
        }
        expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${stack.baseUrl}${path}">`);
        expect(attribute(html, /<meta property="og:title" content="([^"]+)">/)).toBe(title);
        expect(attribute(html, /<meta property="og:description" content="([^"]+)">/)).toBe(attribute(html, /<meta name="description" content="([^"]+)"/));
        expect(attribute(html, /<meta property="og:url" content="([^"]+)">/)).toBe(self);
        expect(attribute(html, /<meta property="og:locale" content="([^"]+)">/)).toBe(language === 'en' ? 'en_US' : 'ru_RU');
        const image = attribute(html, /<meta property="og:image" content="([^"]+)">/);
        expect(image.startsWith(`${stack.baseUrl}/`)).toBe(true);
        const imageAnswer = await fetch(image);
        expect(imageAnswer.status).toBe(200);
        expect(imageAnswer.headers.get('content-type')).toBe('image/png');
        expect(html).not.toMatch(/__APP_ORIGIN__|__CANONICAL_URL__/);

        // Every inline script and style is allowed by its hash; a style attribute cannot be, so there is none.
        const policy = answer.headers.get('content-security-policy') ?? '';
        expect(policy).not.toContain('unsafe-inline');
        const inline = [...html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/g)].filter(([, , attributes]) => !/\bsrc=/.test(attributes ?? ''));
        // The page's first screen is styled inline (no style sheet to wait for before it paints).
        expect(inline.filter(([, kind]) => kind === 'style')).toHaveLength(1);
        expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*\sdisabled)[^>]*>/);
        for (const [, kind, , content] of inline) {
          const hash = `'sha256-${createHash('sha256').update(content ?? '').digest('base64')}'`;
          expect(policy, `${kind} in ${path}`).toMatch(new RegExp(`${kind}-src [^;]*${hash.replace(/[+/]/g, '\\$&')}`));
        }
        expect(html).not.toMatch(/<[^>]+\sstyle="/);

        // A form the browser would send itself, with no script run, sends what was typed in its
        // body, never in the address (the server answers such a post with the page again).
        for (const [form] of html.matchAll(/<form\b[^>]*>/g)) expect(form, path).toContain('method="post"');

        // Every pre-rendered page starts the app only after its first paint (src/boot.ts), and
        // asks for no script before it; a public page holds that paint until its first screen is
        // parsed; the cabinet's shell, drawn over by its screen, names the screen's chunks to
        // preload with the app's entry.
        const scripts = [...html.matchAll(/<script type="module"[^>]*>/g)].map(([tag]) => tag);
        expect(scripts).toHaveLength(1);
        expect(scripts[0]).toMatch(/ src="\/static\/js\/boot-[\w-]+\.js" data-entry="\/static\/js\/index-[\w-]+\.js"/);
        expect(html).not.toContain('rel="modulepreload"');
        const preloaded = / data-preload="([^"]*)"/.exec(scripts[0]!)?.[1]?.split(' ') ?? [];
        if (path === '/kabinet') expect(preloaded).toEqual(expect.arrayContaining([expect.stringMatching(/^\/static\/js\/AccountsScreen-[\w-]+\.js$/)]));
        else expect(preloaded).toEqual([]);
        const holdsFirstPaint = html.includes('<link rel="expect" href="#first-screen" blocking="render">');
        expect(holdsFirstPaint).toBe(!path.startsWith('/kabinet') && !keys.some((key) => key.startsWith('auth:')));
        if (holdsFirstPaint) expect(body).toContain('id="first-screen"');
      });
    }
  }

  it('sends the page in the language the visitor’s browser or cookie asks for, canonical at the bare path', async () => {
    const russian = await (await fetch(`${stack.baseUrl}/about-bank`, { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } })).text();
    expect(russian).toContain('<html lang="ru">');
    expect(decodeHtml(russian)).toContain(text('ru', 'public:about.hero.title'));
    expect(russian).toContain(`<link rel="canonical" href="${stack.baseUrl}/about-bank">`);
    const chosen = await (await fetch(`${stack.baseUrl}/about-bank`, { headers: { 'accept-language': 'ru', cookie: 'i18next=en' } })).text();
    expect(chosen).toContain('<html lang="en">');
  });

  it('shows no one’s data in the cabinet’s page: its frame, named after the bank, and its loading state only', async () => {
    for (const language of LANGUAGES) {
      const html = await (await fetch(`${stack.baseUrl}/kabinet?lng=${language}`)).text();
      const root = /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
      expect(root).toMatch(/class="page-loader"/);
      expect(decodeHtml(root.replace(/<[^>]*>/g, '')).trim()).toBe(`${text(language, 'common:brand.name')} · ${text(language, 'common:screens.cabinet')}`);
    }
  });

  it('serves robots.txt naming sitemap.xml, which lists every public page in both languages', async () => {
    const robots = await (await fetch(`${stack.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${stack.baseUrl}/sitemap.xml`);
    const answer = await fetch(`${stack.baseUrl}/sitemap.xml`);
    expect(answer.headers.get('content-type')).toMatch(/^application\/xml/);
    const sitemap = await answer.text();
    for (const { path } of ROUTES.slice(0, 9)) {
      for (const language of LANGUAGES) expect(sitemap).toContain(`<loc>${stack.baseUrl}${path}?lng=${language}</loc>`);
      expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${stack.baseUrl}${path}"/>`);
    }
    expect(sitemap).not.toContain('/kabinet');
  });
});

/** Holds the app's scripts back until the answer is called; the page's own small script (boot) runs. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/static/js/**', async (route) => {
    if (!/\/boot-[\w-]+\.js$/.test(route.request().url())) await released;
    await route.continue();
  });
  return release;
}

type SubmitSeen = { action: string; defaultPrevented: boolean };

/**
 * Watches for the page's next form submission, seen last as it bubbles (on window); the function
 * answered waits for it: the address the form would be sent to, and whether the page cancelled
 * the browser's own sending of it.
 */
async function watchNextSubmit(page: Page): Promise<() => Promise<SubmitSeen>> {
  await page.evaluate(() => {
    (window as unknown as { nextSubmit: Promise<SubmitSeen> }).nextSubmit = new Promise((resolve) => {
      window.addEventListener(
        'submit',
        (event) => resolve({ action: new URL((event.target as HTMLFormElement).action).pathname, defaultPrevented: event.defaultPrevented }),
        { once: true },
      );
    });
  });
  return () => page.evaluate(() => (window as unknown as { nextSubmit: Promise<SubmitSeen> }).nextSubmit);
}

describe('a pre-rendered page in the browser', () => {
  it('is taken over as it is: the server’s nodes kept, nothing shifting, no console error, and it stays interactive', async () => {
    const { page, problems } = await stack.newPage({ width: 1440 });
    // Before any of the app's script runs, remember the pre-rendered headline's node and watch for layout shifts.
    await page.addInitScript(() => {
      const state = window as unknown as { firstHeadline?: Element | null; shift: number };
      state.shift = 0;
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') state.firstHeadline = document.querySelector('h1');
      });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) state.shift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    const headline = text('en', 'public:home.hero.title');
    await page.getByRole('heading', { level: 1, name: headline }).waitFor();
    // Interactive once taken over: the header's "Services" menu opens on click, which only the app's script does.
    await appReady(page);
    const services = page.locator('.site-header').getByRole('button', { name: /services/i }).first();
    await services.click();
    await expect.poll(() => services.getAttribute('aria-expanded')).toBe('true');
    const taken = await page.evaluate(() => {
      const state = window as unknown as { firstHeadline?: Element | null; shift: number };
      return { sameNode: state.firstHeadline !== null && state.firstHeadline === document.querySelector('h1'), shift: state.shift };
    });
    expect(taken.sameNode).toBe(true);
    expect(taken.shift).toBeLessThan(0.01);

    // The language switch reloads into Russian, sent pre-rendered in Russian and taken over the same way.
    await page.locator('.site-header .language-switch').first().getByRole('button', { name: 'RU' }).click();
    await page.getByRole('heading', { level: 1, name: text('ru', 'public:home.hero.title') }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('ru');
    await appReady(page);
    const russianServices = page.locator('.site-header').getByRole('button', { name: /услуги/i }).first();
    await russianServices.click();
    await expect.poll(() => russianServices.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => (window as unknown as { firstHeadline?: Element | null }).firstHeadline === document.querySelector('h1'))).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('takes over the sign-in page and signs nobody in by itself; the cabinet’s shell leads a visitor to sign in', async () => {
    const { page, problems } = await stack.newPage({ language: 'ru', width: 375, height: 812 });
    await page.goto('/login');
    await page.getByRole('heading', { name: text('ru', 'auth:login.title') }).waitFor();
    const email = page.getByLabel(text('ru', 'auth:fields.email'));
    await email.fill('nobody@example.com');
    expect(await email.inputValue()).toBe('nobody@example.com');
    await page.goto('/kabinet');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: text('ru', 'auth:login.title') }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('holds a registration sent before the app had the page, its password out of every address, and sends it once the app has it', async () => {
    const { page, problems } = await stack.newPage({ width: 1440 });
    const release = await holdAppScripts(page);
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    await page.goto('/register', { waitUntil: 'commit' });
    await page.waitForLoadState('domcontentloaded');
    const client = newClient('early');
    await page.getByLabel(label(text('en', 'auth:fields.email'))).fill(client.email);
    await page.getByLabel(label(text('en', 'auth:fields.phone'))).fill(client.phone);
    await page.getByLabel(label(text('en', 'auth:fields.accountType'))).selectOption({ label: text('en', 'auth:register.individual') });
    const password = page.getByLabel(label(text('en', 'auth:fields.password')));
    await password.fill(client.password);
    const submitted = await watchNextSubmit(page);
    await password.press('Enter');
    // Held: the form was submitted and the browser's own sending of it cancelled, so nothing typed went into an address.
    expect(await submitted()).toEqual({ action: '/register', defaultPrevented: true });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/register');
    expect(await page.locator('html').getAttribute('data-app')).toBeNull();
    const since = stack.mail.mails.length;
    release();
    await page.getByRole('heading', { name: text('en', 'auth:code.title') }).waitFor();
    expect(addresses.filter((address) => address.includes(encodeURIComponent(client.password)) || address.includes(client.password))).toEqual([]);
    await enterCode(page, 'en', await codeFromMail(stack, client.email, since));
    await page.waitForURL('**/kabinet');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keeps a contact message typed and sent before the app had the page, textarea and all, and sends it once', async () => {
    const { page, problems } = await stack.newPage({ language: 'ru', width: 1440 });
    const release = await holdAppScripts(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/mailer/sendContactFormData')) sent.push(request.postData() ?? '');
    });
    await page.goto('/contact', { waitUntil: 'commit' });
    await page.waitForLoadState('domcontentloaded');
    const form = page.locator('#contact-form form');
    const message = 'Прошу перезвонить по поводу счёта в евро, до обеда.';
    await form.getByLabel(label(text('ru', 'contact:fields.name'))).fill('Мария Ранняя');
    await form.getByLabel(label(text('ru', 'contact:fields.email'))).fill('maria.early@example.ru');
    await form.getByLabel(label(text('ru', 'contact:fields.phone'))).fill('+7 495 765-43-21');
    await form.getByLabel(label(text('ru', 'contact:fields.message'))).fill(message);
    const submitted = await watchNextSubmit(page);
    await form.getByRole('button', { name: text('ru', 'contact:send') }).click();
    expect(await submitted()).toEqual({ action: '/contact', defaultPrevented: true });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/contact');
    expect(sent).toEqual([]);
    release();
    const popup = page.getByRole('dialog', { name: text('ru', 'common:popup.successTitle') });
    await popup.waitFor();
    await page.waitForLoadState('networkidle');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toMatchObject({ name: 'Мария Ранняя', email: 'maria.early@example.ru', message });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keeps what a visitor typed into the sign-in page before the app had it and signs in with it; the cabinet opened again asks for its data from its first script', async () => {
    const { page, problems } = await stack.newPage({ width: 1440 });
    // The app's scripts are held back until the visitor has typed into the page's static copy.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/static/js/**', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const email = page.getByLabel(label(text('en', 'auth:fields.email')));
    const password = page.getByLabel(label(text('en', 'auth:fields.password')));
    await email.fill(DEMO_PERSONAL.email);
    await password.fill(DEMO_PERSONAL.password);
    expect(await page.locator('html').getAttribute('data-app')).toBeNull();
    const since = stack.mail.mails.length;
    release();
    await appReady(page);
    expect(await email.inputValue()).toBe(DEMO_PERSONAL.email);
    expect(await password.inputValue()).toBe(DEMO_PERSONAL.password);
    const submit = page.getByRole('button', { name: text('en', 'auth:login.submit') });
    // Enabled once the credentials' schema, loaded after the page is taken over, has checked them.
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    await submit.click();
    await page.getByRole('heading', { name: text('en', 'auth:code.title') }).waitFor();
    await enterCode(page, 'en', await codeFromMail(stack, DEMO_PERSONAL.email, since));
    await page.waitForURL('**/kabinet');
    await page.locator('.account-list > li').first().waitFor();
    await page.waitForLoadState('networkidle');

    // Opened again, the cabinet asks for the client's data and accounts from its first script, not
    // once its accounts screen's code has come (held here until the accounts are asked for), and
    // asks once: the screen is answered by that read.
    const asked: string[] = [];
    let accountsAsked!: () => void;
    const accountsAskedFirst = new Promise<boolean>((resolve) => (accountsAsked = () => resolve(true)));
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      asked.push(pathname);
      if (pathname === '/api/account/list') accountsAsked();
    });
    await page.route('**/static/js/AccountsScreen-*.js', async (route) => {
      const first = await Promise.race([accountsAskedFirst, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))]);
      expect(first, 'the accounts were asked for before the accounts screen came').toBe(true);
      await route.continue();
    });
    await page.reload();
    await page.locator('.account-list > li').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked.filter((path) => path === '/api/account/list')).toHaveLength(1);
    expect(asked.filter((path) => path === '/api/user/me')).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
