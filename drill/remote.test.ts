import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { faultValues, remoteTarget, runCommand, type RunCommand } from './remote';

// Patroni's /cluster answer is unauthenticated: whoever answers in its place names the nodes.
const hostile = ['pg1; id > pwned', '$(id)', '`id`', 'pg 1', 'pg1\nid', "pg1'", 'pg1"', '-oProxyCommand=id', '../pg1', ''];

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sandbox() {
  const dir = mkdtempSync(path.join(tmpdir(), 'drill-remote-'));
  dirs.push(dir);
  // The commands write where they ran into the sandbox; a hostile name that got into a shell would leave `pwned` there.
  const record = `cd '${dir}' && printf '%s|%s' "$DRILL_NODE" "$DRILL_HOST" >`;
  const env = {
    DRILL_URL: 'https://bank.example',
    DRILL_WRITE_URL: 'postgres://bank:secret@haproxy:5000/bank',
    DRILL_READ_URL: 'postgres://bank:secret@haproxy:5001/bank',
    DRILL_APP_SECRET: 'a-secret',
    DRILL_PATRONI_URLS: 'http://db1:8008',
    DRILL_KILL_POSTMASTER: `${record} postmaster`,
    DRILL_KILL_NODE: `${record} node`,
    DRILL_REVIVE_NODE: `${record} revive`,
    DRILL_KILL_API: 'true',
  };
  return { dir, env };
}

describe('the node values the remote drill takes from Patroni', () => {
  it('refuses a hostile node name or host, and runs no command with it', async () => {
    const { dir, env } = sandbox();
    const ran: string[] = [];
    const run: RunCommand = async (command, values) => {
      ran.push(command);
      await runCommand(command, 10_000, values);
    };
    const target = remoteTarget(env, run);
    for (const name of hostile) {
      await expect(target.killPostmaster(name, 'db1'), JSON.stringify(name)).rejects.toThrow(/refusing node name/);
      await expect(target.killNode(name, 'db1'), JSON.stringify(name)).rejects.toThrow(/refusing node name/);
      await expect(target.reviveNode(name, 'db1'), JSON.stringify(name)).rejects.toThrow(/refusing node name/);
      if (name === '') continue;
      await expect(target.killNode('pg1', name), JSON.stringify(name)).rejects.toThrow(/refusing host/);
    }
    // Nothing refused is left for release to "revive".
    await target.release();
    expect(ran).toEqual([]);
    expect(existsSync(path.join(dir, 'pwned'))).toBe(false);
    expect(() => faultValues('ssh -- "$DRILL_HOST" true', 'pg1', '')).toThrow(/no host/);
  });

  it('hands a valid node name and host to the command as DRILL_NODE and DRILL_HOST, not in its text', async () => {
    const { dir, env } = sandbox();
    const ran: string[] = [];
    const target = remoteTarget(env, async (command, values) => {
      ran.push(command);
      await runCommand(command, 10_000, values);
    });
    await target.killPostmaster('pg-1.a_b', '10.0.0.7');
    await target.killNode('pg2', 'db2.internal');
    await target.release();
    expect(ran).toEqual([env.DRILL_KILL_POSTMASTER, env.DRILL_KILL_NODE, env.DRILL_REVIVE_NODE]);
    expect(readFileSync(path.join(dir, 'postmaster'), 'utf8')).toBe('pg-1.a_b|10.0.0.7');
    expect(readFileSync(path.join(dir, 'node'), 'utf8')).toBe('pg2|db2.internal');
    expect(readFileSync(path.join(dir, 'revive'), 'utf8')).toBe('pg2|db2.internal');
    expect(faultValues('true', 'pg1', 'fd00::7')).toEqual({ DRILL_NODE: 'pg1', DRILL_HOST: 'fd00::7' });
  });

  it('refuses fault commands still written with {node} or {host}', () => {
    const { env } = sandbox();
    expect(() => remoteTarget({ ...env, DRILL_KILL_NODE: 'ssh root@{host} systemctl kill patroni' })).toThrow(/DRILL_KILL_NODE: \{node\} and \{host\} are no longer replaced/);
  });
});
