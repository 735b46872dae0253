import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root (this file runs as dist/test/container/podman.js). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** Source files of the container test that tsc does not copy (containers.conf, the stand-ins). */
export const sourceDir = `${repoRoot}test/container/`;

/** podman and podman-compose read this: runc instead of crun, no raised ulimits (see the file). */
export const containerEnv: NodeJS.ProcessEnv = { ...process.env, CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? `${sourceDir}containers.conf` };

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; rejects on a non-zero exit unless `allowFailure`. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; allowFailure?: boolean; echo?: boolean } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env ?? containerEnv, cwd: options.cwd ?? repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (options.echo) process.stdout.write(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      if (options.echo) process.stderr.write(c);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const result = { code: code ?? -1, stdout, stderr };
      if (code !== 0 && !options.allowFailure) reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.trim().split('\n').slice(-8).join('\n')}`));
      else resolve(result);
    });
  });
}

export const podman = (args: string[], options: Parameters<typeof run>[2] = {}) => run('podman', args, options);

/** Whether podman can run a container here: `podman info`, then a trivial container of `image`. */
export async function podmanUsable(image?: string): Promise<{ ok: boolean; why: string }> {
  const info = await run('podman', ['info', '--format', '{{.Host.OCIRuntime.Name}}'], { allowFailure: true }).catch((error: Error) => ({ code: -1, stdout: '', stderr: error.message }));
  if (info.code !== 0) return { ok: false, why: `podman info failed: ${info.stderr.trim().split('\n').pop()}` };
  if (!image) return { ok: true, why: `runtime ${info.stdout.trim()}` };
  const probe = await run('podman', ['run', '--rm', '--network=none', '--pull=never', image, 'true'], { allowFailure: true });
  return probe.code === 0 ? { ok: true, why: 'a trivial container ran' } : { ok: false, why: `a trivial container failed: ${probe.stderr.trim().split('\n').pop()}` };
}

/** Polls `check` until it answers a value (not undefined), or throws after `timeoutMs` with the last error. */
export async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>, intervalMs = 1000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}${last ? ` (last: ${last})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** `podman healthcheck run` until it passes: the image's HEALTHCHECK (node -e fetch /healthz). */
export async function waitHealthy(container: string, timeoutMs = 420_000): Promise<void> {
  await waitFor(`${container} to be healthy`, timeoutMs, async () => {
    const result = await podman(['healthcheck', 'run', container], { allowFailure: true });
    if (result.code === 0) return true;
    throw new Error(`healthcheck: ${(result.stdout + result.stderr).trim() || `exit ${result.code}`}`);
  }, 2000);
  const status = (await podman(['inspect', '--format', '{{.State.Health.Status}}', container])).stdout.trim();
  if (status !== 'healthy') throw new Error(`${container} health is ${status} after a passing check`);
}
