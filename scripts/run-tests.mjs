// `npm test` (after the build): runs every compiled test file, two at a time, the longest first.
// `node --test` sorts the files it is given by name, so a long file that sorts late runs alone at
// the end while the other core idles; node:test's run() keeps the order it is given, so this
// script orders by the seconds in test/durations.json (a file not listed there counts as long, so
// it starts early rather than last) and reports as `node --test` does (spec on a terminal, else TAP).
//
//   node scripts/run-tests.mjs [--durations] [--test-name-pattern=RE ...] [dist/test/x.test.js ...]
//
// --durations rewrites test/durations.json from this run (`npm run test:durations`); files named
// run only those; TEST_CONCURRENCY changes the 2.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const durationsFile = path.join(root, 'test', 'durations.json');
/** Seconds assumed for a file test/durations.json does not list. */
const unknownSeconds = 60;

/** Every `*.test.js` under dist/test, as paths relative to the repository. */
function testFiles(dir = 'dist/test') {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(relative);
    return entry.name.endsWith('.test.js') ? [relative] : [];
  });
}

/** `dist/test/a/b.test.js` (or absolute) → `test/a/b.test.ts`, the key test/durations.json uses. */
const sourceOf = (file) => path.relative(root, path.resolve(root, file)).replace(/^dist\//, '').replace(/\.js$/, '.ts');

const args = process.argv.slice(2);
const writeDurations = args.includes('--durations');
const testNamePatterns = args.filter((a) => a.startsWith('--test-name-pattern=')).map((a) => a.slice('--test-name-pattern='.length));
const unknown = args.filter((a) => a.startsWith('--') && a !== '--durations' && !a.startsWith('--test-name-pattern='));
if (unknown.length > 0) {
  console.error(`run-tests: unknown option ${unknown[0]} (known: --durations, --test-name-pattern=RE)`);
  process.exit(2);
}
const named = args.filter((a) => !a.startsWith('--'));

const durations = JSON.parse(readFileSync(durationsFile, 'utf8'));
const secondsOf = (file) => durations[sourceOf(file)] ?? unknownSeconds;
// Longest first; equal hints alphabetical, so the order is the same on every run.
const files = (named.length > 0 ? named : testFiles()).sort((a, b) => secondsOf(b) - secondsOf(a) || a.localeCompare(b));

const stream = run({
  files: files.map((f) => path.resolve(root, f)),
  concurrency: Number(process.env.TEST_CONCURRENCY ?? 2),
  ...(testNamePatterns.length > 0 ? { testNamePatterns } : {}),
});
const measured = {};
stream.on('test:fail', (data) => {
  if (!data.todo) process.exitCode = 1;
});
// A file's seconds: its top-level tests and suites, their hooks included.
for (const type of ['test:pass', 'test:fail']) {
  stream.on(type, (data) => {
    if (data.nesting !== 0 || !data.file) return;
    const key = sourceOf(data.file);
    measured[key] = (measured[key] ?? 0) + (data.details?.duration_ms ?? 0) / 1000;
  });
}
stream.compose(process.stdout.isTTY ? new spec() : tap).pipe(process.stdout);
stream.once('end', () => {
  if (!writeDurations) return;
  const sorted = Object.entries(measured).sort(([a], [b]) => a.localeCompare(b));
  writeFileSync(durationsFile, `${JSON.stringify(Object.fromEntries(sorted.map(([file, s]) => [file, Math.max(1, Math.round(s))])), null, 2)}\n`);
});
