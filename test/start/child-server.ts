import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { cliPath } from './run-cli.js';

/** A TCP port free on loopback right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * `orator serve` as its own process (so tests can SIGKILL it), resolved once it has warmed up:
 * `/health` answers and `/readyz` no longer says `warming` (it may say a backing service is down).
 * The env (or `args`, e.g. `--port`) must carry the port, PORT; the child is added to `children` for the suite's cleanup.
 */
export async function startChildServer(env: NodeJS.ProcessEnv, children: ChildProcess[] = [], args: string[] = [], startTimeoutMs = 180_000): Promise<ChildProcess> {
  const child = spawn(process.execPath, [cliPath, 'serve', ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  // The last of what it printed to stderr, so a start that fails says why.
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const why = () => (stderr.trim() ? `: ${stderr.trim()}` : '');
  const port = args.includes('--port') ? args[args.indexOf('--port') + 1] : env.PORT;
  const url = `http://127.0.0.1:${port}/health`;
  // Generous by default: on a loaded machine (2 cores shared, load 20) the warm-up took 50–80 s; a broken start fails at once (exit code).
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}${why()}`);
    try {
      if ((await fetch(url)).ok && !(await warming(url.replace(/\/health$/, '/readyz')))) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL'); // a suite whose `before` failed may not reach its cleanup
      throw new Error(`server did not start${why()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** True while the node at `readyz` answers 503 `warming` (serve.ts: listening, not warmed up yet). */
async function warming(readyz: string): Promise<boolean> {
  const response = await fetch(readyz);
  return response.status === 503 && /^warming/.test(((await response.json()) as { detail?: string }).detail ?? '');
}

/** Kills every child still running (a suite's `after`). */
export function killChildren(children: ChildProcess[]): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
