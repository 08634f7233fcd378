import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../apps/server/src/db';
import { secretRing } from '../apps/server/src/lib/crypto';
import { findAccountByNumber } from '../apps/server/src/modules/accounts';
import { bookCryptoDeposit } from '../apps/server/src/modules/crypto';
import { inMoneyTransaction } from '../apps/server/src/modules/ledger';
import { bookIncomingPayment } from '../apps/server/src/modules/transfers';
import { createSignedInClient } from '../apps/server/src/test/clients';
import type { TestContext } from '../apps/server/src/test/harness';
import { createSignedInOperator } from '../apps/server/src/test/operators';

/**
 * The fault suite's clients: identified through the service code (the back office's KYC approval
 * is not what is under test), with EUR and USD accounts and a BTC wallet opened through the API,
 * funded through the ledger's incoming payments and crypto deposits.
 */
export interface FaultClient {
  id: string;
  token: string;
  eur: string;
  usd: string;
  btc: string;
}

/** One call to the server: the answer's status and body, or null when no answer came. */
export async function call(baseUrl: string, token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, headers: Record<string, string> = {}) {
  try {
    const response = await fetch(`${baseUrl}/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: await response.text(), replayed: response.headers.get('idempotent-replayed') === 'true' };
  } catch {
    return null;
  }
}

/**
 * A call retried, as a careful client would, until the server answers something other than 503 (or,
 * with `retryStatus`, other than the statuses it names).
 */
export async function persistently(attempt: () => ReturnType<typeof call>, deadlineMs = 120_000, retryStatus: (status: number) => boolean = (status) => status === 503) {
  const until = Date.now() + deadlineMs;
  let tries = 0;
  for (;;) {
    tries += 1;
    const answer = await attempt();
    if (answer && !retryStatus(answer.status)) return { ...answer, tries };
    if (Date.now() > until) return { status: 0, body: '', replayed: false, tries };
    await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 300));
  }
}

async function opened(baseUrl: string, token: string, path: string, body: unknown): Promise<string> {
  const answer = await persistently(() => call(baseUrl, token, 'POST', path, body));
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { number: string }).number;
}

/** The service code's test helpers want a context; the suite's is the database and the secret. */
export const contextOf = (db: Db, secret: string) => ({ db, config: { secret: secretRing(secret) } }) as unknown as TestContext;

/** A payments-and-admin operator's token, for the fuzz of the back office's routes. */
export async function createOperatorToken(db: Db, secret: string): Promise<string> {
  return (await createSignedInOperator(contextOf(db, secret), ['payments', 'admin'])).token;
}

export async function createClients(db: Db, secret: string, baseUrl: string, count: number): Promise<FaultClient[]> {
  const context = contextOf(db, secret);
  const clients: FaultClient[] = [];
  for (let index = 0; index < count; index += 1) {
    const client = await createSignedInClient(context);
    const eur = await opened(baseUrl, client.token, 'account/create', { currencies: ['EUR'] });
    const usd = await opened(baseUrl, client.token, 'account/create', { currencies: ['USD'] });
    const btc = await opened(baseUrl, client.token, 'wallet/create', { currency: 'BTC' });
    // Each funding is a money transaction of its own, retried on a deadlock as the server's are: the
    // bank's own jobs (fees, schedules) lock the bank's accounts meanwhile, in their own order.
    for (const [number, amountMinor] of [[eur, 5_000_000n], [usd, 5_000_000n]] as const) {
      await inMoneyTransaction(db, async (trx) => {
        const account = (await findAccountByNumber(trx, number))!;
        await bookIncomingPayment(trx, {
          account,
          amountMinor,
          paymentRegion: 'SEPA',
          senderName: 'Fault suite funding',
          senderAccount: 'DE89370400440532013000',
          actor: { type: 'system', id: null },
        });
      });
    }
    const txHash = randomBytes(32).toString('hex');
    const depositId = randomUUID();
    await inMoneyTransaction(db, (trx) => bookCryptoDeposit(trx, { address: btc, amount: '2', currency: 'BTC', txHash }, depositId));
    clients.push({ id: client.id, token: client.token, eur, usd, btc });
  }
  return clients;
}
