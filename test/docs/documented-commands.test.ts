import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { freePort } from '../start/child-server.js';

/**
 * Every command line of a shell code block (```sh, bash, shell, console) in README.md and
 * docs/*.md either runs here as written, in this built checkout (the state after the README's
 * `npm ci && npm run build`), or is listed below with the reason it cannot (it installs packages,
 * needs a service or files the test does not have, …). A command added to the docs and to neither
 * list fails the test: its author decides. Each command runs with a fresh DATA_DIR (never ./data);
 * the commands that talk to a server talk to one `npm start` this test starts, with
 * `http://localhost:8080` in them replaced by its address. Inline `code` in prose is not run.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

type Rule =
  /** Run with `sh -c` in the checkout; must exit 0; `check` looks at what it printed. */
  | { run: 'command'; check?: (stdout: string) => void }
  /** Talks to the running server: run after `npm start` answers, with the address substituted. */
  | { run: 'against-server'; check?: (stdout: string) => void }
  /** Starts the server: `npm start` must answer /health, then stop on SIGTERM. */
  | { run: 'npm-start' }
  | { skip: string };

const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

const rules: Record<string, Rule> = {
  // README
  'npm ci && npm run build && npm start': { run: 'npm-start' }, // the install and build are what this checkout is
  'npm test': { skip: 'runs every test file (this one among them): minutes of work, the CI run itself' },
  'npm ci && npm run build': { skip: 'installs packages and builds: the state this test runs in' },
  'npm ci --omit=dev': { skip: 'installs packages (replaces node_modules without the test tools)' },
  'node dist/src/start/cli.js doctor': { run: 'command', check: (out) => assert.match(out, /nothing failed/) },
  'npx orator accounts create --plan free --email you@example.com --json': {
    run: 'command',
    check: (out) => assert.deepEqual(Object.keys(json(out)).slice(0, 3), ['uid', 'api_key', 'api_token']),
  },
  // docs/operations.md
  [`curl -s -H "Authorization: Bearer $ADMIN_TOKEN" -H 'content-type: application/json' -d '{"plan":"lite","email":"ada@example.com"}' http://localhost:8080/admin/v1/accounts`]: {
    run: 'against-server',
    check: (out) => assert.ok(typeof json(out).api_key === 'string', out),
  },
  // docs/scaling.md
  'export DATABASE_URL=postgres://orator:…@db:5432/orator REDIS_URL=redis://redis:6379 S3_BUCKET=orator S3_ENDPOINT=http://minio:9000 S3_FORCE_PATH_STYLE=true ORATOR_SECRET_KEY=$(cat /run/secrets/orator_key) HOST=0.0.0.0': {
    skip: 'a template: placeholders (…) for PostgreSQL, Redis, S3 and a secret file of the operator',
  },
  'npx orator serve --role api': { skip: 'needs the PostgreSQL, Redis and S3 of the line before (test/cluster runs this topology)' },
  'npx orator serve --role worker': { skip: 'needs the PostgreSQL, Redis and S3 of the line before (test/cluster runs this topology)' },
  // docs/voices.md
  'npx orator models index https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0/voices.json --language en': {
    skip: 'downloads from huggingface.co (tests reach loopback and the npm registry only)',
  },
  'npx orator models install en_US-lessac-medium --index https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0/voices.json': {
    skip: 'downloads a voice from huggingface.co',
  },
  'npx orator models install https://…/de_DE-thorsten-medium.onnx --sha256 …': { skip: 'a template: the URL and checksum are placeholders' },
  'npx orator models install ./voices/': { skip: "needs a folder of Piper models the operator downloaded (test/synthesis/engines/piper installs real ones)" },
  'npx orator models list': { run: 'command', check: (out) => assert.match(out, /no models in/) },
  'npx orator models remove en_US-lessac-medium': { skip: 'removes the model the lines before installed' },
  'npx orator models install ./kokoro-v1.0.onnx --voices ./voices-v1.0.bin': { skip: 'needs the Kokoro model files the operator downloaded' },
  'npx orator models install https://…/kokoro-v1.0.onnx --voices https://…/voices-v1.0.bin --sha256 …': { skip: 'a template: URLs and checksum are placeholders' },
  'npx orator models install ./kokoro/': { skip: 'needs a folder with the Kokoro model files' },
  'npx orator models remove kokoro-v1.0': { skip: 'removes the model the lines before installed' },
};

/**
 * Whole families of commands that need what no test machine has: a Docker engine (the container
 * test, test/container/run.sh, builds and runs the same files with podman), systemd and sudo, the
 * operator's own cloud, a cluster's services. Each is listed by how it begins.
 */
const skippedFamilies: [prefix: string, reason: string][] = [
  ['docker ', 'needs a Docker engine (test/container/run.sh proves the Dockerfile and compose files with podman)'],
  ['sudo ', 'installs as a system service (root, systemd): docs/deploy.md "Running Node directly"'],
  ['cd /opt/orator', 'the systemd install of docs/deploy.md, run as root'],
  ['aws ', "creates a bucket in the operator's S3 (AWS CLI and credentials)"],
  ['mc ', "creates a bucket in the operator's MinIO (mc and credentials)"],
  ['git pull', 'an upgrade of a deployed checkout'],
  ['git clone --bare https://github.com/neosapience/typecast-sdk', 'clones from GitHub, which no test machine reaches (the fixtures test reads a mirror here)'],
  ['npm run build && TYPECAST_SDK_GIT_DIR=', 'runs test/text/sdk-caption-fixtures.test.ts, which the suite runs itself (on the mirror where there is one)'],
  ['curl -s localhost:8080/readyz', 'asks the container docs/deploy.md started'],
  ['cat > .env <<EOF', "writes the compose cluster's secrets (the lines up to EOF are the file's content)"],
  ['ORATOR_SECRET_KEY=$(openssl', "a line of the compose cluster's .env file"],
  ['POSTGRES_PASSWORD=$(openssl', "a line of the compose cluster's .env file"],
  ['MINIO_ROOT_PASSWORD=$(openssl', "a line of the compose cluster's .env file"],
  ['EOF', "the end of the compose cluster's .env file"],
  ['chmod 600 .env', "the compose cluster's .env file"],
  ['DATABASE_URL=… ORATOR_SECRET_KEY=…', 'a template: placeholders for a cluster’s PostgreSQL and key'],
];

/** The rule of a documented command: its own, or its family's skip. */
function ruleFor(command: string): Rule | undefined {
  const family = skippedFamilies.find(([prefix]) => command.startsWith(prefix));
  return rules[command] ?? (family && { skip: family[1] });
}

/** The command lines of every shell block: continuations joined, comments and blank lines dropped. */
export async function documentedCommands(): Promise<{ file: string; command: string }[]> {
  const files = ['README.md', ...(await readdir(path.join(root, 'docs'))).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
  const found: { file: string; command: string }[] = [];
  for (const file of files) {
    const text = await readFile(path.join(root, file), 'utf8');
    for (const block of text.matchAll(/^```(sh|bash|shell|console)\n([\s\S]*?)^```/gm)) {
      const joined = block[2].replace(/\\\n\s*/g, ' ');
      for (const raw of joined.split('\n')) {
        const command = raw.replace(/^\$ /, '').replace(/\s+#\s.*$/, '').replace(/\s+/g, ' ').trim();
        if (command && !command.startsWith('#')) found.push({ file, command });
      }
    }
  }
  return found;
}

const dataDirs: string[] = [];
const children: ChildProcess[] = [];
let commands: { file: string; command: string }[];

before(async () => {
  commands = await documentedCommands();
});

after(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

async function freshEnv(): Promise<NodeJS.ProcessEnv> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'orator-docs-'));
  dataDirs.push(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: String(await freePort()) };
  // As a user runs them, not with the test runner's settings; and npx must find this checkout's
  // orator without the registry: an unreachable one proves it.
  delete env.NODE_TEST_CONTEXT;
  delete env.NODE_OPTIONS;
  env.npm_config_registry = 'http://127.0.0.1:9/';
  return env;
}

function run(command: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('every command line of the docs is run here or listed with a reason', async () => {
  const unlisted = commands.filter((c) => !ruleFor(c.command)).map((c) => `${c.file}: ${c.command}`);
  assert.deepEqual(unlisted, [], 'commands in the docs that this test neither runs nor lists with a reason');
  const gone = Object.keys(rules).filter((command) => !commands.some((c) => c.command === command));
  assert.deepEqual(gone, [], 'listed commands no longer in the docs (drop them from the list)');
});

/** Checks one command's result against its rule. */
function expectSuccess(file: string, command: string, rule: { check?: (stdout: string) => void }, result: { code: number | null; stdout: string; stderr: string }) {
  assert.equal(result.code, 0, `${file}: ${command}\n${result.stdout}${result.stderr}`);
  rule.check?.(result.stdout);
}

// One test, so that the commands run while the server starts: the waits overlap.
test('the commands run as written; npm start serves, and the commands that need a server work against it', async () => {
  const starts = commands.filter((c) => (ruleFor(c.command) as { run?: string } | undefined)?.run === 'npm-start');
  assert.ok(starts.length > 0, 'the README says how to start the server');
  const env = await freshEnv();
  env.ADMIN_TOKEN = randomBytes(32).toString('base64url'); // as `openssl rand -base64 32` makes one
  env.LOG_LEVEL = 'info'; // the drain's line is at info
  // detached: its own process group, which gets the signal at the end as from a terminal.
  const server = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(server);
  let output = '';
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  // 'close', not 'exit': npm may exit before the server it started has written its last lines.
  const exited = new Promise<void>((resolve) => server.once('close', () => resolve()));

  const onTheirOwn = commands.filter((c) => (ruleFor(c.command) as { run?: string } | undefined)?.run === 'command');
  const results = await Promise.all(onTheirOwn.map(async (c) => ({ ...c, result: await run(c.command, await freshEnv()) })));
  for (const { file, command, result } of results) expectSuccess(file, command, rules[command] as { check?: (stdout: string) => void }, result);

  const address = `http://127.0.0.1:${env.PORT}`;
  for (;;) {
    if (server.exitCode !== null) assert.fail(`npm start exited with ${server.exitCode}: ${output}`);
    const up = await fetch(`${address}/health`).then((r) => r.ok, () => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  for (const { file, command } of commands) {
    const rule = ruleFor(command);
    if (!rule || !('run' in rule) || rule.run !== 'against-server') continue;
    expectSuccess(file, command, rule, await run(command.replaceAll('http://localhost:8080', address), env));
  }
  process.kill(-server.pid!, 'SIGTERM');
  await exited;
  assert.match(output, /SIGTERM: draining/, output);
});
