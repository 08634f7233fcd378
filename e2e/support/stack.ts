import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freePort, waitForHealth } from '../../scripts/server-process.mjs';
import { waitForAppOnNavigation } from './appReady';
import { cardNumberLeaks } from './card-numbers';
import { startMailServer, type MailServer } from './mail';

/**
 * One end-to-end stack per spec file: a real SMTP server, the built server on a free port with its
 * own embedded database, and headless Debian Chromium. Closing it checks that no full card number
 * shows in the server's log or the database's text (card-numbers.ts).
 */
export interface Stack {
  baseUrl: string;
  mail: MailServer;
  browser: Browser;
  /**
   * A fresh browser context (own storage) with console errors and CSP violations recorded. The
   * browser's locale follows `language` unless `locale` names another (a Russian page read in an
   * English browser).
   */
  newPage(options?: { language?: 'en' | 'ru'; width?: number; height?: number; timeZone?: string; locale?: string }): Promise<TestPage>;
  close(): Promise<void>;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and CSP violations seen so far. */
  problems: string[];
}

export const SCREENSHOT_DIR = path.resolve('e2e/screenshots');

export function browserPath(): string {
  const executable = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(executable)) {
    throw new Error(`No Chromium at ${executable}: install it with "apt-get install -y chromium" or set CHROME_PATH.`);
  }
  return executable;
}

export async function startStack(
  options: {
    seedDemo?: boolean;
    env?: Record<string, string>;
    /**
     * The host name the browser and APP_URL use. The server listens on 127.0.0.1 either way;
     * 'localhost' is for passkeys, which WebAuthn refuses on an IP address.
     */
    host?: '127.0.0.1' | 'localhost';
    /**
     * Runs before the server starts, with its data directory and the environment it will get: the
     * place to prepare its data as an administrator would, e.g. `npm run operator:create` against the
     * embedded database, which only one process may hold at a time.
     */
    prepare?: (dataDir: string, env: Record<string, string>) => Promise<void>;
  } = {},
): Promise<Stack> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const mail = await startMailServer();
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bank-e2e-'));
  const listenUrl = `http://127.0.0.1:${port}`;
  const baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: `smtp://127.0.0.1:${mail.port}?ignoreTLS=true`,
    APP_URL: baseUrl,
    SEED_DEMO: options.seedDemo === false ? 'false' : 'true',
    // Every request's line too: the check after the spec searches the whole log for card numbers.
    LOG_LEVEL: 'info',
    // The rates stay the shipped snapshot the specs expect: the daily refresh finds no ECB here.
    ECB_RATES_URL: 'http://127.0.0.1:9/eurofxref-daily.xml',
    ...options.env,
  };
  try {
    await options.prepare?.(dataDir, env);
  } catch (error) {
    await mail.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  let output = '';
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  await waitForHealth(listenUrl, server, () => output);

  const browser = await chromium.launch({
    executablePath: browserPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });

  return {
    baseUrl,
    mail,
    browser,
    async newPage({ language = 'en', width = 1440, height = 900, timeZone, locale } = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width, height },
        locale: locale ?? (language === 'ru' ? 'ru-RU' : 'en-US'),
        acceptDownloads: true,
        ...(timeZone ? { timezoneId: timeZone } : {}),
      });
      const page = await context.newPage();
      waitForAppOnNavigation(page);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      return { page, context, problems };
    },
    async close() {
      await browser.close().catch(() => undefined);
      server.kill('SIGTERM');
      await new Promise((resolve) => {
        if (server.exitCode !== null) resolve(undefined);
        else server.once('exit', resolve);
      });
      // No full card number the bank issued may show in the log or any row but its sealed one.
      const leaks = await cardNumberLeaks(env, output).catch((error: unknown) => [`the card number check could not run: ${String(error)}`]);
      await mail.close();
      await rm(dataDir, { recursive: true, force: true });
      if (leaks.length > 0) throw new Error(`Full card numbers outside the reveal:\n${leaks.join('\n')}`);
    },
  };
}

/** Saves a screenshot of the page under e2e/screenshots (ignored by git). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
