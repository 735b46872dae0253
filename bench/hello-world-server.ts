/**
 * The yardstick of bench/light-routes.ts: a bare Fastify hello-world, run as its own process
 * exactly like the Orator server it is compared with (one process, one loopback port, logging
 * off). Prints its port on stdout once it listens.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');
process.stdout.write(`${address.port}\n`);
