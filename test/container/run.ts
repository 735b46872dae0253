/**
 * The container test (issue 29): builds stand-ins for the upstream images from Debian packages
 * (standins/build.sh), builds the repository's unchanged Dockerfile with podman, runs one node
 * (single-node.ts) and compose.cluster.yaml with podman-compose (cluster.ts), and prints a PASS/FAIL
 * line per proof. Exit 0 when every proof held, 1 when one failed, 77 when podman cannot run
 * containers here (the reason printed). Not part of `npm test`; run by test/container/run.sh and
 * .ci/run. Figures (build time, image size, up-to-first-audio) are printed and, with
 * CONTAINER_TEST_FIGURES=FILE, written there as JSON.
 */
import { writeFileSync } from 'node:fs';
import { clusterProofs } from './cluster.js';
import { buildImage, buildStandins, imageBytes, runId } from './image.js';
import { podman, podmanUsable } from './podman.js';
import { Proofs } from './proofs.js';
import { singleNodeProofs } from './single-node.js';

const nodeImage = 'docker.io/library/node:22-bookworm-slim';
const testImage = 'localhost/orator-container-test:latest';
const mb = (bytes: number) => bytes / 1e6;

const started = performance.now();
const usable = await podmanUsable();
if (!usable.ok) {
  console.log(`SKIP: the container test needs podman: ${usable.why}`);
  process.exit(77);
}

const proofs = new Proofs();
const figures: Record<string, number | string> = {};
const id = runId();

const standins = await proofs.prove('stand-ins for the upstream images (node, postgres, redis, minio, mc) built or up to date', async () => {
  const t = performance.now();
  await buildStandins();
  figures.standinSeconds = (performance.now() - t) / 1000;
  return `${figures.standinSeconds.toFixed(1)} s`;
});
if (standins) {
  const probe = await podmanUsable(nodeImage);
  if (!probe.ok) {
    console.log(`SKIP: podman cannot run containers here: ${probe.why}`);
    process.exit(77);
  }
}

const built =
  standins &&
  (await proofs.prove('the Dockerfile builds unchanged (podman build --format docker --pull=never, CA as a build secret)', async () => {
    figures.buildSeconds = await buildImage(testImage);
    figures.imageMB = mb(await imageBytes(testImage));
    figures.baseMB = mb(await imageBytes(nodeImage));
    return `${figures.buildSeconds.toFixed(0)} s; image ${figures.imageMB.toFixed(0)} MB, of which the base ${figures.baseMB.toFixed(0)} MB`;
  }));

if (built) {
  await proofs.prove('the image: HEALTHCHECK kept, non-root USER, DATA_DIR=/data, no CA left behind, lean (no ONNX Runtime; models install says how to add it)', async () => {
    // podman keeps HEALTHCHECK beside the image's Config (and only with --format docker).
    type Config = { Healthcheck?: { Test: string[] }; User: string; Env: string[]; StopSignal?: string };
    const [inspected] = JSON.parse((await podman(['image', 'inspect', testImage])).stdout) as { Config: Config; Healthcheck?: Config['Healthcheck'] }[];
    const config = { ...inspected.Config, Healthcheck: inspected.Healthcheck ?? inspected.Config.Healthcheck };
    if (!config.Healthcheck?.Test?.join(' ').includes('/healthz')) throw new Error(`no HEALTHCHECK against /healthz: ${JSON.stringify(config.Healthcheck)}`);
    if (!config.User || config.User === 'root' || config.User === '0') throw new Error(`USER is ${config.User || 'unset'}`);
    for (const wanted of ['DATA_DIR=/data', 'HOST=0.0.0.0']) if (!config.Env.includes(wanted)) throw new Error(`${wanted} missing from ${config.Env.join(' ')}`);
    if (config.Env.some((e) => /CA_CERTS|npm_ca/i.test(e))) throw new Error(`a CA setting stayed in the image: ${config.Env.join(' ')}`);
    const inside = (await podman(['run', '--rm', '--network=none', '--entrypoint', 'sh', testImage, '-c', 'ls -d /run/secrets/npm_ca node_modules/onnxruntime-node node_modules/better-sqlite3/deps 2>/dev/null; true'])).stdout.trim();
    if (inside !== '') throw new Error(`in the image but should not be: ${inside.split('\n').join(', ')}`);
    const install = await podman(['run', '--rm', '--network=none', testImage, 'models', 'install', '/tmp/voice.onnx'], { allowFailure: true });
    const said = `${install.stdout}${install.stderr}`.trim();
    if (install.code === 0 || !said.includes('neural runtime (onnxruntime-node) is not installed') || !said.includes('NEURAL_RUNTIME=1')) throw new Error(`models install without the runtime: exit ${install.code}: ${said}`);
    return `healthcheck ${config.Healthcheck.Test.slice(0, 2).join(' ')} …, USER ${config.User}, stop signal ${config.StopSignal ?? 'default'}; models install: "${said.split('\n').find((line) => line.includes('neural runtime'))!.slice(0, 90)}…"`;
  });
  Object.assign(figures, await singleNodeProofs(proofs, testImage, id));
  Object.assign(figures, await clusterProofs(proofs, testImage, id));
  if (typeof figures.buildSeconds === 'number' && typeof figures.upToFirstAudioSeconds === 'number') {
    figures.buildToFirstAudioSeconds = figures.buildSeconds + figures.upToFirstAudioSeconds;
  }
}

figures.totalSeconds = (performance.now() - started) / 1000;
console.log(proofs.summary());
console.log(
  `figures: ${Object.entries(figures)
    .map(([k, v]) => `${k}=${typeof v === 'number' ? v.toFixed(1) : v}`)
    .join(' ')}`,
);
if (process.env.CONTAINER_TEST_FIGURES) writeFileSync(process.env.CONTAINER_TEST_FIGURES, JSON.stringify({ figures, proofs: proofs.list }, null, 2));
process.exit(proofs.failed > 0 ? 1 : 0);
