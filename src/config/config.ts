import os from 'node:os';
import path from 'node:path';
import { estimateTokenBits, minimumTokenBits } from './token-entropy.js';

/**
 * Every setting Orator reads, from the environment, once, at start. Each option is documented
 * where it is declared; README "Configuration" lists the same.
 */
export type Role = 'all' | 'api' | 'worker';
export const roles: readonly Role[] = ['all', 'api', 'worker'];

export interface Config {
  /**
   * ORATOR_ROLE (or `serve --role`): `all` (default) serves HTTP and runs the queued jobs in one
   * process; `api` serves HTTP and enqueues; `worker` runs the queued jobs and serves only
   * `/healthz` and `/readyz`.
   */
  role: Role;
  /** PORT: TCP port of the HTTP server. Default 8080. */
  port: number;
  /** HOST: address to bind. Default 127.0.0.1 (use 0.0.0.0 to serve other machines). */
  host: string;
  /**
   * PUBLIC_URL: base of every absolute URL the server hands out. Default http://localhost:PORT;
   * required with ORATOR_ROLE api or worker (a cluster's nodes cannot know their public address).
   */
  publicUrl: string;
  /** DATA_DIR: SQLite file, blobs and preview audio live here. Default ./data. */
  dataDir: string;
  /** DATABASE_URL: postgres://… to use PostgreSQL instead of the embedded SQLite file. */
  databaseUrl: string | null;
  /**
   * DATABASE_CONNECT_TIMEOUT: seconds a PostgreSQL connection may take to open before the start
   * (or the query waiting for it) fails with a message. Default 10.
   */
  databaseConnectTimeoutMs: number;
  /**
   * REDIS_URL: redis://… (or rediss://) for the BullMQ job queue and the concurrency and rate
   * counters shared by every node. Unset: the database queue and in-process counters.
   */
  redisUrl: string | null;
  /** REDIS_PREFIX: prefix of every Redis key Orator writes, to share one Redis. Default `orator:`. */
  redisPrefix: string;
  /**
   * SLOT_LEASE_SECONDS: with REDIS_URL, how long a concurrency slot outlives its holder's last
   * renewal (renewed every third of it), so a node killed mid-request gives its slots back
   * within this time. Default 15.
   */
  slotLeaseSeconds: number;
  /** S3_BUCKET: keep audio, uploads and previews in this S3 bucket instead of DATA_DIR/blobs. */
  s3Bucket: string | null;
  /** S3_ENDPOINT: S3-compatible endpoint (MinIO, R2, Ceph…). Unset: AWS S3 itself. */
  s3Endpoint: string | null;
  /** S3_REGION: region of the bucket. Default AWS_REGION, else us-east-1. */
  s3Region: string;
  /** S3_FORCE_PATH_STYLE: address buckets as ENDPOINT/BUCKET (MinIO, Ceph) instead of BUCKET.ENDPOINT. */
  s3ForcePathStyle: boolean;
  /**
   * CACHE_MAX_BYTES: bound of the response cache (identical synthesis requests answered from the
   * blob store, least recently used evicted first). Default 256 MiB; 0 turns the cache off.
   */
  cacheMaxBytes: number;
  /**
   * SPEAK_RETENTION_HOURS: a finished speak (earlier interface) is answered, with fresh download
   * links, this long after it finished; then it is gone (404), and its audio and row are deleted
   * once the last link issued for it has expired (24 h later). Default 168 (7 days).
   */
  speakRetentionMs: number;
  /** UPLOAD_RETENTION_HOURS: an uploaded speak resource is kept this long after its upload. Default 168 (7 days). */
  uploadRetentionMs: number;
  /**
   * JOB_RETENTION_DAYS: finished jobs (and the ids that keep enqueues idempotent) and finished
   * webhook deliveries are kept this long. Default 30.
   */
  jobRetentionMs: number;
  /** RETENTION_SWEEP_SECONDS: how often the retention sweep runs (once per cluster). Default 600. */
  retentionSweepMs: number;
  /** SYNTH_WORKERS: engine worker threads. Default: number of cores. */
  synthWorkers: number;
  /**
   * SYNTH_TASK_BUDGET_SECONDS: time budget of one task of the synthesis threads (a sentence, or a
   * whole request when every thread is busy), from when a thread starts it; past it the task is
   * stopped and the request answered 503. Default 60.
   */
  synthTaskBudgetSeconds: number;
  /**
   * CLONE_ANALYSIS_BUDGET_SECONDS: time budget of one clone analysis (probe or profile fit of an
   * upload); past it the analysis is stopped and the clone refused. Default 300 (a 3 h
   * professional recording takes about a minute).
   */
  cloneAnalysisBudgetSeconds: number;
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
   * ORATOR_SECRET_KEY: the server's secret key (≥ 32 random bytes, base64 or hex), from which the
   * link-signing and secret-encryption keys are derived. Never stored in the database. Required
   * with DATABASE_URL (all nodes share it); embedded setups default to a key file in DATA_DIR.
   */
  secretKey: string | null;
  /** ORATOR_SECRET_KEY_FILE: a file holding the key instead (mode 0600). Default DATA_DIR/secret.key (embedded only). */
  secretKeyFile: string | null;
  /** ORATOR_PREVIOUS_SECRET_KEYS: comma-separated keys rotated out, still accepted to verify links and decrypt. */
  previousSecretKeys: string[];
  /** MODELS_DIR: installed neural voices (Piper `NAME.onnx` + `NAME.onnx.json`). Default DATA_DIR/models. */
  modelsDir: string;
  /** MODEL_MEMORY_MB: memory for loaded models per synthesis thread; least recently used unload first. Default 1024. */
  modelMemoryMb: number;
  /**
   * METRICS_TOKEN: when set, GET /metrics answers only `Authorization: Bearer <token>`. Unset,
   * /metrics is served without a token on a loopback bind and not at all on a public one.
   */
  metricsToken: string | null;
  /**
   * ADMIN_TOKEN: turns on the admin HTTP API (`/admin/v1/...`: accounts, keys, audit), which then
   * answers only `Authorization: Bearer <token>`. Unset, the admin API does not exist (404). At
   * least 32 characters; make it with `openssl rand -base64 32`.
   */
  adminToken: string | null;
  /**
   * ADMIN_AUTH_FAILURES / ADMIN_AUTH_WINDOW_SECONDS: failed admin-token authentications one client
   * address may make within the window; past them the address is answered 429 with Retry-After
   * (even with the right token) until the oldest failure leaves the window. Default 10 in 600 s.
   */
  adminAuthFailures: number;
  adminAuthWindowMs: number;
  /**
   * OWNER_CHANGES_PER_HOUR: changes an account's owner may make to its own settings (the earlier
   * interface's callback URL) per hour, each written to the audit log. Default 60.
   */
  ownerChangesPerHour: number;
  /**
   * RECONCILE_SECONDS: how often (once per cluster) the queue reconciler gives every speak, webhook
   * delivery and professional training the database holds as pending its job again when the queue
   * lost it (an emptied Redis, a restored backup). It also runs at each start. Default 30.
   */
  reconcileMs: number;
  /**
   * STORAGE_RETRY_SECONDS: how long a queued speak waits out an unreachable storage (S3) or
   * database, retrying with backoff, before it fails with "Storage unavailable". Default 300.
   */
  storageRetryMs: number;
  /**
   * WEBHOOK_ACCOUNT_CONCURRENCY: webhook attempts of one account in flight at once (over the
   * cluster with Redis, per node without): one account's hanging receivers hold at most this many
   * worker slots, so other accounts' deliveries go on. Default 4.
   */
  webhookAccountConcurrency: number;
  /** WEBHOOK_TIMEOUT_SECONDS: one delivery attempt, connection to answer; past it the attempt is retried. Default 10. */
  webhookTimeoutMs: number;
  /**
   * CORS_ORIGINS: origins (`https://app.example.com`, comma-separated) whose browser pages may call
   * the API, or `*` for any. Unset (null): no CORS headers at all, as a server without CORS.
   */
  corsOrigins: string[] | '*' | null;
  /**
   * BODY_TIMEOUT_SECONDS: time a request's whole body may take to arrive, from the end of its
   * headers; past it the request is answered 408 (when it still can be) and its connection closed.
   * Default 30. Upload routes have UPLOAD_BODY_TIMEOUT_SECONDS instead.
   */
  bodyTimeoutMs: number;
  /**
   * UPLOAD_BODY_TIMEOUT_SECONDS: the same for the upload routes (clone forms, the earlier
   * interface's speak resource PUT). Default 3600 (1 GiB at 2.4 Mbit/s).
   */
  uploadBodyTimeoutMs: number;
  /**
   * REFUSED_BODY_DRAIN_SECONDS: a request refused before its body was read has the rest of it read
   * and dropped, so every client reads the refusal, for at most this long (and at most the route's
   * size limit); then its connection is closed. Default 10.
   */
  refusedBodyDrainMs: number;
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

function adminToken(env: Env): string | null {
  const token = env.ADMIN_TOKEN;
  if (!token) return null;
  if (token.length < 32 || /\s/.test(token)) throw new ConfigError('ADMIN_TOKEN must be at least 32 characters without spaces (make one with: openssl rand -base64 32)');
  const bits = Math.floor(estimateTokenBits(token));
  if (bits < minimumTokenBits) {
    throw new ConfigError(`ADMIN_TOKEN is too guessable: about ${bits} bits of entropy, at least ${minimumTokenBits} needed (make one with: openssl rand -base64 32)`);
  }
  return token;
}

/** CORS_ORIGINS: `*`, or a comma-separated list of origins (scheme://host[:port], nothing after). */
function corsOrigins(env: Env): string[] | '*' | null {
  const raw = (env.CORS_ORIGINS ?? '').trim();
  if (raw === '') return null;
  if (raw === '*') return '*';
  return raw.split(',').map((item) => {
    const origin = item.trim();
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // Reported below with the rest.
    }
    // A browser sends its Origin as scheme://host[:port] exactly (lower case, no default port, no path).
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      throw new ConfigError(`CORS_ORIGINS must be * or comma-separated origins such as https://app.example.com (scheme, host and port only), got "${origin}"`);
    }
    return origin;
  });
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function readConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!logLevels.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);
  const role = (env.ORATOR_ROLE || 'all') as Role;
  if (!roles.includes(role)) throw new ConfigError(`ORATOR_ROLE must be one of ${roles.join(', ')}, got "${env.ORATOR_ROLE}"`);
  // A node of a cluster cannot guess the address clients reach it by: a worker would hand out
  // webhook and download links to its own localhost, so api and worker nodes must be told.
  if (role !== 'all' && !env.PUBLIC_URL) {
    throw new ConfigError(`ORATOR_ROLE=${role} needs PUBLIC_URL: the address clients reach the cluster at (the load balancer's), which the links a node hands out (downloads, webhooks) start with; see docs/scaling.md`);
  }
  return {
    role,
    port,
    host: env.HOST || '127.0.0.1',
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    modelsDir: path.resolve(env.MODELS_DIR || path.join(env.DATA_DIR || './data', 'models')),
    modelMemoryMb: integer(env, 'MODEL_MEMORY_MB', 1024, 16, 1024 * 1024),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    databaseConnectTimeoutMs: integer(env, 'DATABASE_CONNECT_TIMEOUT', 10, 1, 600) * 1000,
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: env.REDIS_PREFIX || 'orator:',
    slotLeaseSeconds: integer(env, 'SLOT_LEASE_SECONDS', 15, 1, 3600),
    s3Bucket: env.S3_BUCKET || null,
    s3Endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
    s3Region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    s3ForcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE'),
    cacheMaxBytes: integer(env, 'CACHE_MAX_BYTES', 256 * 1024 * 1024, 0, Number.MAX_SAFE_INTEGER),
    speakRetentionMs: integer(env, 'SPEAK_RETENTION_HOURS', 168, 1, 100 * 365 * 24) * 3_600_000,
    uploadRetentionMs: integer(env, 'UPLOAD_RETENTION_HOURS', 168, 1, 100 * 365 * 24) * 3_600_000,
    jobRetentionMs: integer(env, 'JOB_RETENTION_DAYS', 30, 1, 100 * 365) * 86_400_000,
    retentionSweepMs: integer(env, 'RETENTION_SWEEP_SECONDS', 600, 1, 7 * 86_400) * 1000,
    synthWorkers: integer(env, 'SYNTH_WORKERS', Math.max(1, os.availableParallelism()), 1, 256),
    synthTaskBudgetSeconds: integer(env, 'SYNTH_TASK_BUDGET_SECONDS', 60, 1, 3600),
    cloneAnalysisBudgetSeconds: integer(env, 'CLONE_ANALYSIS_BUDGET_SECONDS', 300, 1, 24 * 3600),
    jobConcurrency: integer(env, 'JOB_CONCURRENCY', 16, 1, 1024),
    allowPrivateCallbacks: boolean(env, 'ALLOW_PRIVATE_CALLBACKS'),
    logLevel,
    secretKey: env.ORATOR_SECRET_KEY || null,
    secretKeyFile: env.ORATOR_SECRET_KEY_FILE ? path.resolve(env.ORATOR_SECRET_KEY_FILE) : null,
    previousSecretKeys: (env.ORATOR_PREVIOUS_SECRET_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
    metricsToken: env.METRICS_TOKEN || null,
    adminToken: adminToken(env),
    adminAuthFailures: integer(env, 'ADMIN_AUTH_FAILURES', 10, 1, 1_000_000),
    adminAuthWindowMs: integer(env, 'ADMIN_AUTH_WINDOW_SECONDS', 600, 1, 7 * 86_400) * 1000,
    ownerChangesPerHour: integer(env, 'OWNER_CHANGES_PER_HOUR', 60, 1, 1_000_000),
    reconcileMs: integer(env, 'RECONCILE_SECONDS', 30, 1, 3600) * 1000,
    storageRetryMs: integer(env, 'STORAGE_RETRY_SECONDS', 300, 0, 24 * 3600) * 1000,
    webhookAccountConcurrency: integer(env, 'WEBHOOK_ACCOUNT_CONCURRENCY', 4, 1, 1024),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_SECONDS', 10, 1, 120) * 1000,
    corsOrigins: corsOrigins(env),
    bodyTimeoutMs: integer(env, 'BODY_TIMEOUT_SECONDS', 30, 1, 24 * 3600) * 1000,
    uploadBodyTimeoutMs: integer(env, 'UPLOAD_BODY_TIMEOUT_SECONDS', 3600, 1, 24 * 3600) * 1000,
    refusedBodyDrainMs: integer(env, 'REFUSED_BODY_DRAIN_SECONDS', 10, 1, 600) * 1000,
  };
}
