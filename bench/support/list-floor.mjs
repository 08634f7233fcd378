// bench:api's reference for GET /api/account/list: its floor. A bare Fastify with node-postgres (a
// pool of POOL_SIZE connections, as the bank's server has), answering the same call for the same
// clients and tokens from the same database as the same role, with one prepared statement: the
// token's keyed hash (HMAC-SHA256 with APP_SECRET, as the bank stores it) finds a live client
// session, and with it the client's accounts and balances. Nothing else: no session sliding, no
// security headers, no rate limit, no metrics, no logs. It listens on a free loopback port and prints
// its address as one line; SIGTERM ends it. Environment: DATABASE_URL, APP_SECRET, POOL_SIZE.
import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const secret = process.env.APP_SECRET;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE || 10) });
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

const app = Fastify({ logger: false });
app.get('/api/account/list', async (request, reply) => {
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  const { rows } = await pool.query({ ...LIST, values: [createHmac('sha256', secret).update(token).digest('hex')] });
  if (rows.length === 0) return reply.code(401).send({ error: 'UNAUTHORIZED' });
  return rows.map((row) => ({ number: row.number, balance: row.available, bookedBalance: row.booked, currency: row.currency, key: row.id }));
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${url}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end()).then(() => process.exit(0));
});
