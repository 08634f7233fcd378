// Proves the server is correct with more than one API node on one database: every node keeps its
// state in PostgreSQL, so two nodes behave as one. A code mailed through one node signs in through
// the other, and each request mails once; failed sign-ins and the per-address request limit count
// across nodes, so a brute force spread over both is refused as on one; a session ended on one node
// is refused by the other at once; a transfer retried on the other node with its Idempotency-Key is
// applied once. (The jobs that run once across nodes are proved in jobs-multi-node.test.ts.)
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestAccount } from '../modules/accounts/test-support';
import { FAILED_SIGN_INS_PER_EMAIL, recordHit } from '../modules/auth';
import { CONTACT_RATE_LIMIT } from '../modules/contact';
import { internal } from '../modules/statement/test-support';
import { createSignedInClient, TEST_PASSWORD } from './clients';
import { createTestContext, openSecondNode, type SecondNode, type TestContext } from './harness';

describe.runIf(process.env.TEST_DATABASE_URL)('two API nodes on one PostgreSQL database', () => {
  let context: TestContext;
  let second: SecondNode;
  let nodes: FastifyInstance[];
  beforeAll(async () => {
    context = await createTestContext({}, { postgresOnly: true });
    second = await openSecondNode(context);
    nodes = [context.app, second.app];
  });
  afterAll(async () => {
    await second?.close();
    await context?.close();
  });

  it('signs in with a code mailed through one node on the other, one mail per request', async () => {
    const client = await createSignedInClient(context);
    const first = await second.app.inject({ method: 'POST', url: '/api/login/list', payload: { email: client.email, password: TEST_PASSWORD } });
    expect(first.statusCode, first.body).toBe(200);
    const mailed = second.mails.filter((mail) => mail.to === client.email);
    expect(mailed).toHaveLength(1);
    expect(context.mails.filter((mail) => mail.to === client.email)).toHaveLength(0);
    const code = /\b(\d{6})\b/.exec(mailed[0]!.text)![1]!;
    const signedIn = await context.app.inject({ method: 'POST', url: '/api/login', payload: { email: client.email, password: TEST_PASSWORD, emailCode: code } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // The code is spent for both nodes.
    const again = await second.app.inject({ method: 'POST', url: '/api/login', payload: { email: client.email, password: TEST_PASSWORD, emailCode: code } });
    expect(again.statusCode).toBe(400);
  });

  it('counts failed sign-ins across nodes: a brute force spread over both is refused on both', async () => {
    const client = await createSignedInClient(context);
    const email = client.email.toLowerCase();
    // Most of the allowance is spent already (the slow-down of each failure is not what is tested).
    for (let hit = 0; hit < FAILED_SIGN_INS_PER_EMAIL.blockAfter - 2; hit += 1) await recordHit(context.db, FAILED_SIGN_INS_PER_EMAIL, email);
    const guess = (node: FastifyInstance) => node.inject({ method: 'POST', url: '/api/login/list', payload: { email: client.email, password: 'Wrong2024pass' } });
    expect((await guess(context.app)).statusCode).toBe(400);
    expect((await guess(second.app)).statusCode).toBe(400);
    for (const node of nodes) {
      const refused = await node.inject({ method: 'POST', url: '/api/login/list', payload: { email: client.email, password: TEST_PASSWORD } });
      expect(refused.statusCode).toBe(429);
    }
  });

  it('counts the per-address request limit across nodes', async () => {
    const form = { name: 'Jane Roe', email: 'jane@example.com', phone: '+44 20 7946 0958', message: 'Please call me back about a deposit account.' };
    const answers: number[] = [];
    for (let index = 0; index <= CONTACT_RATE_LIMIT.max; index += 1) {
      const node = nodes[index % 2]!;
      answers.push((await node.inject({ method: 'POST', url: '/api/mailer/sendContactFormData', payload: form, remoteAddress: '198.51.100.7' })).statusCode);
    }
    expect(answers.slice(0, CONTACT_RATE_LIMIT.max).every((status) => status === 200), JSON.stringify(answers)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('refuses on one node, at once, a session ended on the other', async () => {
    const client = await createSignedInClient(context);
    const me = (node: FastifyInstance) => node.inject({ method: 'GET', url: '/api/user/me', headers: client.headers });
    expect((await me(second.app)).statusCode).toBe(200);
    expect((await context.app.inject({ method: 'POST', url: '/api/logout', headers: client.headers })).statusCode).toBe(200);
    expect((await me(second.app)).statusCode).toBe(401);
  });

  it('applies a transfer once when it is retried on the other node with the same Idempotency-Key', async () => {
    const client = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestAccount(context, client, 'EUR', '1000.00');
    const to = await openTestAccount(context, payee, 'EUR');
    const key = randomUUID();
    const send = (node: FastifyInstance) =>
      node.inject({
        method: 'POST',
        url: '/api/transaction/create',
        headers: { ...client.headers, 'idempotency-key': key },
        payload: internal(from.number, to.number, '25.00'),
      });
    const [one, other] = await Promise.all([send(context.app), send(second.app)]);
    const statuses = [one.statusCode, other.statusCode].sort();
    // Both at once: one applies it, the other either replays its answer or is told to retry (409).
    expect(statuses[0], `${one.body} ${other.body}`).toBe(200);
    const retried = await send(second.app);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.body).toBe((one.statusCode === 200 ? one : other).body);
    const balanceOf = async (owner: typeof client, number: string) => {
      const accounts = await second.app.inject({ method: 'GET', url: '/api/account/list', headers: owner.headers });
      return accounts.json<Array<{ number: string; balance: string }>>().find((account) => account.number === number)?.balance;
    };
    expect(await balanceOf(client, from.number)).toBe('975.00');
    expect(await balanceOf(payee, to.number)).toBe('25.00');
  });
});
