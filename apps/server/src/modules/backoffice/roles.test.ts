import { randomUUID } from 'node:crypto';
import { BACKOFFICE_AREAS, OPERATOR_ROLES, type BackofficeArea, type OperatorRole } from '@bank/contracts/backoffice/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator, type TestOperator } from '../../test/operators';

// Every back-office call, as "METHOD path" below /api/backoffice/, under the area whose roles may
// make it: the matrix below proves that no token, a client's token and an operator of another role
// are all turned away before any work.
type Method = 'GET' | 'POST' | 'PUT';
const CALLS_BY_AREA: Readonly<Record<BackofficeArea, ReadonlyArray<`${Method} ${string}`>>> = {
  overview: [
    'GET me', 'GET summary', 'GET clients', `GET clients/${randomUUID()}`, 'GET contact-messages', `POST contact-messages/${randomUUID()}/handled`,
    'GET audit', 'POST password', 'GET deposits/liability', `GET clients/${randomUUID()}/deposits`,
  ],
  kyc: ['GET kyc', `GET kyc/${randomUUID()}`, `POST kyc/${randomUUID()}/approve`, `POST kyc/${randomUUID()}/reject`, `POST clients/${randomUUID()}/risk`],
  payments: [
    'GET transactions', 'GET transactions/T1', 'POST transactions/T1/approve', 'POST transactions/T1/deny',
    'POST incoming-payments/preview', 'POST incoming-payments',
  ],
  rates: ['GET rates', 'PUT rates', 'PUT rates/spread', 'POST rates/ecb', 'GET deposits/rates', 'PUT deposits/rates', 'GET fees/high-risk', 'PUT fees/high-risk'],
  operators: [
    'GET operators', 'POST operators', `POST operators/${randomUUID()}/deactivate`, `POST operators/${randomUUID()}/roles`,
    `POST operators/${randomUUID()}/reactivate`, `POST operators/${randomUUID()}/reset-authenticator`,
  ],
};

const ROUTES = Object.entries(CALLS_BY_AREA).flatMap(([area, calls]) =>
  calls.map((entry) => {
    const [method, path] = entry.split(' ') as [Method, string];
    return { method, url: `/api/backoffice/${path}`, area: area as BackofficeArea };
  }),
);

let context: TestContext;
let client: TestClient;
const operators = {} as Record<OperatorRole, TestOperator>;

beforeAll(async () => {
  context = await createTestContext();
  client = await createSignedInClient(context);
  for (const role of OPERATOR_ROLES) operators[role] = await createSignedInOperator(context, [role]);
});
afterAll(() => context.close());

function call(route: (typeof ROUTES)[number], headers: Record<string, string> = {}) {
  return context.app.inject({ method: route.method, url: route.url, headers, ...(route.method === 'GET' ? {} : { payload: {} }) });
}

describe('who may call the back office', () => {
  it.each(ROUTES)('$method $url: no token and a client token are 401, another role 403, its roles pass', async (route) => {
    const anonymous = await call(route);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Invalid authorization data');
    const asClient = await call(route, client.headers);
    expect(asClient.statusCode).toBe(401);
    expect(asClient.json().message).toBe('Invalid authorization data');
    for (const role of OPERATOR_ROLES) {
      const answer = await call(route, operators[role].headers);
      const allowed = (BACKOFFICE_AREAS[route.area] as readonly OperatorRole[]).includes(role);
      if (allowed) {
        expect([401, 403], `${role} on ${route.url}: ${answer.body}`).not.toContain(answer.statusCode);
        expect(answer.statusCode, `${role} on ${route.url}: ${answer.body}`).toBeLessThan(500);
      }
      else expect(answer.statusCode, `${role} on ${route.url}`).toBe(403);
    }
  });

  it('an operator token is not a client token', async () => {
    for (const url of ['/api/account/list', '/api/user/me', '/api/kyc/list', '/api/transaction/list']) {
      const answer = await context.app.inject({ method: 'GET', url, headers: operators.admin.headers });
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json().message).toBe('Invalid authorization data');
    }
  });

  it('a signed-out operator token is refused at once', async () => {
    const operator = await createSignedInOperator(context, ['payments']);
    expect((await context.app.inject({ method: 'GET', url: '/api/backoffice/me', headers: operator.headers })).json()).toMatchObject({ id: operator.id, roles: ['payments'] });
    expect((await context.app.inject({ method: 'POST', url: '/api/backoffice/logout', headers: operator.headers })).statusCode).toBe(200);
    expect((await context.app.inject({ method: 'GET', url: '/api/backoffice/me', headers: operator.headers })).statusCode).toBe(401);
  });

  it('operator sessions are shorter than clients: idle 15 minutes, at most 8 hours', async () => {
    const operator = await createSignedInOperator(context, ['compliance']);
    const row = await context.db
      .selectFrom('sessions')
      .select(['created_at', 'idle_expires_at', 'absolute_expires_at'])
      .where('subject_id', '=', operator.id)
      .executeTakeFirstOrThrow();
    const minutes = (to: Date) => Math.round((to.getTime() - row.created_at.getTime()) / 60_000);
    expect(minutes(row.idle_expires_at)).toBe(15);
    expect(minutes(row.absolute_expires_at)).toBe(8 * 60);
    // An idle session has ended: the next call is refused.
    await context.db.updateTable('sessions').set({ idle_expires_at: new Date(Date.now() - 1000) }).where('subject_id', '=', operator.id).execute();
    expect((await context.app.inject({ method: 'GET', url: '/api/backoffice/me', headers: operator.headers })).statusCode).toBe(401);
  });
});
