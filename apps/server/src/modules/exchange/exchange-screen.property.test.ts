// Proves that what the exchange screen tells a client they receive is what the server books: for
// random pairs of account currencies (scales 2 and 6), random amounts typed in either field and the
// rate the server quotes, the web form's amounts (apps/web exchangeAmounts) are sent as the screen
// sends them, and the account credited grows by exactly the amount the screen showed.
import { randomUUID } from 'node:crypto';
import { decimalToMinor, formatMinor, type Account, type FiatCurrency, type RateQuote } from '@bank/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeAmounts, settledAmounts, type ExchangeAmounts } from '../../../../web/src/features/exchange/exchangeAmounts';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { closeCheckingLedger } from '../ledger/test-context';

const CURRENCIES: FiatCurrency[] = ['EUR', 'USD', 'RUB', 'GBP', 'USDT'];

let context: TestContext;
let client: TestClient;
const accounts = new Map<FiatCurrency, Account>();

beforeAll(async () => {
  context = await createTestContext();
  client = await createSignedInClient(context);
  for (const currency of CURRENCIES) accounts.set(currency, await openTestAccount(context, client, currency, '100000000.00'));
});
afterAll(() => closeCheckingLedger(context));

async function quotedRate(from: FiatCurrency, to: FiatCurrency): Promise<string> {
  const response = await context.app.inject({ method: 'GET', url: `/api/exchange/rate?from=${from}&to=${to}&amount=1` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RateQuote>().rate;
}

describe('the exchange screen and the server', () => {
  it('agree to the minor unit on what the client receives', async () => {
    const pairs = fc
      .tuple(fc.constantFrom(...CURRENCIES), fc.constantFrom(...CURRENCIES))
      .filter(([from, to]) => from !== to);
    await fc.assert(
      fc.asyncProperty(pairs, fc.bigInt({ min: 100n, max: 10n ** 7n }), fc.constantFrom<'amount' | 'toAmount'>('amount', 'toAmount'), async ([from, to], typedMinor, edited) => {
        const rate = await quotedRate(from, to);
        const typed = formatMinor(typedMinor, edited === 'amount' ? from : to);
        const screen: ExchangeAmounts = settledAmounts(
          recomputeAmounts({ amount: edited === 'amount' ? typed : '', toAmount: edited === 'toAmount' ? typed : '', edited }, from, to, rate),
          from,
          to,
          rate,
        );
        // Typed as the amount to receive, the screen sells enough to receive at least that much.
        if (edited === 'toAmount') expect(decimalToMinor(screen.toAmount, to)).toBeGreaterThanOrEqual(typedMinor);
        if (decimalToMinor(screen.toAmount, to) === 0n) return;

        const source = accounts.get(from)!;
        const target = accounts.get(to)!;
        const before = decimalToMinor((await listedAccount(context, client, target.number)).balance, to);
        const response = await context.app.inject({
          method: 'POST',
          url: '/api/transaction/create',
          headers: { ...client.headers, 'idempotency-key': randomUUID() },
          payload: {
            type: 'exchange',
            accNumberFrom: source.number,
            accNumberTo: target.number,
            amount: screen.amount,
            forAmountCurrency: from,
            toAmount: screen.toAmount,
            getAmountCurrency: to,
            rate,
          },
        });
        expect(response.statusCode, response.body).toBe(200);
        const after = decimalToMinor((await listedAccount(context, client, target.number)).balance, to);
        expect(formatMinor(after - before, to)).toBe(screen.toAmount);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
