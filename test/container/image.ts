import { randomBytes } from 'node:crypto';
import { podman, repoRoot, run, sourceDir } from './podman.js';

/** The CA bundle npm reaches the registry with here (handed to the build as a secret, never kept). */
export const npmCa = process.env.NODE_EXTRA_CA_CERTS || '/etc/ssl/certs/ca-certificates.crt';

/** Builds (or finds up to date) the stand-ins for the upstream images; see standins/build.sh. */
export async function buildStandins(echo = true): Promise<void> {
  await run('bash', [`${sourceDir}standins/build.sh`], { echo, env: { ...process.env, ...{ CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? `${sourceDir}containers.conf` }, NPM_CA: npmCa } });
}

/**
 * Builds the repository's Dockerfile as it is (`--format docker` keeps HEALTHCHECK; `--pull=never`
 * uses the stand-in base), the CA as a build secret; the deps and build stages run side by side
 * (--jobs 2), each compiling better-sqlite3. Answers the seconds it took.
 */
export async function buildImage(tag: string, options: { noCache?: boolean; echo?: boolean } = {}): Promise<number> {
  const started = performance.now();
  await podman(
    ['build', '--format', 'docker', '--pull=never', '--network=host', '--jobs', '2', '--secret', `id=npm_ca,src=${npmCa}`, ...(options.noCache ? ['--no-cache'] : []), '-t', tag, repoRoot],
    { echo: options.echo ?? false },
  );
  return (performance.now() - started) / 1000;
}

/** The image's size as podman reports it (bytes, all layers). */
export async function imageBytes(tag: string): Promise<number> {
  return Number((await podman(['image', 'inspect', '--format', '{{.Size}}', tag])).stdout.trim());
}

/** A name no other run uses, for containers, volumes and networks of this run. */
export const runId = () => `orator-ct-${randomBytes(3).toString('hex')}`;
