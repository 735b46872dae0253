/**
 * `npm run bench`: every ratio of issue 16 with its target beside it, measured in one run.
 * Sections come from bench/synthesis-targets.ts and, when present, perf-routes' bench/light-routes.ts
 * (lightRoutesSection) and bench/speak-jobs.ts (speakJobsSection). Each section's yardstick is
 * measured in the same run as its subject, interleaved where both run in this process.
 * Run: npm run bench [-- pipeline workers mp3 clone start say light speak-jobs install clone-to-audio container native agents text]
 *   (names pick sections; `start` also runs install, clone-to-audio and container)
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { BenchSection } from './sections.js';
import { synthesisSections } from './synthesis-targets.js';
import { printTable } from './table.js';


/** Parts in their own modules, each run when its module is present: [section key, file, exported function]. */
const routeParts: [string, string, string][] = [
  ['light', './light-routes.js', 'lightRoutesSection'],
  ['speak-jobs', './speak-jobs.js', 'speakJobsSection'],
  // Issue 29's start and install figures (with the `start` section of synthesis-targets.ts).
  ['install', './install-size.js', 'installSection'],
  ['clone-to-audio', './clone-to-audio.js', 'cloneToAudioSection'],
  // The container rows (image size, compose path clone-to-audio); skipped without podman.
  ['container', './container.js', 'containerSection'],
  // Issue 33: eSpeak NG (vendor/espeak-ng) against Debian's native binary; skipped without it.
  ['native', './native-espeak.js', 'nativeEspeakSection'],
  // Issue 31: the stream-input WebSocket's first-sentence latency and 32 agents at once.
  ['agents', './agents.js', 'agentsSection'],
  // Issue 32: the text layer (SSML, dictionaries, timings) against the synthesis; captions.
  ['text', './text-layer.js', 'textLayerSection'],
];

/** `start` names issue 29's whole start table: the fresh process's start, the install, clone to audio, the container. */
const groups: Record<string, string[]> = { start: ['start', 'install', 'clone-to-audio', 'container'] };
const wanted = new Set(process.argv.slice(2).flatMap((name) => groups[name] ?? [name]));

async function routeSection(file: string, name: string): Promise<BenchSection[]> {
  const path = fileURLToPath(new URL(file, import.meta.url));
  if (!existsSync(path)) return [];
  const module = (await import(path)) as Record<string, unknown>;
  const measure = module[name];
  if (typeof measure !== 'function') return [];
  return [(await measure({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined })) as BenchSection | BenchSection[]].flat();
}

function print(sections: BenchSection[]): void {
  for (const section of sections) {
    printTable(
      section.title,
      ['measure', 'value', 'target', 'ok', 'figures'],
      section.rows.map((r) => {
        if (typeof r.value === 'string') return [r.name, r.value, r.target, r.ok ? 'yes' : 'NO', r.detail ?? ''];
        const unit = r.unit ?? '×';
        return [r.name, `${r.value.toFixed(unit === '×' ? 2 : 0)} ${unit}`, `${r.target} ${unit}`, r.ok ? 'yes' : 'NO', r.detail ?? ''];
      }),
    );
  }
}

console.log(`issue 16 targets on ${os.availableParallelism()} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const routeKeys = new Set(routeParts.map(([key]) => key));
const synthesisKeys = new Set([...wanted].filter((k) => !routeKeys.has(k)));
const sections: BenchSection[] = [];
// Each section is printed as soon as it is measured, so a long run shows its progress.
if (wanted.size === 0 || synthesisKeys.size > 0) sections.push(...(await synthesisSections(synthesisKeys, (section) => print([section]))));
for (const [key, file, name] of routeParts) {
  if (wanted.size > 0 && !wanted.has(key)) continue;
  let measured: BenchSection[];
  try {
    measured = await routeSection(file, name);
  } catch (error) {
    measured = [{ title: `${key}: not measured`, rows: [{ name: error instanceof Error ? error.message.split('\n')[0] : String(error), value: 'failed', target: '', ok: false }] }];
  }
  print(measured);
  sections.push(...measured);
}
const failed = sections.reduce((n, s) => n + s.rows.filter((r) => !r.ok).length, 0);
const rows = sections.reduce((n, s) => n + s.rows.length, 0);
console.log(`\n${rows - failed} of ${rows} targets met${failed ? `; ${failed} not` : ''} (load now ${os.loadavg()[0].toFixed(1)})`);
process.exit(0);
