// A PostgreSQL server of the test run's own, for `npm test` on a machine where TEST_DATABASE_URL is
// not set: the tests of real concurrency and the journeys that need PostgreSQL then run all the same.
// It uses the machine's PostgreSQL binaries (Debian's postgresql package); PostgreSQL refuses to run
// as root, so under root the server runs as the `postgres` user. Its files live in a temporary
// folder that is removed when the run ends.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The folder of initdb and pg_ctl: pg_config's answer, else the newest of Debian's versions. */
function findBinaries() {
  try {
    const bindir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (existsSync(path.join(bindir, 'initdb'))) return bindir;
  } catch {
    // No pg_config on the PATH: look where Debian installs the server.
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((left, right) => Number(right) - Number(left));
  for (const version of versions) {
    const bindir = path.join(root, version, 'bin');
    if (existsSync(path.join(bindir, 'initdb')) && existsSync(path.join(bindir, 'pg_ctl'))) return bindir;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The uid and gid of the postgres user when this process is root (PostgreSQL will not run as root). */
function postgresUser() {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * Starts a throwaway server. Answers { url, restart, stop } or { skipped: reason } when it cannot
 * start (no binaries, or root without a postgres user). `durable` keeps PostgreSQL's own commit
 * guarantees (for the fault suite, which crashes the server and counts what it acknowledged);
 * otherwise they are traded for speed.
 */
export async function startThrowawayPostgres({ durable = false } = {}) {
  const bindir = findBinaries();
  if (!bindir) return { skipped: 'no PostgreSQL binaries on this machine (apt-get install -y postgresql)' };
  const user = postgresUser();
  if (user === undefined) return { skipped: 'running as root and there is no postgres user to run PostgreSQL as' };

  const folder = mkdtempSync(path.join(tmpdir(), 'bank-test-postgres-'));
  const dataDir = path.join(folder, 'data');
  if (user) chownSync(folder, user.uid, user.gid);
  const asServerUser = (command, args) =>
    spawnSync(command, args, { encoding: 'utf8', ...(user ? { uid: user.uid, gid: user.gid } : {}), cwd: folder });
  const port = await freePort();

  const init = asServerUser(path.join(bindir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  if (init.status !== 0) {
    rmSync(folder, { recursive: true, force: true });
    return { skipped: `initdb failed: ${(init.stderr || init.stdout).trim().split('\n').pop()}` };
  }
  // Durability is not under test in the unit tests: fsync off makes the many scratch databases quick
  // to create. The fault suite keeps it.
  const fast = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=300${fast}`;
  const start = asServerUser(path.join(bindir, 'pg_ctl'), ['-D', dataDir, '-l', path.join(folder, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  if (start.status !== 0) {
    rmSync(folder, { recursive: true, force: true });
    return { skipped: `PostgreSQL did not start: ${(start.stderr || start.stdout).trim().split('\n').pop()}` };
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    /** Restarts the server: 'fast' (clients disconnected, a clean shutdown) or 'immediate' (as a crash). */
    restart(mode = 'fast') {
      const result = asServerUser(path.join(bindir, 'pg_ctl'), ['-D', dataDir, '-l', path.join(folder, 'server.log'), '-o', options, '-m', mode, '-w', '-t', '60', 'restart']);
      if (result.status !== 0) throw new Error(`PostgreSQL did not restart: ${(result.stderr || result.stdout).trim()}`);
    },
    stop() {
      asServerUser(path.join(bindir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
