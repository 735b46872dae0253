import http from 'node:http';
import net from 'node:net';
import type { Config } from '../../config/config.js';
import { explainStartupFailure } from '../explain-failure.js';
import type { CheckResult } from './check.js';

/** Binds HOST:PORT for a moment, as `serve` will, and lets it go. */
function tryListen(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve()));
  });
}

/** Whether an Orator answers /healthz there: then the port is taken by the server itself, as it should be. */
function oratorAnswers(host: string, port: number): Promise<boolean> {
  const target = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return new Promise((resolve) => {
    // node:http with a timer of its own: a listener that takes the connection and never answers
    // (or drops it) must end in "no", and an unref'd abort timer would let the process exit first.
    const request = http.get({ host: target, port, path: '/healthz', timeout: 2_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body = (body + chunk).slice(0, 1_000)));
      response.on('end', () => {
        try {
          resolve(response.statusCode === 200 && (JSON.parse(body) as { status?: unknown }).status === 'ok');
        } catch {
          resolve(false);
        }
      });
      response.on('error', () => resolve(false));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/** PORT on HOST: free to bind (or taken by a running Orator); else the line `serve` would stop with. */
export async function checkPort(config: Config): Promise<CheckResult[]> {
  const where = `port ${config.port} on ${config.host}`;
  if (config.port === 0) return [{ name: 'port', status: 'ok', detail: 'PORT 0: the system picks a free port at start' }];
  try {
    await tryListen(config.host, config.port);
    return [{ name: 'port', status: 'ok', detail: `${where} is free to bind` }];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && (await oratorAnswers(config.host, config.port))) {
      return [{ name: 'port', status: 'ok', detail: `${where} is taken by a running Orator (its /healthz answers)` }];
    }
    const explained = explainStartupFailure(error, config, 'listen');
    return [{ name: 'port', status: 'fail', detail: (explained as Error).message.split('\n')[0], fix: 'stop what listens there, or set PORT (and HOST) to an address this machine may bind' }];
  }
}
