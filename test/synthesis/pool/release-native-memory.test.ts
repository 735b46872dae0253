import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { collectGarbage } from '../../../src/synthesis/pool/collect-garbage.js';
import { releaseNativeMemory } from '../../../src/synthesis/pool/release-native-memory.js';

/** This process's resident memory, MB. */
function rssMb(): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
}

function koffiInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('koffi');
    return true;
  } catch {
    return false;
  }
}

const glibcLinux = process.platform === 'linux' && Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } })?.header?.glibcVersionRuntime);

describe('releaseNativeMemory', () => {
  it('is a no-op that says so where it cannot trim', { skip: koffiInstalled() && glibcLinux ? 'koffi is installed on glibc: the next test covers it' : false }, () => {
    assert.equal(releaseNativeMemory(), false);
  });

  it('gives back the freed audio-sized buffers that glibc keeps in its arenas', { skip: koffiInstalled() && glibcLinux ? false : 'needs the optional koffi package on glibc Linux' }, () => {
    // As a used server's threads leave it: a large buffer freed (which raises glibc's mmap
    // threshold, so the next ones come from the arena), then 1 MB buffers freed between live
    // 100 kB ones, which keep the arena from shrinking from its top. Two collections: the second
    // waits for the first's freeing of array buffers, which V8 may do on a helper thread.
    let big: Buffer | null = Buffer.alloc(8 << 20, 1);
    big = null;
    collectGarbage();
    collectGarbage();
    const pins: Buffer[] = [];
    let buffers: Buffer[] = [];
    for (let i = 0; i < 96; i++) {
      buffers.push(Buffer.alloc(1 << 20, 1));
      pins.push(Buffer.alloc(100 << 10, 1));
    }
    buffers = [];
    collectGarbage();
    collectGarbage();
    const before = rssMb();
    assert.equal(releaseNativeMemory(), true);
    const after = rssMb();
    assert.ok(before - after > 48, `RSS ${before.toFixed(0)} MB → ${after.toFixed(0)} MB; expected most of the 96 MB freed to go back`);
    assert.equal(pins.length + buffers.length, 96);
    assert.equal(big, null);
  });
});
