import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const helloWorld = path.join(path.dirname(fileURLToPath(import.meta.url)), 'hello-world-server.js');

/**
 * Milliseconds from spawning a bare Fastify hello-world process (bench/hello-world-server.ts) to
 * the port it prints once it listens: the yardstick of `orator serve`'s start (bench `start`).
 */
export async function helloWorldStartMs(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [helloWorld], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`hello-world server exited ${code}`)));
    });
    return performance.now() - started;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  }
}
