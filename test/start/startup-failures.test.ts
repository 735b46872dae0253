import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort } from './child-server.js';
import { startFakePostgres } from './fake-postgres.js';
import { cliPath } from './run-cli.js';

const pgUrl = process.env.TEST_DATABASE_URL;

/** `orator serve` with `env`, run to its end (killed after 60 s: a hang fails the test). */
function serve(env: Record<string, string>, asUser?: number): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, 'serve'], {
      env: { ...process.env, LOG_LEVEL: 'info', SYNTH_WORKERS: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(asUser !== undefined && { uid: asUser, gid: asUser }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

function withDatabase(url: string, change: (u: URL) => void): string {
  const parsed = new URL(url);
  change(parsed);
  return parsed.toString();
}

describe('startup failures: one line, a non-zero exit, no stack trace', () => {
  let dir: string;
  let busy: net.Server;
  let busyPort: number;
  let wrongPassword: Awaited<ReturnType<typeof startFakePostgres>>;
  let silent: Awaited<ReturnType<typeof startFakePostgres>>;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'orator-startup-'));
    busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as net.AddressInfo).port;
    wrongPassword = await startFakePostgres('wrong-password');
    silent = await startFakePostgres('silent');
    await writeFile(path.join(dir, 'a-file'), 'not a directory');
    await mkdir(path.join(dir, 'locked'));
    await chmod(path.join(dir, 'locked'), 0o555);
    await mkdir(path.join(dir, 'broken-sqlite'));
    await writeFile(path.join(dir, 'broken-sqlite', 'orator.db'), 'this is not an SQLite database, just text that is long enough to have a header'.repeat(20));
    await chmod(dir, 0o755);
  });
  after(async () => {
    await new Promise((resolve) => busy.close(resolve));
    await wrongPassword.close();
    await silent.close();
    await rm(dir, { recursive: true, force: true });
  });

  const data = () => path.join(dir, `data-${Math.random().toString(36).slice(2)}`);
  const cases: { name: string; env: () => Promise<Record<string, string>> | Record<string, string>; line: RegExp; needs?: 'postgres'; asNobody?: boolean }[] = [
    { name: 'port in use', env: () => ({ PORT: String(busyPort), DATA_DIR: data() }), line: /port \d+ on 127\.0\.0\.1 is already in use/ },
    { name: 'a HOST that does not resolve', env: async () => ({ PORT: String(await freePort()), HOST: 'no-such-host.invalid', DATA_DIR: data() }), line: /HOST "no-such-host\.invalid" does not resolve/ },
    { name: 'PostgreSQL refuses the connection', env: async () => ({ DATABASE_URL: `postgres://orator@127.0.0.1:${await freePort()}/orator`, DATA_DIR: data() }), line: /PostgreSQL at 127\.0\.0\.1:\d+ refused the connection/ },
    { name: 'a PostgreSQL host that does not resolve', env: () => ({ DATABASE_URL: 'postgres://orator@no-such-host.invalid/orator', DATA_DIR: data() }), line: /PostgreSQL host "no-such-host\.invalid" does not resolve/ },
    { name: 'a wrong PostgreSQL password', env: () => ({ DATABASE_URL: `postgres://orator:wrong-secret@127.0.0.1:${wrongPassword.port}/orator`, DATA_DIR: data() }), line: /PostgreSQL refused the password of "orator"/ },
    { name: 'a PostgreSQL server that never answers', env: () => ({ DATABASE_URL: `postgres://orator@127.0.0.1:${silent.port}/orator`, DATABASE_CONNECT_TIMEOUT: '1', DATA_DIR: data() }), line: /did not answer within DATABASE_CONNECT_TIMEOUT/ },
    { name: 'an unknown PostgreSQL database', needs: 'postgres', env: () => ({ DATABASE_URL: withDatabase(pgUrl!, (u) => (u.pathname = '/orator_no_such_database')), DATA_DIR: data() }), line: /database "orator_no_such_database" does not exist/ },
    { name: 'an unknown PostgreSQL role', needs: 'postgres', env: () => ({ DATABASE_URL: withDatabase(pgUrl!, (u) => (u.username = 'orator_no_such_role')), DATA_DIR: data() }), line: /PostgreSQL refused role "orator_no_such_role"/ },
    { name: 'DATA_DIR is a file', env: () => ({ DATA_DIR: path.join(dir, 'a-file') }), line: /DATA_DIR .*a-file is a file, not a directory/ },
    { name: 'DATA_DIR under a file', env: () => ({ DATA_DIR: path.join(dir, 'a-file', 'data') }), line: /cannot create DATA_DIR .*a part of its path is a file/ },
    { name: 'DATA_DIR not writable', asNobody: true, env: () => ({ DATA_DIR: path.join(dir, 'locked') }), line: /DATA_DIR .*locked is not writable/ },
    { name: 'DATA_DIR inside /proc', env: () => ({ DATA_DIR: '/proc/orator-data' }), line: /DATA_DIR \/proc\/orator-data is inside \/proc/ },
    { name: 'an SQLite file that cannot open', env: () => ({ DATA_DIR: path.join(dir, 'broken-sqlite') }), line: /cannot open the SQLite database .*broken-sqlite\/orator\.db: file is not a database/ },
  ];

  for (const c of cases) {
    const skip = c.needs === 'postgres' && !pgUrl ? 'TEST_DATABASE_URL unset' : c.asNobody && process.getuid?.() !== 0 && process.getuid?.() === undefined;
    it(c.name, { skip }, async () => {
      const asUser = c.asNobody && process.getuid?.() === 0 ? 65534 : undefined;
      const run = await serve({ PORT: String(await freePort()), ...(await c.env()) }, asUser);
      assert.notEqual(run.code, 0, 'a non-zero exit');
      const lines = run.stderr.trim().split('\n');
      assert.equal(lines.length, 1, `one line, got:\n${run.stderr}`);
      assert.match(lines[0], /^orator: /);
      assert.match(lines[0], c.line);
      assert.ok(!run.stderr.includes('wrong-secret'), 'the password is not repeated');
    });
  }

  it('shows the stack at LOG_LEVEL=debug', async () => {
    const run = await serve({ PORT: String(busyPort), DATA_DIR: data(), LOG_LEVEL: 'debug' });
    assert.notEqual(run.code, 0);
    assert.match(run.stderr.split('\n')[0], /already in use/);
    assert.match(run.stderr, /\n\s+at /);
  });
});
