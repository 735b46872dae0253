// `npm test` (after the build): runs every compiled test file with `node --test`, the longest first.
// node --test starts files in the order given, so with alphabetical order a long file that happens
// to sort last runs alone at the end while the other core idles; longest-first packs the cores.
// The lengths come from test/durations.json (seconds per file, measured: `npm run test:durations`);
// a file not listed there yet counts as a long one, so it starts early rather than last.
// Arguments are passed on to node --test (e.g. --test-name-pattern); TEST_CONCURRENCY overrides 2.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

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

/** `dist/test/a/b.test.js` → `test/a/b.test.ts`, the key test/durations.json uses. */
const sourceOf = (file) => file.replace(/^dist\//, '').replace(/\.js$/, '.ts');

const durations = JSON.parse(readFileSync(durationsFile, 'utf8'));
const secondsOf = (file) => durations[sourceOf(file)] ?? unknownSeconds;
// Longest first; ties (and equal hints) alphabetical, so the order is the same on every run.
const files = testFiles().sort((a, b) => secondsOf(b) - secondsOf(a) || a.localeCompare(b));

const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const child = spawn(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...process.argv.slice(2), ...files], { cwd: root, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
