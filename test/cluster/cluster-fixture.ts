import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { S3BlobStore } from '../../src/blobs/s3-blob-store.js';
import { systemClock } from '../../src/clock.js';
import { readConfig } from '../../src/config/config.js';
import { openRedis } from '../../src/redis/redis-connection.js';
import { openRepositories } from '../../src/repositories/index.js';
import { loadServerKeys } from '../../src/security/server-keys.js';
import { AccountService } from '../../src/services/accounts/account-service.js';
import { PlanService } from '../../src/services/accounts/plan-service.js';
import type { NewPlan, PlanLimits } from '../../src/services/accounts/plan.js';
import { openDatabase, type Store } from '../../src/store/database.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { ServerSettings } from '../../src/store/server-settings.js';
import { deleteKeys } from '../contract/test-redis.js';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '../contract/test-s3.js';
import { freePort, killChildren, startChildServer } from '../start/child-server.js';

/** One node of the cluster: a real `orator serve --role ROLE` process with its own empty DATA_DIR. */
export interface ClusterNode {
  role: 'api' | 'worker';
  url: string;
  dataDir: string;
  child: ChildProcess;
}

export interface CreatedAccount {
  uid: string;
  api_key: string;
  api_token: string;
}

/**
 * A scaled Orator for tests, every part real: its own PostgreSQL schema (on TEST_DATABASE_URL),
 * its own Redis key prefix (on TEST_REDIS_URL), an s3rver S3 server over HTTP with a fresh
 * bucket, and nodes started as separate processes, each with a DATA_DIR of its own. Every node
 * gets the same PUBLIC_URL, as behind a load balancer (links handed out by any node work on all).
 */
export class Cluster {
  readonly children: ChildProcess[] = [];
  readonly nodes: ClusterNode[] = [];
  readonly schema = `orator_cluster_${process.pid}_${randomBytes(4).toString('hex')}`;
  readonly prefix = `orator-test:cluster:${process.pid}:${randomBytes(4).toString('hex')}:`;
  readonly dataDirs: string[] = [];
  s3!: TestS3Server;
  /** The bucket as the nodes see it, for the test's own reads. */
  bucket!: S3BlobStore;
  redis!: Redis;
  db!: pg.Pool;
  /** The cluster's database as the operator's tools see it: accounts and plans are made through these. */
  private store!: Store;
  private accounts!: AccountService;
  private plans!: PlanService;
  private env: NodeJS.ProcessEnv = {};

  constructor(
    private readonly databaseUrl: string,
    private readonly redisUrl: string,
    private readonly extraEnv: NodeJS.ProcessEnv = {},
  ) {}

  /** Schema, bucket, Redis; `publicUrl` is what every node hands out (API 1's address in the tests). */
  async open(publicUrl: string): Promise<void> {
    const admin = new pg.Client({ connectionString: this.databaseUrl });
    await admin.connect();
    await admin.query(`create schema "${this.schema}"`);
    await admin.end();
    const url = new URL(this.databaseUrl);
    url.searchParams.set('options', `-c search_path=${this.schema}`);
    this.db = new pg.Pool({ connectionString: url.toString(), max: 2 });
    this.s3 = await startS3Server();
    this.bucket = new S3BlobStore({
      bucket: this.s3.bucket,
      client: { endpoint: this.s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_CREDENTIALS },
    });
    this.redis = openRedis(this.redisUrl, { name: 'orator-cluster-test' });
    await this.redis.connect();
    const secretKey = randomBytes(32).toString('base64');
    this.env = {
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATABASE_URL: url.toString(),
      ORATOR_SECRET_KEY: secretKey,
      REDIS_URL: this.redisUrl,
      REDIS_PREFIX: this.prefix,
      S3_BUCKET: this.s3.bucket,
      S3_ENDPOINT: this.s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      ALLOW_PRIVATE_CALLBACKS: 'true',
      SYNTH_WORKERS: '1',
      // The AWS SDK's Node 20 deprecation banner is noise in test output.
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      ...this.extraEnv,
    };
    // Migrated here, once, so the nodes start together on a ready database. Accounts and plans are
    // made in this process (as `orator accounts create` and `orator plans set` do, without a
    // process each: on a busy machine nine starts at once are what makes a cluster start slow).
    this.store = await openDatabase({ databaseUrl: this.databaseUrl, dataDir: os.tmpdir(), schema: this.schema, poolSize: 2 });
    await migrateToLatest(this.store);
    const repositories = openRepositories(this.store.db);
    const config = readConfig({ DATABASE_URL: this.databaseUrl, ORATOR_SECRET_KEY: secretKey, DATA_DIR: os.tmpdir() });
    const keys = await loadServerKeys(config, new ServerSettings(this.store.db, systemClock));
    this.accounts = new AccountService(repositories.accounts, { encryptionKey: keys.encryption, audit: repositories.audit, keys: repositories.keys });
    this.plans = new PlanService(repositories.plans);
  }

  /** The environment every node is started with (for the operator's tools run against the cluster, e.g. `orator doctor`). */
  get nodeEnv(): NodeJS.ProcessEnv {
    return { ...this.env };
  }

  async createPlan(plan: NewPlan): Promise<void> {
    await this.plans.create(plan);
  }

  async setPlan(name: string, changes: Partial<PlanLimits>): Promise<void> {
    await this.plans.update(name, changes);
  }

  async createAccount(plan: string): Promise<CreatedAccount> {
    const created = await this.accounts.createAccount({ plan });
    return { uid: created.account.uid, api_key: created.apiKey, api_token: created.apiToken };
  }

  /** Starts a node on `port` (or a free one) with its own empty DATA_DIR; resolves once it answers. */
  async start(role: 'api' | 'worker', options: { port?: number; env?: NodeJS.ProcessEnv; startTimeoutMs?: number } = {}): Promise<ClusterNode> {
    const port = options.port ?? (await freePort());
    const dataDir = await this.newDataDir(role);
    const child = await startChildServer({ ...this.env, ...options.env, DATA_DIR: dataDir, PORT: String(port) }, this.children, ['--role', role], options.startTimeoutMs);
    const node = { role, url: `http://127.0.0.1:${port}`, dataDir, child };
    this.nodes.push(node);
    return node;
  }

  /** SIGKILL, resolved once the process is gone. */
  async kill(node: ClusterNode): Promise<void> {
    if (node.child.exitCode !== null || node.child.signalCode !== null) return;
    const gone = new Promise((resolve) => node.child.once('exit', resolve));
    node.child.kill('SIGKILL');
    await gone;
  }

  /** Redis's own clock (ms): the one the slot leases are kept on. */
  async redisNow(): Promise<number> {
    const [seconds, micros] = await this.redis.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  }

  /** The lease ends (Redis ms) of the concurrency slots held now under `key` (e.g. `synthesis:UID`). */
  async slotLeases(key: string): Promise<number[]> {
    const now = await this.redisNow();
    const entries = await this.redis.zrange(`${this.prefix}slots:${key}`, '0', '-1', 'WITHSCORES');
    const ends: number[] = [];
    for (let i = 1; i < entries.length; i += 2) if (Number(entries[i]) > now) ends.push(Number(entries[i]));
    return ends;
  }

  /** An S3 outage: the server stops answering (connections refused) until startS3(); its objects stay. */
  async stopS3(): Promise<void> {
    await this.s3.stop();
  }

  /** The S3 server back on the same port, with the same objects. */
  async startS3(): Promise<void> {
    await this.s3.restart();
  }

  /** Keys of the objects in the bucket under `prefix`. */
  async s3ObjectKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const key of this.bucket.list(prefix)) keys.push(key);
    return keys;
  }

  async close(): Promise<void> {
    killChildren(this.children);
    await Promise.all(this.children.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((r) => child.once('exit', r)) : null)));
    if (this.redis) {
      await deleteKeys(this.redis, this.prefix).catch(() => {});
      this.redis.disconnect();
    }
    this.bucket?.close();
    await this.s3?.close();
    await this.db?.end();
    await this.store?.close();
    const admin = new pg.Client({ connectionString: this.databaseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists "${this.schema}" cascade`);
    await admin.end();
    await Promise.all(this.dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }

  private async newDataDir(what: string): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), `orator-cluster-${what}-`));
    this.dataDirs.push(dir);
    return dir;
  }
}

/** Every file under `dir`, recursively (relative paths). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Whether the file is audio: by extension, or by the first bytes of WAV, MP3 (ID3 or a frame sync), Ogg or FLAC. */
export async function isAudioFile(file: string): Promise<boolean> {
  if (/\.(wav|mp3|ogg|opus|flac|m4a|aac|webm)$/i.test(file)) return true;
  const head = (await readFile(file)).subarray(0, 4);
  if (head.length < 3) return false;
  const text = head.toString('latin1');
  return text === 'RIFF' || text.startsWith('ID3') || text === 'OggS' || text === 'fLaC' || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0);
}

/**
 * A streaming synthesis whose answer the client does not read: once the server has sent the status
 * line it can send only what the socket buffers take, so an admitted stream long enough (2,000
 * characters at half tempo: about 4 minutes, ~16 MB of 32 kHz PCM) keeps its concurrency slot
 * until the test lets it go. That makes "held" a state the test controls, not a matter of timing.
 */
export interface HeldStream {
  status: number;
  /** The error body of a refused request. */
  body: any;
  /** Closes the connection: the server stops rendering and frees the slot. */
  release(): void;
}

export function openStream(node: { url: string }, apiKey: string, body: object): Promise<HeldStream> {
  const url = new URL('/v1/text-to-speech/stream', node.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        const release = () => request.destroy();
        if (response.statusCode === 200) {
          // Not read on purpose: see above.
          response.on('error', () => {});
          resolve({ status: 200, body: null, release });
          return;
        }
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* kept as text */
          }
          resolve({ status: response.statusCode!, body: parsed, release });
        });
      },
    );
    request.on('error', (error) => {
      if (!request.destroyed || !(error as NodeJS.ErrnoException).code?.startsWith('ECONNRESET')) reject(error);
    });
    request.end(payload);
  });
}

/** Polls `check` every `everyMs` until it answers something truthy; fails after `timeoutMs` (a generous guard, not a speed assert). */
export async function until<T>(what: string, check: () => Promise<T>, timeoutMs = 120_000, everyMs = 100): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The speak id at the end of a `speak_v2_url`. */
export const speakIdOf = (speakV2Url: string) => new URL(speakV2Url).pathname.split('/').pop()!;

/**
 * A real callback receiver on loopback that answers 200 while open, and while held keeps every
 * new request unanswered (their worker dies with them unanswered: not a delivery). `answered`
 * counts the 200s per speak id.
 */
export async function startCallbackReceiver() {
  const answered = new Map<string, number>();
  const held = new Set<http.ServerResponse>();
  const heldClosed = new Set<http.ServerResponse>();
  let holding = false;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      if (holding) {
        held.add(response);
        response.on('close', () => heldClosed.add(response));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { speak_v2_url: string; status: string };
      assert.equal(body.status, 'done');
      const id = speakIdOf(body.speak_v2_url);
      answered.set(id, (answered.get(id) ?? 0) + 1);
      response.statusCode = 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    answered,
    hold: () => {
      holding = true;
    },
    open: () => {
      holding = false;
    },
    /** Resolves once every held request's connection has closed (its sender is dead). */
    heldGone: () => until('the held callbacks to be cut', async () => [...held].every((r) => heldClosed.has(r)), 30_000, 20),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
