// A node --test reporter that writes test/durations.json for scripts/run-tests.mjs: per test file,
// the seconds its top-level tests and suites took (their hooks included), rounded. Used by
// `npm run test:durations` beside the ordinary reporter.
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export default async function* durations(source) {
  const seconds = {};
  for await (const event of source) {
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || event.data.nesting !== 0 || !event.data.file) continue;
    // dist/test/a/b.test.js → test/a/b.test.ts, the source file it was built from.
    const key = path.relative(root, event.data.file).replace(/^dist\//, '').replace(/\.js$/, '.ts');
    seconds[key] = (seconds[key] ?? 0) + (event.data.details?.duration_ms ?? 0) / 1000;
  }
  const sorted = Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b));
  yield `${JSON.stringify(Object.fromEntries(sorted.map(([file, s]) => [file, Math.max(1, Math.round(s))])), null, 2)}\n`;
}
