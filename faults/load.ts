import { randomUUID } from 'node:crypto';
import { call, persistently, type FaultClient } from './bank';

/**
 * Client loops: each sends transfers inside the bank, transfers abroad, exchanges, crypto
 * transfers, term deposits' openings and early closings with an Idempotency-Key, and when no answer comes (the server killed mid-request, the
 * database restarting) or a 5xx does, sends the same request with the same key again, as a banking
 * app must. A 502 or 504 is a load balancer's answer (the node behind it died or kept silent), like
 * a refused connection; any other 5xx but 503 is also counted as the server's defect.
 * Every operation is remembered with what the client was told, for the checks afterwards.
 */
export type OperationKind = 'internal' | 'international' | 'exchange' | 'crypto' | 'deposit' | 'depositClose';

export interface Operation {
  key: string;
  kind: OperationKind;
  clientId: string;
  /** 'acknowledged': the client was told 'Created'; 'refused': a 4xx; 'unknown': no answer in the end. */
  outcome: 'acknowledged' | 'refused' | 'unknown';
  attempts: number;
  /** Statuses other than 2xx/4xx/502/503/504 (a 500 is a defect whatever the fault). */
  serverErrors: number[];
  /** When it was first sent (epoch ms): whatever it moved was committed after this. */
  sentAt: number;
  /** When the acknowledgement came (epoch ms), for measuring how long writes stopped; what it moved was committed before. */
  acknowledgedAt?: number;
  /** An early closing: the deposit it closes (one this client opened in the run). */
  depositId?: string;
  /** Sent once more after its answer: whether the server replayed that answer (it must). */
  replayed?: boolean;
}

const OUTSIDE_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const cents = (min: number, max: number) => (min + Math.floor(Math.random() * (max - min) * 100) / 100).toFixed(2);

function payloadOf(kind: OperationKind, client: FaultClient, others: FaultClient[], key: string, depositId?: string): { path: string; body: Record<string, unknown> } {
  switch (kind) {
    case 'depositClose':
      return { path: 'deposit/close', body: { depositId } };
    case 'internal':
      return { path: 'transaction/create', body: { type: 'internal', accNumberFrom: client.eur, accNumberTo: pick(others).eur, amount: cents(0.01, 40), reference: key } };
    case 'international':
      return {
        path: 'transaction/create',
        body: {
          type: 'international',
          paymentRegions: 'SEPA',
          fromAccount: client.eur,
          amount: cents(50, 300),
          reference: key,
          recipientDetails: {
            fullName: 'Rheinland Logistik GmbH',
            recipientsIban: 'DE89370400440532013000',
            recipientsSwiftBic: 'COBADEFFXXX',
            recipientsBank: 'Commerzbank AG',
            recipientsBankAddress: 'Kaiserplatz, Frankfurt am Main',
            recipientsBankCountry: 'DE',
            recipientsAddress: 'Hafenstraße 1, Hamburg',
            country: 'DE',
            recipientsEmail: 'billing@rheinland.example',
          },
        },
      };
    case 'exchange':
      return { path: 'transaction/create', body: { type: 'exchange', accNumberFrom: client.eur, accNumberTo: client.usd, amount: cents(1, 30), forAmountCurrency: 'EUR', getAmountCurrency: 'USD' } };
    case 'deposit':
      // Principal and fee leave the USD account for the deposit's own ledger account; a few fit.
      return { path: 'deposit/create', body: { currency: 'USD', accNumberFrom: client.usd, amount: cents(10_000, 10_400), termMonths: 3, payoutMonths: 1 } };
    case 'crypto': {
      const recipient = Math.random() < 0.5 ? OUTSIDE_BTC : pick(others).btc;
      return { path: 'crypto-transaction/create', body: { type: 'crypto', fromWallet: client.btc, recipient, amount: (0.0001 + Math.random() * 0.002).toFixed(8), currency: 'BTC', reference: key } };
    }
  }
}

const GATEWAY_OR_UNAVAILABLE = new Set([502, 503, 504]);

const KINDS: OperationKind[] = ['internal', 'internal', 'international', 'exchange', 'crypto', 'crypto', 'deposit', 'depositClose'];

/**
 * Each client calls from an address of its own (the suite's server trusts the loopback proxy), as
 * real clients do: the per-address limits of the forms then apply to one client, not to all of
 * them at once. A limit still reached (429) is waited out and the same request sent again.
 */
function addressOf(client: FaultClient): string {
  const digits = client.id.replace(/-/g, '');
  return `198.19.${parseInt(digits.slice(0, 2), 16)}.${parseInt(digits.slice(2, 4), 16)}`;
}

const RETRIED = (status: number) => status >= 500 || status === 429;

/** Runs one client's loop until `until`; answers what it did. */
export async function clientLoop(baseUrl: string, client: FaultClient, others: FaultClient[], until: number): Promise<Operation[]> {
  const operations: Operation[] = [];
  const from = { 'x-forwarded-for': addressOf(client) };
  // The deposits this client opened and has not closed: an early closing picks one, or opens one instead.
  const running: string[] = [];
  while (Date.now() < until) {
    const chosen = pick(KINDS);
    const kind = chosen === 'depositClose' && running.length === 0 ? 'deposit' : chosen;
    const depositId = kind === 'depositClose' ? running.splice(Math.floor(Math.random() * running.length), 1)[0] : undefined;
    const key = randomUUID();
    const { path, body } = payloadOf(kind, client, others, key, depositId);
    const serverErrors: number[] = [];
    const sentAt = Date.now();
    const answer = await persistently(
      async () => {
        const reply = await call(baseUrl, client.token, 'POST', path, body, { ...from, 'idempotency-key': key });
        if (reply && reply.status >= 500 && !GATEWAY_OR_UNAVAILABLE.has(reply.status)) serverErrors.push(reply.status);
        return reply;
      },
      undefined,
      RETRIED,
    );
    const outcome = answer.status === 200 ? 'acknowledged' : answer.status >= 400 && answer.status < 500 ? 'refused' : 'unknown';
    const operation: Operation = { key, kind, clientId: client.id, outcome, attempts: answer.tries, serverErrors, sentAt, ...(depositId ? { depositId } : {}) };
    if (outcome === 'acknowledged') operation.acknowledgedAt = Date.now();
    if (outcome === 'acknowledged' && kind === 'deposit') running.push((JSON.parse(answer.body) as { id: string }).id);
    // Now and then the app sends an acknowledged request once more: the same answer, nothing moves.
    if (outcome === 'acknowledged' && Math.random() < 0.05) {
      const again = await persistently(() => call(baseUrl, client.token, 'POST', path, body, { ...from, 'idempotency-key': key }), undefined, RETRIED);
      operation.replayed = again.status === 200 && again.replayed;
    }
    operations.push(operation);
  }
  return operations;
}
