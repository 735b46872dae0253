// Removes from a production node_modules what the server never reads at run time, for the
// container image (Dockerfile, deps stage) and for anyone shipping a production install:
//   node scripts/prune-runtime-modules.mjs [--without-neural-runtime]
// Every rule names files a running Orator does not open; test/container/run.sh proves the pruned
// image still speaks, clones and runs the cluster. Prints what it freed.
//
// --without-neural-runtime also removes ONNX Runtime (46 MB). Orator then lists no neural voices,
// and `orator models install` and `orator doctor` say how to add the runtime back (docs/voices.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modules = path.join(root, 'node_modules');
const withoutNeuralRuntime = process.argv.includes('--without-neural-runtime');

// Paths inside node_modules, each with why nothing reads it.
const removals = [
  // better-sqlite3 compiles from source here: the build leaves its objects, the static library,
  // a test extension and the SQLite sources beside the one addon it loads (build/Release/*.node).
  'better-sqlite3/deps',
  'better-sqlite3/src',
  'better-sqlite3/build/deps',
  'better-sqlite3/build/Release/obj',
  'better-sqlite3/build/Release/obj.target',
  'better-sqlite3/build/Release/.deps',
  'better-sqlite3/build/Release/sqlite3.a',
  'better-sqlite3/build/Release/test_extension.node',
  // kuromoji's tests carry a second copy of its dictionary.
  'kuromoji/test',
  // Language detection loads eld's medium n-grams only (src/synthesis/text/ngram-scores.ts).
  'eld/src/ngrams/large.js',
  'eld/src/ngrams/small.js',
  'eld/src/ngrams/extrasmall.js',
];
if (withoutNeuralRuntime) removals.push('onnxruntime-node', 'onnxruntime-common');

// Files no runtime loads: type declarations, source maps, and libav's asm.js fallbacks (Node
// always has WebAssembly). Folders of tests, docs and examples at a package's root.
const deadFile = /\.(d\.ts|d\.mts|d\.cts|map)$|^libav-.*\.asm\.m?js$/;
const deadPackageFolders = new Set(['test', 'tests', '__tests__', 'docs', 'example', 'examples', 'benchmark', 'benchmarks']);

let freed = 0;
for (const relative of removals) freed += remove(path.join(modules, relative));
for (const packageDir of packageDirs(modules)) {
  for (const entry of fs.readdirSync(packageDir, { withFileTypes: true })) {
    if (entry.isDirectory() && deadPackageFolders.has(entry.name)) freed += remove(path.join(packageDir, entry.name));
  }
}
freed += removeFiles(modules);
console.log(`orator: pruned ${(freed / 1e6).toFixed(1)} MB that nothing reads at run time${withoutNeuralRuntime ? ', with the neural runtime' : ''}`);

/** Every package folder, nested node_modules included. */
function* packageDirs(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      yield* packageDirs(full);
      continue;
    }
    yield full;
    yield* packageDirs(path.join(full, 'node_modules'));
  }
}

function removeFiles(dir) {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += removeFiles(full);
    else if (entry.isFile() && deadFile.test(entry.name)) bytes += remove(full);
  }
  return bytes;
}

function remove(target) {
  const bytes = sizeOf(target);
  fs.rmSync(target, { recursive: true, force: true });
  return bytes;
}

function sizeOf(target) {
  let stat;
  try {
    stat = fs.lstatSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.size;
  let bytes = 0;
  for (const entry of fs.readdirSync(target)) bytes += sizeOf(path.join(target, entry));
  return bytes;
}
