import { spawn } from 'node:child_process';
import { cliPath } from '../start/run-cli.js';

/** `orator serve` with its stdout and stderr kept, resolved once /health answers. */
export async function startLoggedServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [cliPath, 'serve'], { env: { ...process.env, SYNTH_WORKERS: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    /** Stops the server and gives every line it wrote. */
    async stop(): Promise<string> {
      const exited = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGTERM');
      await exited;
      return output;
    },
  };
}
