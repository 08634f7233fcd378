// Proves the card terminal (docs/cards.md#a-terminal-to-try-it) against a server listening on a port,
// signing with the development secret it defaults to: a purchase approved and cleared at once books
// its amount; one left pending is cleared later by its authorisation's id; a reversal releases the
// hold and a refund credits the account; a wrong CVC prints the decline's reason, a wrong secret the
// 401, and options that make no message the usage, each with its exit code. No line it prints holds
// the card's full number.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { RevealedCard } from '@bank/contracts/cards/cards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedAccount, openTestAccount } from '../apps/server/src/modules/accounts/test-support';
import { closeCheckingLedger } from '../apps/server/src/modules/ledger/test-context';
import { orderTestCard } from '../apps/server/src/modules/cards/test-support';
import { createSignedInClient, type TestClient } from '../apps/server/src/test/clients';
import { createTestContext, type TestContext } from '../apps/server/src/test/harness';
import { runTerminal } from './card-terminal';

describe('npm run card:terminal', () => {
  let context: TestContext;
  let client: TestClient;
  let usd: string;
  let url: string;
  let details: RevealedCard;
  beforeAll(async () => {
    context = await createTestContext();
    client = await createSignedInClient(context, { firstName: 'Tomas' });
    usd = (await openTestAccount(context, client, 'USD', '1000.00')).number;
    // The card's fee is paid from the EUR account, so the USD account starts whole.
    await openTestAccount(context, client, 'EUR', '300.00');
    // The number as its holder reads it in the cabinet (Cards → Show details).
    const { pan, expiry, cvc } = await orderTestCard(context, client, usd);
    details = { number: pan, expiry, cvc };
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => closeCheckingLedger(context));

  /** Runs the terminal as `npm run card:terminal -- …` would, with no CARD_NETWORK_SECRET set: its printed lines and exit code. */
  async function terminal(...argv: string[]): Promise<{ code: number; text: string }> {
    const lines: string[] = [];
    const code = await runTerminal([...argv, '--url', url], (line) => lines.push(line), {});
    const text = lines.join('\n');
    expect(text).not.toContain(details.number);
    return { code, text };
  }
  const card = () => ['--card', details.number, '--expiry', details.expiry, '--cvc', details.cvc];
  const balance = () => listedAccount(context, client, usd);
  const authorizationIdIn = (text: string) => /authorization ([0-9a-f-]{36}),/.exec(text)?.[1];

  it('sends an authorisation and its clearing, and the amount is booked', async () => {
    const { code, text } = await terminal(...card(), '--amount', '12.50', '--currency', 'USD', '--merchant', 'Café Central', '--mcc', '5812', '--clear');
    expect(code, text).toBe(0);
    expect(text).toContain(`•••• ${details.number.slice(-4)}, expiry ${details.expiry}, CVC •••`);
    expect(text).toContain('12.50 USD');
    expect(text).toContain('Café Central (MCC 5812), Vienna, AT, pos');
    expect(text).toMatch(/← approved: authorization [0-9a-f-]{36}, 12\.50 USD held on the account/);
    expect(text).toMatch(/← accepted: transaction \S+, 12\.50 USD booked/);
    expect(await balance()).toMatchObject({ bookedBalance: '987.50', balance: '987.50' });
  });

  it('leaves an authorisation pending, then clears it by its id', async () => {
    const authorized = await terminal(...card(), '--amount', '20.00', '--merchant', 'Kiosk am Ring', '--mcc', '5411', '--channel', 'online');
    expect(authorized.code, authorized.text).toBe(0);
    const authorizationId = authorizationIdIn(authorized.text)!;
    expect(authorized.text).toContain(`npm run card:terminal -- --authorization ${authorizationId} --url ${url} --clear --amount 20.00 --currency USD`);
    expect(await balance()).toMatchObject({ bookedBalance: '987.50', balance: '967.50' });

    const cleared = await terminal('--authorization', authorizationId, '--clear', '--amount', '20.00');
    expect(cleared.code, cleared.text).toBe(0);
    expect(cleared.text).toContain(`authorization  ${authorizationId}`);
    expect(cleared.text).toMatch(/← accepted: transaction \S+, 20\.00 USD booked/);
    expect(await balance()).toMatchObject({ bookedBalance: '967.50', balance: '967.50' });
    // A second clearing is refused, and says why.
    const again = await terminal('--authorization', authorizationId, '--clear', '--amount', '20.00');
    expect(again).toMatchObject({ code: 1, text: expect.stringContaining('← refused: authorization_cleared') });
  });

  it('reverses an authorisation, and sends a refund', async () => {
    const reversed = await terminal(...card(), '--amount', '30.00', '--reverse');
    expect(reversed.code, reversed.text).toBe(0);
    expect(reversed.text).toMatch(/← accepted: transaction \S+, 30\.00 USD released/);
    expect(await balance()).toMatchObject({ bookedBalance: '967.50', balance: '967.50' });

    const refunded = await terminal('--card', details.number, '--amount', '5.00', '--refund');
    expect(refunded.code, refunded.text).toBe(0);
    expect(refunded.text).toContain('→ refund');
    expect(refunded.text).toMatch(/← accepted: transaction \S+, 5\.00 USD credited to the account/);
    expect(await balance()).toMatchObject({ bookedBalance: '972.50', balance: '972.50' });
  });

  it('prints a decline with its reason and exits 1', async () => {
    const wrongCvc = String((Number(details.cvc) + 1) % 1000).padStart(3, '0');
    const { code, text } = await terminal('--card', details.number, '--expiry', details.expiry, '--cvc', wrongCvc, '--amount', '12.50', '--clear');
    expect(code).toBe(1);
    expect(text).toContain('← declined: wrong_cvc');
    expect(text).not.toContain('→ clearing');
    expect(await balance()).toMatchObject({ bookedBalance: '972.50', balance: '972.50' });
  });

  it('prints an answer other than 2xx and exits 1; options that make no message print the usage and exit 2', async () => {
    const unsigned = await terminal(...card(), '--amount', '1.00', '--secret', 'another-secret-of-thirty-two-characters');
    expect(unsigned).toMatchObject({ code: 1, text: expect.stringContaining('← 401 INVALID_AUTHORIZATION: Invalid card network signature') });
    for (const argv of [['--amount', '1.00'], [...card(), '--amount', '1.00', '--clear', '--reverse'], ['--authorization', randomUUID()], [...card(), '--channel', 'phone', '--amount', '1.00'], ['--colour', 'blue']]) {
      const { code, text } = await terminal(...argv);
      expect({ argv, code }).toEqual({ argv, code: 2 });
      expect(text).toContain('Usage: npm run card:terminal');
    }
  });
});
