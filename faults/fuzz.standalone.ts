import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authenticatorCode, OPERATOR_PASSWORD } from '../e2e/support/authenticator';
import { startMailServer, type MailServer } from '../e2e/support/mail';
import { crossClientChecks, fuzzEveryRoute, mergeReports, type FuzzParty, type FuzzReport } from './fuzz';
import { REPOSITORY_ROOT } from './routes';
import { freePort } from '../scripts/server-process.mjs';
import { ServerProcess } from './server';

/**
 * The fuzz and cross-client part of the fault suite on its own: builds what is stale, starts the
 * production build on a free port with an empty embedded database and the demo data, signs in the
 * two demo clients and a payments operator, and runs both checks. Prints
 * `fuzz: N requests, X server errors, Y leaks` and exits 1 on any finding.
 *
 *   npx tsx faults/fuzz.standalone.ts [--per-route=200] [--seed=20241124] [--concurrency=4]
 */

const CLIENT_PASSWORD = 'DemoBank2024';
const PERSONAL = 'demo@bank.example';
const BUSINESS = 'corp@bank.example';
const PAYMENTS_OPERATOR = 'payments@bank.example';

function option(name: string): number | undefined {
  const argument = process.argv.find((item) => item.startsWith(`--${name}=`));
  const value = argument ? Number(argument.slice(name.length + 3)) : undefined;
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined;
}

function line(text: string): void {
  process.stdout.write(`${text}\n`);
}

async function postJson(baseUrl: string, route: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}/api/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Signs a client in as the login screen does: password, then the code from the e-mail. */
async function signInClient(baseUrl: string, mail: MailServer, email: string): Promise<string> {
  const since = mail.mails.length;
  const first = await postJson(baseUrl, 'login/list', { email, password: CLIENT_PASSWORD });
  if (!first.ok) throw new Error(`Sign-in of ${email}, step 1: ${first.status} ${await first.text()}`);
  const message = await mail.waitFor(email, /\b\d{6}\b/, { since });
  const emailCode = /\b(\d{6})\b/.exec(message.text)![1];
  const second = await postJson(baseUrl, 'login', { email, password: CLIENT_PASSWORD, emailCode });
  const answer = (await second.json()) as { userToken?: string };
  if (!second.ok || !answer.userToken) throw new Error(`Sign-in of ${email}, step 2: ${second.status} ${JSON.stringify(answer)}`);
  return answer.userToken;
}

async function signInOperator(baseUrl: string, email: typeof PAYMENTS_OPERATOR): Promise<string> {
  const response = await postJson(baseUrl, 'backoffice/login', { email, password: OPERATOR_PASSWORD, totpCode: await authenticatorCode(email) });
  const answer = (await response.json()) as { operatorToken?: string };
  if (!response.ok || !answer.operatorToken) throw new Error(`Operator sign-in of ${email}: ${response.status} ${JSON.stringify(answer)}`);
  return answer.operatorToken;
}

async function read<T>(baseUrl: string, token: string, route: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${route}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A client's own identifiers, as the API lists them. */
async function partyOf(baseUrl: string, token: string): Promise<FuzzParty> {
  const accounts = await read<Array<{ number: string }>>(baseUrl, token, 'account/list');
  const wallets = await read<Array<{ number: string }>>(baseUrl, token, 'wallet/list');
  const transactions = await read<Array<{ transactionNumber: string }>>(baseUrl, token, 'transaction/list?limit=1000');
  const crypto = await read<{ items: Array<{ transactionNumber: string }> }>(baseUrl, token, 'crypto-transaction/list?limit=100');
  const kyc = await read<Array<{ kycId: string }>>(baseUrl, token, 'kyc/list');
  return {
    token,
    accountNumbers: accounts.map((account) => account.number),
    walletAddresses: wallets.map((wallet) => wallet.number),
    transactionNumbers: [...new Set([...transactions, ...crypto.items].map((row) => row.transactionNumber))],
    kycIds: kyc.map((record) => record.kycId),
  };
}

/**
 * The demo data has no transfer templates; each client saves one (a transfer abroad, which waits
 * for the back office with its amount held) so that the templates routes have something to hide.
 */
async function saveTemplate(baseUrl: string, token: string, templateName: string): Promise<void> {
  const accounts = await read<Array<{ number: string; currency: string; balance: string }>>(baseUrl, token, 'account/list');
  const from = accounts.find((account) => account.currency === 'EUR' && Number(account.balance) >= 200) ?? accounts.find((account) => Number(account.balance) >= 200);
  if (!from) throw new Error(`No account with 200 to save a template from: ${JSON.stringify(accounts)}`);
  const response = await fetch(`${baseUrl}/api/transaction/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `template-${Date.now()}-${templateName.length}` },
    body: JSON.stringify({
      type: 'international',
      paymentRegions: 'SWIFT',
      fromAccount: from.number,
      amount: '100.00',
      purpose: 'Invoice 2024-117',
      templateName,
      recipientDetails: {
        fullName: 'Hamburg Supplies GmbH',
        recipientsSwiftBic: 'COBADEFFXXX',
        recipientsBankCountry: 'DE',
        recipientsBankAddress: 'Kaiserplatz, Frankfurt',
        recipientsBank: 'Commerzbank',
        recipientsIban: 'DE89370400440532013000',
        recipientsAddress: 'Speicherstadt 1, Hamburg',
        recipientsEmail: 'billing@hamburg-supplies.example',
        recipientType: 'business',
      },
    }),
  });
  if (!response.ok) throw new Error(`Saving a template: ${response.status} ${await response.text()}`);
}

/** Every balance of a client, available and booked, by account number or wallet address. */
async function balancesOf(baseUrl: string, token: string): Promise<Map<string, string>> {
  const rows = [
    ...(await read<Array<{ number: string; balance: string; bookedBalance: string; currency: string }>>(baseUrl, token, 'account/list')),
    ...(await read<Array<{ number: string; balance: string; bookedBalance: string; currency: string }>>(baseUrl, token, 'wallet/list')),
  ];
  return new Map(rows.map((row) => [row.number, `${row.balance}/${row.bookedBalance} ${row.currency}`]));
}

function balanceChanges(who: string, before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const number of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(number) !== after.get(number)) {
      changes.push(`${who} ${number}: ${before.get(number) ?? 'absent'} → ${after.get(number) ?? 'absent'} (available/booked)`);
    }
  }
  return changes;
}

function printFindings(report: FuzzReport): void {
  for (const error of report.serverErrors) {
    line(`server error: ${error.method} ${error.path} → ${error.status} ${error.body}`);
    if (error.input) line(`  input: ${error.input}`);
  }
  for (const leak of report.leaks) {
    line(`leak: ${leak.method} ${leak.path} → ${leak.status}: ${leak.detail}`);
    if (leak.input) line(`  input: ${leak.input}`);
  }
}

async function main(): Promise<number> {
  process.chdir(REPOSITORY_ROOT);
  execFileSync(process.execPath, ['-e', "import('./scripts/build-if-stale.mjs').then((m) => m.buildIfStale())"], { stdio: 'inherit' });

  const mail = await startMailServer();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bank-fuzz-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = new ServerProcess(port, {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: `smtp://127.0.0.1:${mail.port}?ignoreTLS=true`,
    APP_URL: baseUrl,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // The fuzz sends each request from an address of its own through X-Forwarded-For.
    TRUST_PROXY: 'loopback',
  });
  try {
    await server.start();
    const personalToken = await signInClient(baseUrl, mail, PERSONAL);
    const businessToken = await signInClient(baseUrl, mail, BUSINESS);
    const operatorToken = await signInOperator(baseUrl, PAYMENTS_OPERATOR);
    await saveTemplate(baseUrl, personalToken, 'Supplier Hamburg (personal)');
    await saveTemplate(baseUrl, businessToken, 'Supplier Hamburg (business)');
    const personal = await partyOf(baseUrl, personalToken);
    const business = await partyOf(baseUrl, businessToken);
    const balancesBefore = [await balancesOf(baseUrl, personalToken), await balancesOf(baseUrl, businessToken)] as const;

    // Cross-client checks first, in both directions, while no fuzzed request has yet used up the
    // per-client limits (failed payee look-ups) that would answer them with a refusal of their own.
    const onAnswer = (about: string, route: string, status: number) => console.warn(`  ${status} ${about}: ${route.slice(0, 120)}`);
    const cross = mergeReports(
      await crossClientChecks({ baseUrl, client: personal, other: business, onAnswer }),
      await crossClientChecks({ baseUrl, client: business, other: personal, onAnswer }),
    );
    console.warn(`cross-client: ${cross.requests} requests, ${cross.serverErrors.length} server errors, ${cross.leaks.length} leaks`);
    const fuzz = await fuzzEveryRoute({
      baseUrl,
      client: personal,
      other: business,
      operatorToken,
      perRoute: option('per-route') ?? 200,
      seed: option('seed') ?? 20_241_124,
      concurrency: option('concurrency') ?? 4,
      onRoute: (route, statuses) => {
        const counts = Object.entries(statuses).map(([status, count]) => `${status}×${count}`);
        console.warn(`  ${route}: ${counts.join(' ')}`);
      },
    });

    const moved = [
      ...balanceChanges(PERSONAL, balancesBefore[0], await balancesOf(baseUrl, personalToken)),
      ...balanceChanges(BUSINESS, balancesBefore[1], await balancesOf(baseUrl, businessToken)),
    ];
    const report = mergeReports(cross, fuzz);
    printFindings(report);
    for (const change of moved) line(`money moved: ${change}`);
    if (server.crashed) line(`the server process ended during the run:\n${server.lastOutput}`);
    else if (report.serverErrors.length > 0) line(`server output (last lines):\n${server.lastOutput}`);
    line(`fuzz: ${report.requests} requests, ${report.serverErrors.length} server errors, ${report.leaks.length} leaks`);
    return report.serverErrors.length + report.leaks.length + moved.length > 0 || server.crashed ? 1 : 0;
  } finally {
    await server.stop();
    await mail.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
