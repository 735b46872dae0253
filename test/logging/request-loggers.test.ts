import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { requestLoggerFactory } from '../../src/logging/request-loggers.js';

/** A pino logger at `level` writing JSON lines into an array. */
function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level, redact: ['x-api-key'] }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

async function serve(level: string, routeLevel?: pino.LevelWithSilent) {
  const { logger, lines } = capture(level);
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, childLoggerFactory: requestLoggerFactory });
  app.get('/ok', { logLevel: routeLevel }, async (request) => {
    request.log.info('info from the route');
    return { ok: true };
  });
  app.get('/fails', { logLevel: routeLevel }, async (request) => {
    request.log.warn({ detail: 1 }, 'warned from the route');
    request.log.error('error from the route');
    return { ok: false };
  });
  await app.ready();
  return { app, lines };
}

describe('request loggers (Fastify childLoggerFactory)', () => {
  it('at info, every request logs through a child with its request id, as Fastify would', async () => {
    const { app, lines } = await serve('info');
    await app.inject('/ok');
    const route = lines.find((l) => l.msg === 'info from the route');
    assert.ok(route?.reqId);
    assert.ok(lines.some((l) => l.msg === 'request completed' && l.reqId === route.reqId));
    await app.close();
  });

  it('at warn, writes the lines that pass, with their request id, and nothing else', async () => {
    const { app, lines } = await serve('warn');
    await app.inject('/ok');
    assert.equal(lines.length, 0, 'nothing at info');
    await app.inject('/fails');
    assert.deepEqual(
      lines.map((l) => [l.msg, typeof l.reqId, l.level]),
      [
        ['warned from the route', 'string', 40],
        ['error from the route', 'string', 50],
      ],
    );
    assert.equal(lines[0].reqId, lines[1].reqId, 'one child per request');
    assert.equal(lines[0].detail, 1);
    await app.close();
  });

  it('honours a route level louder than the server\'s, and one quieter', async () => {
    const loud = await serve('warn', 'info');
    await loud.app.inject('/ok');
    assert.ok(loud.lines.some((l) => l.msg === 'info from the route' && l.reqId));
    await loud.app.close();
    const quiet = await serve('warn', 'fatal');
    await quiet.app.inject('/fails');
    assert.deepEqual(quiet.lines, []);
    await quiet.app.close();
  });

  it('at silent, writes nothing, the health probes\' louder route level included, and makes no child', async () => {
    const { app, lines } = await serve('silent', 'warn');
    let children = 0;
    const parent = app.log as FastifyBaseLogger;
    const child = parent.child.bind(parent);
    parent.child = ((...args: Parameters<typeof child>) => (children++, child(...args))) as typeof parent.child;
    await app.inject('/fails');
    assert.deepEqual(lines, []);
    assert.equal(children, 0);
    await app.close();
  });
});
