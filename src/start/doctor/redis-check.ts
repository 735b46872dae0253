import net from 'node:net';
import tls from 'node:tls';
import type { Config } from '../../config/config.js';
import { attempt, type CheckResult } from './check.js';

/** One RESP command, its first reply line. */
function command(socket: net.Socket, words: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let reply = '';
    const onData = (chunk: Buffer) => {
      reply += chunk.toString('utf8');
      const end = reply.indexOf('\r\n');
      if (end >= 0) {
        socket.off('data', onData);
        resolve(reply.slice(0, end));
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(`*${words.length}\r\n${words.map((w) => `$${Buffer.byteLength(w)}\r\n${w}\r\n`).join('')}`);
  });
}

/** REDIS_URL, when set: connects, authenticates as the URL says and expects PONG. */
export async function checkRedis(config: Config): Promise<CheckResult[]> {
  if (!config.redisUrl) return [{ name: 'redis', status: 'skip', detail: 'REDIS_URL unset: queue and counters live in the database and in memory' }];
  const url = new URL(config.redisUrl);
  const where = `${url.hostname}:${url.port || 6379}`;
  return [
    await attempt(
      'redis',
      async () => {
        const port = Number(url.port || 6379);
        const socket = url.protocol === 'rediss:' ? tls.connect({ host: url.hostname, port, servername: url.hostname }) : net.connect({ host: url.hostname, port });
        try {
          await new Promise<void>((resolve, reject) => {
            socket.once(url.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => resolve());
            socket.once('error', reject);
          });
          if (url.password) {
            const auth = await command(socket, url.username ? ['AUTH', decodeURIComponent(url.username), decodeURIComponent(url.password)] : ['AUTH', decodeURIComponent(url.password)]);
            if (!auth.startsWith('+')) throw new Error(`Redis at ${where} refused the credentials: ${auth.slice(1)}`);
          }
          const pong = await command(socket, ['PING']);
          if (pong !== '+PONG') throw new Error(`Redis at ${where} answered PING with ${pong}`);
          return { name: 'redis', status: 'ok', detail: `Redis at ${where} answers` };
        } finally {
          socket.destroy();
        }
      },
      'check REDIS_URL (host, port, password) and that Redis runs',
      10_000,
    ),
    await checkRedisPersistence(config.redisUrl),
  ];
}

/** Whether Redis keeps the queue across a restart (appendonly / save): a warning when it does not. */
async function checkRedisPersistence(redisUrl: string): Promise<CheckResult> {
  const name = 'redis persistence';
  const [{ openRedis }, { readRedisPersistence, redisPersistenceFix }] = await Promise.all([import('../../redis/redis-connection.js'), import('../../redis/redis-persistence.js')]);
  const redis = openRedis(redisUrl, { name: 'orator-doctor' });
  try {
    await redis.connect();
    const read = await readRedisPersistence(redis);
    if (read.persists === true) return { name, status: 'ok', detail: read.detail };
    return { name, status: 'warn', detail: read.detail, fix: redisPersistenceFix };
  } catch (error) {
    return { name, status: 'skip', detail: `not checked: ${(error as Error).message}` };
  } finally {
    redis.disconnect();
  }
}
