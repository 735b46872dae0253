import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openServices, type Services } from '../../src/app/services.js';
import type { Clock } from '../../src/clock.js';
import { readConfig } from '../../src/config/config.js';
import { buildApp } from '../../src/http/app.js';

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (also the PUBLIC_URL). */
  url: string;
  app: FastifyInstance;
  services: Services;
  dataDir: string;
  /** A fresh account on a plan; its credentials in clear. */
  createAccount(plan?: string): Promise<{ uid: string; apiKey: string; apiToken: string }>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** Start the job queue workers (default true). */
  startQueue?: boolean;
}

/**
 * A real Orator listening on a loopback port, with its own temporary data directory and
 * SQLite database, or PostgreSQL when the env names DATABASE_URL. Runs from the compiled tests.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'orator-test-'));
  // Port 0 picks a free port; PUBLIC_URL is fixed up once it is known.
  const baseEnv = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SYNTH_WORKERS: '2', ALLOW_PRIVATE_CALLBACKS: 'true', ...options.env };
  const probe = readConfig(baseEnv);
  const services = await openServices(probe, { clock: options.clock });
  const app = await buildApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const url = `http://127.0.0.1:${address.port}`;
  services.config.publicUrl = options.env?.PUBLIC_URL ?? url;
  services.config.port = address.port;
  if (options.startQueue !== false) await services.queue.start({ concurrency: services.config.jobConcurrency });
  return {
    url,
    app,
    services,
    dataDir,
    async createAccount(plan = 'free') {
      const created = await services.accounts.createAccount({ plan });
      return { uid: created.account.uid, apiKey: created.apiKey, apiToken: created.apiToken };
    },
    async close() {
      await app.close();
      await services.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
