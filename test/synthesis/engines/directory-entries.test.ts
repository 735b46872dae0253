import assert from 'node:assert/strict';
import { mkdtempSync, renameSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { directoryEntries, oneLook } from '../../../src/synthesis/engines/directory-entries.js';

describe('directoryEntries (the models directory, read again only when it changed)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orator-dir-entries-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  // A clock far ahead of the directory's times: every listing counts as settled, so the test sees
  // the cached path (with the real clock a fresh directory is read again on every call). Each change
  // then gets an mtime of its own, set by hand: two changes within one timestamp step would share
  // one, which is what the settling rule (tested below) is there for.
  const later = () => Date.now() + 3_600_000;
  let step = 0;
  const changed = () => {
    const at = new Date(Date.UTC(2020, 0, 1) + ++step * 10_000);
    utimesSync(dir, at, at);
  };
  const sorted = (names: readonly string[] | null) => (names === null ? null : [...names].sort());

  it('gives the same listing while nothing changes, and sees an added, renamed or removed entry at once', () => {
    writeFileSync(path.join(dir, 'a.onnx'), '');
    changed();
    const first = directoryEntries(dir, later);
    assert.deepEqual(sorted(first), ['a.onnx']);
    assert.equal(directoryEntries(dir, later), first, 'unchanged: the listing read before');

    writeFileSync(path.join(dir, '.partial'), '');
    renameSync(path.join(dir, '.partial'), path.join(dir, 'b.onnx'));
    changed();
    assert.deepEqual(sorted(directoryEntries(dir, later)), ['a.onnx', 'b.onnx']);
    unlinkSync(path.join(dir, 'a.onnx'));
    changed();
    assert.deepEqual(sorted(directoryEntries(dir, later)), ['b.onnx']);
  });

  it('reads again on every call while the directory changed within a timestamp step of the read', () => {
    writeFileSync(path.join(dir, 'c.onnx'), '');
    // Read at the very time of the last change: within the step, whatever the machine's speed.
    const atTheChange = () => statSync(dir).ctimeMs;
    const first = directoryEntries(dir, atTheChange);
    assert.deepEqual(sorted(first), ['b.onnx', 'c.onnx']);
    assert.notEqual(directoryEntries(dir, atTheChange), first, 'a listing as recent as its directory is not trusted');
  });

  it('looks once during oneLook (as if every catalog looked at the same instant), and afresh after it', () => {
    const before = oneLook(() => {
      const first = directoryEntries(dir, later);
      writeFileSync(path.join(dir, 'd.onnx'), '');
      changed();
      assert.equal(directoryEntries(dir, later), first, 'the same look');
      return first;
    });
    assert.ok(!before?.includes('d.onnx'));
    assert.ok(directoryEntries(dir, later)?.includes('d.onnx'));
  });

  it('answers null for a directory that is not there (and again once it is gone)', () => {
    assert.equal(directoryEntries(path.join(dir, 'missing')), null);
    const gone = mkdtempSync(path.join(os.tmpdir(), 'orator-dir-entries-gone-'));
    assert.deepEqual(directoryEntries(gone, later), []);
    rmSync(gone, { recursive: true });
    assert.equal(directoryEntries(gone, later), null);
  });
});
