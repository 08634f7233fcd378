import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createScratchDatabase } from '../../apps/server/src/db/scratch';
import pg from 'pg';

const run = promisify(execFile);

export { createScratchDatabase } from '../../apps/server/src/db/scratch';

/** libpq connection options of a postgres:// URL, for pgbench. */
function pgbenchConnection(url: string): string[] {
  const parsed = new URL(url);
  const options = ['-h', parsed.hostname, '-p', parsed.port || '5432', '-U', decodeURIComponent(parsed.username || 'postgres')];
  return options;
}

/**
 * pgbench's built-in TPC-B-like script on a scratch database: `pgbench -i -s <scale>`, then
 * `-c <clients> -j <threads> -T <seconds>`. Answers its transactions per second.
 */
export async function runPgbench(baseUrl: string, options: { scale: number; clients: number; threads: number; seconds: number }): Promise<{ tps: number; output: string }> {
  const scratch = await createScratchDatabase(baseUrl, 'bench_pgbench');
  const environment = { ...process.env, PGPASSWORD: decodeURIComponent(new URL(baseUrl).password || '') };
  try {
    const connection = pgbenchConnection(scratch.url);
    await run('pgbench', [...connection, '-i', '-q', '-s', String(options.scale), scratch.name], { env: environment });
    const { stdout } = await run(
      'pgbench',
      [...connection, '-c', String(options.clients), '-j', String(options.threads), '-T', String(options.seconds), scratch.name],
      { env: environment, maxBuffer: 10 * 1024 * 1024 },
    );
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    if (!match) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return { tps: Number(match[1]), output: stdout };
  } finally {
    await scratch.drop();
  }
}

/** The server's version and the settings that shape write throughput. */
export async function describeServer(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const version = (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    const syncCommit = (await client.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]!.synchronous_commit;
    const buffers = (await client.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]!.shared_buffers;
    return `PostgreSQL ${version}, synchronous_commit=${syncCommit}, shared_buffers=${buffers}`;
  } finally {
    await client.end();
  }
}
