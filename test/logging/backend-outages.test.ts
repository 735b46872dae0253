import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '../contract/test-s3.js';
import { freePort } from '../start/child-server.js';
import { cliPath } from '../start/run-cli.js';

/**
 * What an operator's log collector sees when the backends go away and come back: a real
 * `orator serve` (LOG_LEVEL=info, stdout and stderr pipes, so JSON as in production) on S3
 * (s3rver) and on a private redis-server this test starts, kills and starts again on the same
 * port. Every line it writes must be one pino JSON event (no console.error objects, no
 * "[ioredis] Unhandled error event", no AWS SDK banner), and the outage and the recovery must
 * each be said once.
 */

const children: ChildProcess[] = [];
let s3: TestS3Server;
let dataDir: string;
let redisPort: number;

function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(redis);
  return new Promise((resolve, reject) => {
    let out = '';
    redis.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve(redis);
    });
    redis.on('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
  });
}

/** Every line the server writes, on either stream, as it comes. */
class Output {
  readonly lines: { stream: string; text: string }[] = [];
  private waiters: { match: (text: string) => boolean; resolve: () => void; reject: (error: Error) => void }[] = [];
  private exited: Error | null = null;

  constructor(child: ChildProcess) {
    // A server that exits never writes the line a test waits for: say so instead of waiting forever.
    child.once('exit', (code, signal) => {
      this.exited = new Error(`the server exited (${code ?? signal}) before the awaited line:\n${this.lines.map((l) => l.text).join('\n')}`);
      for (const waiter of this.waiters) waiter.reject(this.exited);
      this.waiters = [];
    });
    for (const [name, stream] of [['stdout', child.stdout!], ['stderr', child.stderr!]] as const) {
      let pending = '';
      stream.on('data', (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        let newline;
        while ((newline = pending.indexOf('\n')) >= 0) {
          this.add(name, pending.slice(0, newline));
          pending = pending.slice(newline + 1);
        }
      });
      stream.on('end', () => pending && this.add(name, pending));
    }
  }

  private add(stream: string, text: string) {
    this.lines.push({ stream, text });
    this.waiters = this.waiters.filter((w) => (w.match(text) ? (w.resolve(), false) : true));
  }

  /** Resolves at the first line (already written or to come) that matches. */
  waitFor(match: (text: string) => boolean): Promise<void> {
    if (this.lines.some((l) => match(l.text))) return Promise.resolve();
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => this.waiters.push({ match, resolve, reject }));
  }
}

const event = (text: string) => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

before(async () => {
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'orator-outages-'));
  redisPort = await freePort();
  await startRedis(redisPort);
});

after(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await s3?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('a Redis outage and its end are logged as one JSON line each; S3 adds no banner', async () => {
  const port = await freePort();
  const server = spawn(process.execPath, [cliPath, 'serve'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      // As an operator starts it: not the test runner's own settings.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: undefined,
      NODE_OPTIONS: undefined,
      NODE_TEST_CONTEXT: undefined,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(server);
  const output = new Output(server);
  // Ready, not just listening: the services (Redis among them) open after the listening line.
  await output.waitFor((text) => /^ready in/.test(String(event(text)?.msg ?? '')));

  const redis = children.find((c) => c.spawnfile === 'redis-server' && c.exitCode === null)!;
  redis.kill('SIGKILL');
  await output.waitFor((text) => event(text)?.backend === 'Redis' && event(text)?.outage === 'began');
  await startRedis(redisPort);
  await output.waitFor((text) => event(text)?.backend === 'Redis' && event(text)?.outage === 'ended');

  // Everything to check is written; (a drain after a Redis restart can take a minute: not this test's subject.)
  server.kill('SIGKILL');
  await new Promise((resolve) => server.once('exit', resolve));

  for (const { stream, text } of output.lines) {
    const parsed = event(text);
    assert.ok(parsed, `${stream} line is not JSON: ${text}`);
    for (const field of ['level', 'time', 'pid', 'hostname', 'msg']) assert.ok(field in parsed, `${stream} line lacks pino's ${field}: ${text}`);
  }
  assert.ok(!output.lines.some((l) => /NodeVersionSupportWarning|AWS SDK/.test(l.text)), 'the AWS SDK banner was printed');
  const said = output.lines.map((l) => event(l.text)).filter((e) => e?.backend === 'Redis').map((e) => `${e!.level} ${e!.outage}`);
  assert.deepEqual(said, ['40 began', '30 ended'], 'the outage and its end, each said once');
});
