import os from 'node:os';
import path from 'node:path';

/**
 * Every setting Orator reads, from the environment, once, at start. Each option is documented
 * where it is declared; README "Configuration" lists the same.
 */
export interface Config {
  /** PORT: TCP port of the HTTP server. Default 8080. */
  port: number;
  /** HOST: address to bind. Default 127.0.0.1 (use 0.0.0.0 to serve other machines). */
  host: string;
  /** PUBLIC_URL: base of every absolute URL the server hands out. Default http://localhost:PORT. */
  publicUrl: string;
  /** DATA_DIR: SQLite file, blobs and preview audio live here. Default ./data. */
  dataDir: string;
  /** DATABASE_URL: postgres://… to use PostgreSQL instead of the embedded SQLite file. */
  databaseUrl: string | null;
  /** REDIS_URL: redis://… for the scaled queue and limit counters. Unset: in-process/database. */
  redisUrl: string | null;
  /** SYNTH_WORKERS: engine worker threads. Default: number of cores. */
  synthWorkers: number;
  /**
   * JOB_CONCURRENCY: queued jobs (speaks, webhook deliveries, professional clones) one process runs
   * at once. Default 16: jobs mostly wait on the synthesis pool or on a callback receiver, so a slow
   * receiver must not hold up the speaks behind it.
   */
  jobConcurrency: number;
  /** ALLOW_PRIVATE_CALLBACKS: let webhooks reach loopback/private addresses (tests, local dev). */
  allowPrivateCallbacks: boolean;
  /** LOG_LEVEL: fatal|error|warn|info|debug|trace|silent. Default info. */
  logLevel: string;
  /**
   * METRICS_TOKEN: when set, GET /metrics answers only `Authorization: Bearer <token>`. Unset,
   * /metrics is served without a token on a loopback bind and not at all on a public one.
   */
  metricsToken: string | null;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function boolean(env: Env, name: string): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0' || raw === 'no') return false;
  if (raw === 'true' || raw === '1' || raw === 'yes') return true;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}, got "${raw}"`);
  }
  return raw;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function readConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!logLevels.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    synthWorkers: integer(env, 'SYNTH_WORKERS', Math.max(1, os.availableParallelism()), 1, 256),
    jobConcurrency: integer(env, 'JOB_CONCURRENCY', 16, 1, 1024),
    allowPrivateCallbacks: boolean(env, 'ALLOW_PRIVATE_CALLBACKS'),
    logLevel,
    metricsToken: env.METRICS_TOKEN || null,
  };
}
