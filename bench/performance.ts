/**
 * `npm run bench`: every ratio of issue 16 with its target beside it, measured in one run.
 * Sections come from bench/synthesis-targets.ts and, when present, bench/light-routes.ts (any
 * exported function returning a BenchSection or a list of them). Each section's yardstick is
 * measured in the same run as its subject, interleaved where both run in this process.
 * Run: npm run bench [-- pipeline workers mp3 clone start say light]   (names pick sections)
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { BenchSection } from './sections.js';
import { synthesisSections } from './synthesis-targets.js';
import { printTable } from './table.js';

const wanted = new Set(process.argv.slice(2));

async function lightRouteSections(): Promise<BenchSection[]> {
  const file = fileURLToPath(new URL('./light-routes.js', import.meta.url));
  if (!existsSync(file)) return [];
  const module = (await import(file)) as Record<string, unknown>;
  const measure = module.lightRoutesSection ?? Object.values(module).find((value) => typeof value === 'function');
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
const synthesisKeys = new Set([...wanted].filter((k) => k !== 'light'));
const sections: BenchSection[] = [];
// Each section is printed as soon as it is measured, so a long run shows its progress.
if (wanted.size === 0 || synthesisKeys.size > 0) sections.push(...(await synthesisSections(synthesisKeys, (section) => print([section]))));
if (wanted.size === 0 || wanted.has('light')) {
  try {
    const light = await lightRouteSections();
    print(light);
    sections.push(...light);
  } catch (error) {
    const failedLight: BenchSection = { title: 'light routes: not measured', rows: [{ name: error instanceof Error ? error.message.split('\n')[0] : String(error), value: 'failed', target: '', ok: false }] };
    print([failedLight]);
    sections.push(failedLight);
  }
}
const failed = sections.reduce((n, s) => n + s.rows.filter((r) => !r.ok).length, 0);
const rows = sections.reduce((n, s) => n + s.rows.length, 0);
console.log(`\n${rows - failed} of ${rows} targets met${failed ? `; ${failed} not` : ''} (load now ${os.loadavg()[0].toFixed(1)})`);
process.exit(0);
