import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadEspeakRuntime } from '../../../../src/synthesis/engines/espeak/espeak-runtime.js';
import { espeakVendorFolder } from '../../../../src/synthesis/engines/espeak/espeak-module.js';
import { referenceCases, runReferenceCase, type ReferenceResult } from './reference-cases.js';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const reference = JSON.parse(
  readFileSync(path.join(root, 'test/synthesis/espeak/native-build/old-build-reference.json'), 'utf8'),
) as Record<string, ReferenceResult>;

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function filesUnder(folder: string, prefix = ''): string[] {
  return readdirSync(folder).flatMap((name) => {
    const relative = prefix ? `${prefix}/${name}` : name;
    return statSync(path.join(folder, name)).isDirectory() ? filesUnder(path.join(folder, name), relative) : [relative];
  });
}

describe('eSpeak NG built from source (vendor/espeak-ng)', () => {
  it('gives the same samples, word events and IPA as the npm build it replaced, in every language', async () => {
    const runtime = await loadEspeakRuntime();
    const cases = referenceCases();
    assert.deepEqual(cases.map((c) => c.name).sort(), Object.keys(reference).sort(), 'the fixture covers the same cases');
    const differences: string[] = [];
    for (const referenceCase of cases) {
      const now = await runReferenceCase(runtime, referenceCase);
      const before = reference[referenceCase.name];
      if (now.samplesSha256 !== before.samplesSha256) differences.push(`${referenceCase.name}: samples (${before.samples} → ${now.samples})`);
      if (now.eventsSha256 !== before.eventsSha256) differences.push(`${referenceCase.name}: word events`);
      if (now.ipa !== before.ipa) differences.push(`${referenceCase.name}: IPA ${before.ipa} → ${now.ipa}`);
    }
    assert.deepEqual(differences, []);
  });

  it('is the module from a WebAssembly build, not asm.js-style JavaScript', () => {
    const wasm = readFileSync(path.join(espeakVendorFolder(), 'espeak-ng.wasm'));
    assert.ok(WebAssembly.validate(wasm), 'espeak-ng.wasm is valid WebAssembly');
    const exports = WebAssembly.Module.exports(new WebAssembly.Module(wasm)).map((e) => e.kind);
    assert.ok(exports.includes('memory'));
  });

  it('has committed artifacts matching the build script manifest (pinned inputs and outputs)', () => {
    const vendor = path.join(root, 'vendor/espeak-ng');
    const manifest = readFileSync(path.join(vendor, 'MANIFEST.sha256'), 'utf8').split('\n').filter((line) => line && !line.startsWith('#'));

    // The inputs the artifacts were built from are the script and binding in the repository now:
    // editing either without running the script again fails here.
    const inputs = new Map(manifest.filter((l) => l.startsWith('input ')).map((l) => [l.split(' ')[2], l.split(' ')[1]]));
    for (const file of ['scripts/espeak-ng/build.sh', 'scripts/espeak-ng/orator-espeak.c']) {
      assert.equal(inputs.get(file), sha256(readFileSync(path.join(root, file))), `${file} changed since vendor/espeak-ng was built`);
    }
    const script = readFileSync(path.join(root, 'scripts/espeak-ng/build.sh'), 'utf8');
    for (const [name, checksum] of inputs) {
      if (name.endsWith('.tar.gz') || name.endsWith('.tar.xz')) assert.ok(script.includes(checksum), `the script pins ${name} at ${checksum}`);
    }

    const outputs = new Map(manifest.filter((l) => l.startsWith('output ')).map((l) => [l.slice(l.indexOf('  ') + 2), l.split(' ')[1]]));
    const onDisk = filesUnder(vendor).filter((f) => f !== 'MANIFEST.sha256').sort();
    assert.deepEqual(onDisk, [...outputs.keys()].sort(), 'the same files as the manifest lists');
    const mismatched = onDisk.filter((file) => sha256(readFileSync(path.join(vendor, file))) !== outputs.get(file));
    assert.deepEqual(mismatched, [], 'files whose checksum differs from the manifest');
  });
});
