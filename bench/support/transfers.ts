// What the API benchmarks share: autocannon's figures in one shape, and the load of internal
// transfers between random clients, each with its own Idempotency-Key.
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';

export interface BenchClient {
  token: string;
  accountNumber: string;
}

export interface Measured {
  perSecond: number;
  p50: number;
  p99: number;
  total: number;
  ok: number;
  errors: number;
}

export function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

export function measured(result: autocannon.Result): Measured {
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    ok: result['2xx'],
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Transfers of 0.01 EUR between random clients, `hotShare` of them to or from the first; the keys answered 200 go to `answered`. */
export function transferRequests(clients: BenchClient[], hotShare: number, answered: Set<string>): autocannon.Request[] {
  const hot = clients[0]!;
  return [
    {
      method: 'POST',
      setupRequest: (request, context: { key?: string }) => {
        let from: BenchClient;
        let to: BenchClient;
        if (Math.random() < hotShare) {
          // The hot account pays or is paid, half and half, so its balance neither drains nor piles up.
          let other = pick(clients);
          while (other === hot) other = pick(clients);
          [from, to] = Math.random() < 0.5 ? [hot, other] : [other, hot];
        } else {
          from = pick(clients);
          to = pick(clients);
          while (to === from) to = pick(clients);
        }
        context.key = randomUUID();
        return {
          ...request,
          method: 'POST',
          headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json', 'idempotency-key': context.key },
          body: JSON.stringify({ type: 'internal', accNumberFrom: from.accountNumber, accNumberTo: to.accountNumber, amount: '0.01', transferCurrency: 'EUR' }),
        };
      },
      onResponse: (status, _body, context: { key?: string }) => {
        if (status === 200 && context.key) answered.add(context.key);
      },
    },
  ];
}
