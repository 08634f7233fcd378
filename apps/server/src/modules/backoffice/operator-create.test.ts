// Proves `npm run operator:create`, how the people who run the servers add an operator: it prints a
// single-use link that enrols the first admin of an empty bank, and makes a second (and further)
// admin when admins exist already; each use is an audit row without the link and a notice mailed to
// every active operator. The command itself runs against an embedded database of its own, for its
// exit codes and what it prints.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator, totpCode } from '../../test/operators';
import { createOperatorFromCommandLine, OperatorCreateRefused, parseOperatorCreateArguments, UsageError } from './operator-create';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({ appUrl: 'https://bank.test' });
});
afterAll(() => context.close());

function run(argv: string[]) {
  return createOperatorFromCommandLine(context.deps, parseOperatorCreateArguments(argv));
}

async function enrolThrough(link: string) {
  const token = /\/backoffice\/enrol\/([A-Za-z0-9_-]+)$/.exec(link)![1]!;
  const info = await context.app.inject({ method: 'GET', url: `/api/backoffice/enrolment/${token}` });
  expect(info.statusCode, info.body).toBe(200);
  return context.app.inject({
    method: 'POST',
    url: `/api/backoffice/enrolment/${token}`,
    payload: { password: 'First-Admin-Pass-2024', totpCode: await totpCode(info.json().enrolment.secret) },
  });
}

describe('operator:create', () => {
  it('reads its arguments, and refuses wrong ones as usage errors', () => {
    expect(parseOperatorCreateArguments(['--email', 'Ops@Bank.Example', '--name', 'Olga Ivanova'])).toEqual({
      email: 'ops@bank.example',
      name: 'Olga Ivanova',
      roles: ['admin'],
    });
    expect(parseOperatorCreateArguments(['--email=a@bank.example', '--name=A B', '--roles', 'admin,compliance'])).toEqual({
      email: 'a@bank.example',
      name: 'A B',
      roles: ['admin', 'compliance'],
    });
    expect(() => parseOperatorCreateArguments(['--email', 'not-an-address', '--name', 'A'])).toThrow(UsageError);
    expect(() => parseOperatorCreateArguments(['--email', 'a@bank.example'])).toThrow(/--name/);
    expect(() => parseOperatorCreateArguments(['--email', 'a@bank.example', '--name', 'A', '--roles', 'root'])).toThrow(/--roles/);
    expect(() => parseOperatorCreateArguments(['--password', 'x'])).toThrow(UsageError);
  });

  it('against an empty database prints a link that enrols the first admin, who then signs in', async () => {
    expect(await context.db.selectFrom('operators').select('id').execute()).toEqual([]);
    const created = await run(['--email', 'ops@bank.example', '--name', 'Olga Ivanova', '--roles', 'admin']);
    expect(created.link).toMatch(/^https:\/\/bank\.test\/backoffice\/enrol\/[A-Za-z0-9_-]{43}$/);
    expect(context.mails.at(-1)).toMatchObject({ to: 'ops@bank.example' });
    expect(context.mails.at(-1)!.text).toContain(created.link);
    const audit = await context.db.selectFrom('audit_log').select(['actor_type', 'after']).where('action', '=', 'operator.createdOnServer').where('subject_id', '=', created.operatorId).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_type: 'system', after: { email: 'ops@bank.example', roles: ['admin'], operatorsMailed: [] } });
    // Nobody else to tell in an empty bank.
    expect(created.operatorsMailed).toEqual([]);

    const enrolled = await enrolThrough(created.link);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json().operator).toMatchObject({ email: 'ops@bank.example', roles: ['admin'] });
    const operators = await context.app.inject({ method: 'GET', url: '/api/backoffice/operators', headers: { authorization: `Bearer ${enrolled.json().operatorToken}` } });
    expect(operators.statusCode).toBe(200);
    // The link was spent.
    const token = created.link.split('/').at(-1)!;
    expect((await context.app.inject({ method: 'GET', url: `/api/backoffice/enrolment/${token}` })).statusCode).toBe(404);
  });

  it('makes a second admin when an active admin exists: audited without the link, and mailed to every active operator', async () => {
    const watcher = await createSignedInOperator(context, ['compliance']);
    const gone = await createSignedInOperator(context, ['payments']);
    await context.db.updateTable('operators').set({ status: 'deactivated' }).where('id', '=', gone.id).execute();
    const mailsBefore = context.mails.length;
    const created = await run(['--email', 'second@bank.example', '--name', 'Second Admin', '--roles', 'admin,payments']);
    expect(created).toMatchObject({ email: 'second@bank.example', roles: ['admin', 'payments'] });
    expect(created.operatorsMailed).toEqual(['ops@bank.example', watcher.email].sort());

    const audit = await context.db
      .selectFrom('audit_log')
      .select(['actor_type', 'actor_id', 'after'])
      .where('action', '=', 'operator.createdOnServer')
      .where('subject_id', '=', created.operatorId)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_type: 'system', actor_id: null, after: { email: 'second@bank.example', name: 'Second Admin', roles: ['admin', 'payments'] } });
    const token = created.link.split('/').at(-1)!;
    expect(JSON.stringify(audit.after)).not.toContain(token);
    expect(JSON.stringify(audit.after)).not.toMatch(/password|secret|link/i);

    // The link to the new admin, and a notice to every active operator (not the deactivated one).
    const mails = context.mails.slice(mailsBefore);
    expect(mails.map((mail) => mail.to).sort()).toEqual(['ops@bank.example', 'second@bank.example', watcher.email].sort());
    for (const notice of mails.filter((mail) => mail.to !== 'second@bank.example')) {
      expect(notice.subject).toContain('An operator was created on the server');
      expect(notice.text).toContain('Second Admin <second@bank.example> (admin, payments)');
      expect(notice.text).toContain('npm run operator:create');
      expect(notice.text).toContain('(администратор, платежи)');
      expect(notice.text).not.toContain(token);
    }
    expect((await enrolThrough(created.link)).statusCode).toBe(200);

    // And a third, while two admins are active.
    expect((await run(['--email', 'third@bank.example', '--name', 'Third Admin'])).operatorsMailed).toContain('second@bank.example');
  });

  it('refuses an e-mail already taken, in any case', async () => {
    const before = await context.db.selectFrom('operators').select('id').execute();
    await expect(run(['--email', 'OPS@bank.example', '--name', 'Copy'])).rejects.toThrow(OperatorCreateRefused);
    await expect(run(['--email', 'second@bank.example', '--name', 'Copy', '--roles', 'payments'])).rejects.toThrow(/already exists/);
    expect(await context.db.selectFrom('operators').select('id').execute()).toHaveLength(before.length);
  });

  it('knows no --break-glass: making an operator on the server needs no exception', () => {
    expect(() => parseOperatorCreateArguments(['--email', 'a@bank.example', '--name', 'A', '--break-glass'])).toThrow(UsageError);
  });
});

describe('operator:create with an admin who has not enrolled yet', () => {
  it('makes another admin all the same', async () => {
    const bank = await createTestContext({ appUrl: 'https://bank.test' });
    try {
      const create = (argv: string[]) => createOperatorFromCommandLine(bank.deps, parseOperatorCreateArguments(argv));
      await create(['--email', 'first@bank.example', '--name', 'First Admin']);
      // The first is invited, not active: nobody is told yet.
      expect((await create(['--email', 'other@bank.example', '--name', 'Other Admin'])).operatorsMailed).toEqual([]);
      expect(await bank.db.selectFrom('operators').select(['email', 'status']).orderBy('email').execute()).toEqual([
        { email: 'first@bank.example', status: 'invited' },
        { email: 'other@bank.example', status: 'invited' },
      ]);
    } finally {
      await bank.close();
    }
  });
});

describe('the command', () => {
  const repositoryRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'operator-create-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function command(args: string[]) {
    const environment: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, APP_URL: 'https://bank.test', LOG_LEVEL: 'silent' };
    for (const name of ['DATABASE_URL', 'SMTP_URL', 'APP_SECRET', 'HOST']) delete environment[name];
    return spawnSync(process.execPath, [path.join(repositoryRoot, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/cli/operator-create.ts', ...args], {
      cwd: repositoryRoot,
      env: environment,
      encoding: 'utf8',
      timeout: 120_000,
    });
  }

  it('migrates an empty embedded database, prints the link and exits 0, again for a second admin; exits 1 when refused and 2 on a wrong command line', () => {
    const created = command(['--email', 'first@bank.example', '--name', 'First Admin']);
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/https:\/\/bank\.test\/backoffice\/enrol\/[A-Za-z0-9_-]{43}/);
    expect(created.stdout).toContain('recorded in the audit trail');
    const second = command(['--email', 'second@bank.example', '--name', 'Second Admin']);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/https:\/\/bank\.test\/backoffice\/enrol\/[A-Za-z0-9_-]{43}/);
    const refused = command(['--email', 'second@bank.example', '--name', 'Again']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('already exists');
    const wrong = command(['--name', 'No Address']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('Usage: npm run operator:create');
  }, 240_000);
});
