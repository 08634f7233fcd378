// bench:api's reference for GET /api/account/list: its floor. A bare Fastify with node-postgres (a
// pool of POOL_SIZE connections, as the bank's server has), answering the same call for the same
// clients and tokens from the same database as the same role, with one prepared statement: the
// token's keyed hash (HMAC-SHA256 with APP_SECRET, as the bank stores it) finds a live client
// session, and with it the client's accounts and balances. Nothing else: no session sliding, no
// security headers, no rate limit, no metrics, no logs. It listens on a free loopback port and prints
// its address as one line; SIGTERM ends it. Environment: DATABASE_URL, APP_SECRET, POOL_SIZE, and
// DRIVER: `pg` (node-postgres, the server's driver; the default) or `postgres.js`, which pipelines:
// the queries waiting for one connection go out in one write, and their answers come back in order.
// Run both, the difference is the driver's alone (bench:api's phase `drivers`).
import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import postgres from 'postgres';

const secret = process.env.APP_SECRET;
const poolSize = Number(process.env.POOL_SIZE || 10);
const driver = process.env.DRIVER || 'pg';
if (driver !== 'pg' && driver !== 'postgres.js') throw new Error(`DRIVER is pg or postgres.js, not ${driver}`);
const LIST = {
  name: 'accounts-of-session',
  text: `select account.id, account.number, account.currency, ledger.booked::text as booked, ledger.available::text as available
    from sessions as session
    join accounts as account on account.client_id = session.subject_id
    join ledger_accounts as ledger on ledger.id = account.ledger_account_id
    where session.token_hash = $1 and session.subject_type = 'client' and session.revoked_at is null
      and session.idle_expires_at > now() and session.absolute_expires_at > now()
    order by account.created_at, account.number`,
};

/** The statement's rows for a token hash, through the chosen driver, prepared once per connection by either. */
let query;
let end;
if (driver === 'pg') {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: poolSize });
  query = async (hash) => (await pool.query({ ...LIST, values: [hash] })).rows;
  end = () => pool.end();
} else {
  const client = postgres(process.env.DATABASE_URL, { max: poolSize, prepare: true });
  query = (hash) => client.unsafe(LIST.text, [hash], { prepare: true });
  end = () => client.end();
}

const app = Fastify({ logger: false });
app.get('/api/account/list', async (request, reply) => {
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  const rows = await query(createHmac('sha256', secret).update(token).digest('hex'));
  if (rows.length === 0) return reply.code(401).send({ error: 'UNAUTHORIZED' });
  return rows.map((row) => ({ number: row.number, balance: row.available, bookedBalance: row.booked, currency: row.currency, key: row.id }));
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${url}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => end()).then(() => process.exit(0));
});
