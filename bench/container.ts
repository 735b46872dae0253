/**
 * Container figures (issue 29): the image's size against its 350 MB target, how long the
 * Dockerfile takes to build from nothing cached, and the compose path's clone-to-first-audio: the
 * build plus `podman-compose up` of compose.cluster.yaml to the first decoded speech (made through
 * API 1, downloaded through API 2). Uses the container test's own steps (test/container/), so the
 * stand-in base images are built first when missing. Skipped, with the reason, when podman cannot
 * run here; it takes minutes, so `npm run bench` measures it only when named:
 *   npm run bench -- container      or      npm run bench:container
 */
import { fileURLToPath } from 'node:url';
import { clusterProofs } from '../test/container/cluster.js';
import { buildImage, buildStandins, imageBytes, runId } from '../test/container/image.js';
import { podmanUsable } from '../test/container/podman.js';
import { Proofs } from '../test/container/proofs.js';
import { atMost, type BenchRow, type BenchSection } from './sections.js';

const title = 'container image and compose path (podman)';
const imageTag = 'localhost/orator-container-bench:latest';
const baseImage = 'docker.io/library/node:22-bookworm-slim';

/**
 * node:22-bookworm-slim as `docker images` shows it (220 MB, linux/amd64). No registry is reachable
 * here, so the image is built on a stand-in made from Debian with this machine's Node (292 MB: its
 * Node binary and headers are larger); Orator's own layers are the same on either base.
 */
const officialBaseMB = 220;

const note = (name: string, value: string, ok = true): BenchRow => ({ name, value, target: '', ok });

export async function containerSection(): Promise<BenchSection> {
  const asked = process.argv.includes('container') || process.env.BENCH_CONTAINER === '1' || isMain();
  if (!asked) return { title, rows: [note('not measured unless named (minutes of builds)', 'run: npm run bench -- container')] };
  const usable = await podmanUsable();
  if (!usable.ok) return { title, rows: [note(`skipped: ${usable.why}`, 'skipped')] };
  await buildStandins(false);
  const probe = await podmanUsable(baseImage);
  if (!probe.ok) return { title, rows: [note(`skipped: podman cannot run containers here: ${probe.why}`, 'skipped')] };

  const buildSeconds = await buildImage(imageTag, { noCache: true });
  const imageMB = (await imageBytes(imageTag)) / 1e6;
  const baseMB = (await imageBytes(baseImage)) / 1e6;
  const proofs = new Proofs();
  const { upToFirstAudioSeconds } = await clusterProofs(proofs, imageTag, runId());
  const rows: BenchRow[] = [
    atMost('image size on the official base: Orator\'s layers + node:22-bookworm-slim', Math.round(imageMB - baseMB + officialBaseMB), 350, {
      unit: 'MB',
      detail: `layers ${(imageMB - baseMB).toFixed(0)} MB + ${officialBaseMB} MB (the official image's published size)`,
    }),
    { name: 'image size measured here, on the stand-in base (podman image inspect)', value: Math.round(imageMB), target: 'measured', ok: true, unit: 'MB', detail: `stand-in base ${baseMB.toFixed(0)} MB + Orator's layers ${(imageMB - baseMB).toFixed(0)} MB` },
    { name: 'build from nothing cached (podman build --no-cache)', value: Math.round(buildSeconds), target: 'measured', ok: true, unit: 's' },
  ];
  if (upToFirstAudioSeconds === undefined) {
    rows.push(note(`compose path failed: ${proofs.list.filter((p) => !p.ok).map((p) => p.detail).join('; ')}`, 'failed', false));
  } else {
    rows.push({ name: 'compose path: podman-compose up → first decoded speech', value: Math.round(upToFirstAudioSeconds), target: 'measured', ok: true, unit: 's' });
    rows.push({ name: 'compose path: clone to first audio (build + up → speech)', value: Math.round(buildSeconds + upToFirstAudioSeconds), target: 'measured', ok: true, unit: 's', detail: 'the stand-in images already built' });
  }
  return { title, rows };
}

function isMain(): boolean {
  return process.argv[1] === fileURLToPath(import.meta.url);
}

if (isMain()) {
  const section = await containerSection();
  console.log(`\n${section.title}`);
  for (const row of section.rows) {
    const value = typeof row.value === 'number' ? `${row.value} ${row.unit ?? ''}` : row.value;
    console.log(`  ${row.ok ? 'ok ' : 'NO '} ${row.name}: ${value} ${row.target}${row.detail ? `  (${row.detail})` : ''}`);
  }
  process.exit(section.rows.every((r) => r.ok) ? 0 : 1);
}
