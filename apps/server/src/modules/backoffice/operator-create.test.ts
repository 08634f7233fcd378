// Proves `npm run operator:create`, the way into an empty bank: it prints a single-use link that
// enrols the first admin, refuses once an active or invited admin exists, and with --break-glass creates the
// operator anyway, audited and mailed to every active admin. The command itself runs once against
// an embedded database of its own, for its exit codes and what it prints.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { totpCode } from '../../test/operators';
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
      breakGlass: false,
    });
    expect(parseOperatorCreateArguments(['--email=a@bank.example', '--name=A B', '--roles', 'admin,compliance', '--break-glass'])).toMatchObject({
      roles: ['admin', 'compliance'],
      breakGlass: true,
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
    const audit = await context.db.selectFrom('audit_log').select(['actor_type', 'after']).where('action', '=', 'operator.invited').where('subject_id', '=', created.operatorId).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_type: 'system', after: { email: 'ops@bank.example', roles: ['admin'], via: 'commandLine' } });

    const enrolled = await enrolThrough(created.link);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json().operator).toMatchObject({ email: 'ops@bank.example', roles: ['admin'] });
    const operators = await context.app.inject({ method: 'GET', url: '/api/backoffice/operators', headers: { authorization: `Bearer ${enrolled.json().operatorToken}` } });
    expect(operators.statusCode).toBe(200);
    // The link was spent.
    const token = created.link.split('/').at(-1)!;
    expect((await context.app.inject({ method: 'GET', url: `/api/backoffice/enrolment/${token}` })).statusCode).toBe(404);
  });

  it('refuses once an active admin exists, and an e-mail already taken', async () => {
    const before = await context.db.selectFrom('operators').select('id').execute();
    await expect(run(['--email', 'second@bank.example', '--name', 'Second Admin'])).rejects.toThrow(OperatorCreateRefused);
    await expect(run(['--email', 'second@bank.example', '--name', 'Second Admin'])).rejects.toThrow(/ops@bank\.example.*--break-glass/);
    await expect(run(['--email', 'OPS@bank.example', '--name', 'Copy', '--break-glass'])).rejects.toThrow(/already exists/);
    expect(await context.db.selectFrom('operators').select('id').execute()).toHaveLength(before.length);
  });

  it('with --break-glass creates the operator anyway, audited and mailed to every active admin', async () => {
    const mailsBefore = context.mails.length;
    const created = await run(['--email', 'glass@bank.example', '--name', 'Break Glass', '--break-glass']);
    const audit = await context.db
      .selectFrom('audit_log')
      .select(['actor_type', 'actor_id', 'after'])
      .where('action', '=', 'operator.breakGlass')
      .where('subject_id', '=', created.operatorId)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_type: 'system', actor_id: null, after: { email: 'glass@bank.example', activeAdmins: ['ops@bank.example'] } });
    const mails = context.mails.slice(mailsBefore);
    expect(mails.map((mail) => mail.to).sort()).toEqual(['glass@bank.example', 'ops@bank.example']);
    expect(mails.find((mail) => mail.to === 'ops@bank.example')!.text).toContain('--break-glass');
    expect(created.adminsMailed).toEqual(['ops@bank.example']);
    expect((await enrolThrough(created.link)).statusCode).toBe(200);
  });
});

describe('operator:create with an admin who has not enrolled yet', () => {
  it('refuses as it does for an active admin: only --break-glass passes them by', async () => {
    const bank = await createTestContext({ appUrl: 'https://bank.test' });
    try {
      const create = (argv: string[]) => createOperatorFromCommandLine(bank.deps, parseOperatorCreateArguments(argv));
      await create(['--email', 'first@bank.example', '--name', 'First Admin']);
      await expect(create(['--email', 'other@bank.example', '--name', 'Other Admin'])).rejects.toThrow(/first@bank\.example.*--break-glass/);
      expect(await bank.db.selectFrom('operators').select('email').execute()).toEqual([{ email: 'first@bank.example' }]);
      expect((await create(['--email', 'other@bank.example', '--name', 'Other Admin', '--break-glass'])).email).toBe('other@bank.example');
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

  it('migrates an empty embedded database, prints the link and exits 0; exits 1 when refused and 2 on a wrong command line', () => {
    const created = command(['--email', 'first@bank.example', '--name', 'First Admin']);
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/https:\/\/bank\.test\/backoffice\/enrol\/[A-Za-z0-9_-]{43}/);
    // The first admin has not enrolled yet, and already stands in the way of a second.
    const refused = command(['--email', 'second@bank.example', '--name', 'Again']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('already has an admin');
    const wrong = command(['--name', 'No Address']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('Usage: npm run operator:create');
  }, 240_000);
});
