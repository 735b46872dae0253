// Runs after `npm ci` / `npm install` of this project (also with --omit=dev). Two jobs, each safe
// to repeat and each a no-op when there is nothing to do:
// 1. Link node_modules/.bin/orator to the launcher (scripts/orator.js), so `npx orator …` runs this
//    checkout's CLI. npm links no bin for the root package itself, and with a `bin` field in
//    package.json npx would try to install the project into its own cache instead.
// 2. Remove ONNX Runtime's binaries for other platforms: onnxruntime-node ships Windows, macOS and
//    Linux (x64 and arm64) libraries, ~200 MB that this machine can never load.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

linkLauncher();
pruneOnnxRuntimeBinaries();

function linkLauncher() {
  const binDir = path.join(root, 'node_modules', '.bin');
  fs.mkdirSync(binDir, { recursive: true });
  const link = path.join(binDir, 'orator');
  fs.rmSync(link, { force: true });
  fs.symlinkSync(path.join('..', '..', 'scripts', 'orator.js'), link);
}

function pruneOnnxRuntimeBinaries() {
  // bin/napi-v<N>/<platform>/<arch>/: keep only this process's platform and architecture.
  const bin = path.join(root, 'node_modules', 'onnxruntime-node', 'bin');
  if (!fs.existsSync(bin)) return;
  let freed = 0;
  for (const napi of fs.readdirSync(bin)) {
    const napiDir = path.join(bin, napi);
    for (const platform of fs.readdirSync(napiDir)) {
      const platformDir = path.join(napiDir, platform);
      for (const arch of fs.readdirSync(platformDir)) {
        if (platform === process.platform && arch === process.arch) continue;
        freed += sizeOf(path.join(platformDir, arch));
        fs.rmSync(path.join(platformDir, arch), { recursive: true, force: true });
      }
      if (fs.readdirSync(platformDir).length === 0) fs.rmdirSync(platformDir);
    }
  }
  if (freed > 0) console.log(`orator: removed ONNX Runtime binaries for other platforms (${Math.round(freed / 1e6)} MB)`);
}

function sizeOf(p) {
  const stat = fs.lstatSync(p);
  if (!stat.isDirectory()) return stat.size;
  return fs.readdirSync(p).reduce((sum, name) => sum + sizeOf(path.join(p, name)), 0);
}
