// The reference of bench:api: a bare Fastify answering {"hello":"world"} in a process of its own,
// as the bank's server runs in its own. It listens on a free loopback port and prints its address
// as one line; SIGTERM ends it.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${url}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
