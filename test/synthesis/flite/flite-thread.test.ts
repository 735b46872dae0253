import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { EngineTimeoutError } from '../../../src/synthesis/engines/engine-timeout-error.js';
import { neutralProsody } from '../../../src/synthesis/engines/engine.js';
import { FliteEngine } from '../../../src/synthesis/engines/flite/flite-engine.js';
import type { FliteRunResult } from '../../../src/synthesis/engines/flite/flite-protocol.js';
import { FliteThread } from '../../../src/synthesis/engines/flite/flite-thread.js';
import { measureF0 } from './measure.js';

const sentence = 'Switching voices must not bring the speech server down.';
const longText = Array.from({ length: 12 }, (_, i) =>
  `Paragraph ${i + 1} keeps the synthesizer busy for a while, so that it can be stopped halfway.`).join(' ');

const request = (text: string, id: string) =>
  ({ text, language: 'eng', voice: { engine: 'flite' as const, id }, prosody: neutralProsody });

describe('Flite host thread', () => {
  test('switches voices back and forth in one engine and one host', async () => {
    const engine = new FliteEngine();
    try {
      const kal = await engine.synthesize(request(sentence, 'kal'));
      const host = engine.hostId;
      const slt = await engine.synthesize(request(sentence, 'slt'));
      const awb = await engine.synthesize(request(sentence, 'awb'));
      const kalAgain = await engine.synthesize(request(sentence, 'kal'));
      assert.equal(engine.hostId, host, 'the host was replaced');
      assert.deepEqual([kal, slt, awb, kalAgain].map((out) => out.sampleRate), [8000, 16000, 16000, 8000]);
      const [kalF0, sltF0] = [measureF0(kal).median, measureF0(slt).median];
      assert.ok(sltF0 > 1.5 * kalF0, `slt ${sltF0} Hz should sound well above kal ${kalF0} Hz`);
      assert.equal(kalAgain.samples.length, kal.samples.length, 'kal changed after other voices');
    } finally {
      await engine.close();
    }
  });

  test('a host that dies fails the request in flight, keeps the queued one, and is replaced', async () => {
    const engine = new FliteEngine();
    try {
      await engine.synthesize(request('Warm up.', 'kal'));
      const first = engine.hostId!;
      const inFlight = engine.synthesize(request(longText, 'slt'));
      const queued = engine.synthesize(request(sentence, 'kal'));
      setTimeout(() => void engine.stopHost(), 100);
      await assert.rejects(inFlight, /Flite host thread exited \(code 1\) during synthesis/);
      const out = await queued;
      assert.ok(out.words.length > 5);
      assert.notEqual(engine.hostId, first);
      const after = await engine.synthesize(request(sentence, 'slt'));
      assert.ok(after.samples.length > 0 && after.words.length > 5);
    } finally {
      await engine.close();
    }
  });

  test('runs that share one flite instance speak byte for byte as runs on fresh instances', async () => {
    // An instance let go as soon as nothing is queued: each request on its own is a fresh one.
    const flite = new FliteThread({ keptIdleMs: 0 });
    // The default: kept a moment after a reply, so a request that follows shares the instance.
    const keeping = new FliteThread();
    const runs = [
      { args: ['-voice', 'slt', '-psdur', '-t', longText, '-o', '/speech.wav'], outputs: ['/speech.wav'] },
      { args: ['-voice', 'kal16', '-ps', '-f', '/words.txt', '-o', 'none'], files: { '/words.txt': 'switching\n\nvoices\n\n' } },
      { args: ['-voice', 'awb', '--setf', 'duration_stretch=1.4', '-psdur', '-t', sentence, '-o', '/speech.wav'], outputs: ['/speech.wav'] },
    ];
    const same = (a: FliteRunResult, b: FliteRunResult) => {
      assert.equal(a.exitCode, 0);
      assert.equal(a.exitCode, b.exitCode);
      assert.equal(a.stdout, b.stdout);
      for (const path of Object.keys(b.outputs)) assert.ok(Buffer.from(a.outputs[path]).equals(Buffer.from(b.outputs[path])), `${path} differs`);
    };
    try {
      // One at a time, each request released before the next: every run on a fresh instance.
      const fresh: FliteRunResult[] = [];
      for (const run of runs) fresh.push((await flite.run([run]))[0]);
      // One request of all of them, twice, and two queued behind each other: one instance, reset between runs.
      const shared = await flite.run([...runs, ...runs]);
      const queued = (await Promise.all([flite.run(runs), flite.run(runs.slice().reverse())])).flat();
      const following: FliteRunResult[] = [];
      for (const run of [...runs, ...runs]) following.push((await keeping.run([run]))[0]);
      shared.forEach((result, i) => same(result, fresh[i % runs.length]));
      [...fresh, ...fresh.slice().reverse()].forEach((expected, i) => same(queued[i], expected));
      following.forEach((result, i) => same(result, fresh[i % runs.length]));
    } finally {
      await flite.close();
      await keeping.close();
    }
  });

  test('a hung run is stopped at its timeout and the next run gets a fresh host', async () => {
    const flite = new FliteThread({ timeoutMs: 1500 });
    try {
      const [warm] = await flite.run([{ args: ['-lv'] }]);
      assert.equal(warm.exitCode, 0);
      const hung = flite.hostId;
      // `-l` makes flite synthesize forever: a real hang, inside WebAssembly.
      const started = Date.now();
      await assert.rejects(flite.run([{ args: ['-l', '-voice', 'kal', '-t', 'Hello there', '-o', 'none'] }]), (error: unknown) => error instanceof EngineTimeoutError && /did not finish within 1500 ms/.test(error.message));
      assert.ok(Date.now() - started < 5000);
      const [listed] = await flite.run([{ args: ['-lv'] }]);
      assert.match(listed.stdout, /Voices available: .*slt/);
      assert.notEqual(flite.hostId, hung);
    } finally {
      await flite.close();
    }
  });

  test('a run past the memory cap traps and fails alone; the host serves the next one', async () => {
    // 24 MB: the voices alone take 16 MB, a sentence a few more, a long paragraph far more.
    const flite = new FliteThread({ memoryMaxBytes: 24 * 2 ** 20 });
    try {
      await assert.rejects(flite.run([{ args: ['-voice', 'slt', '-t', longText, '-o', '/speech.wav'], outputs: ['/speech.wav'] }]), /Flite failed: unreachable/);
      const host = flite.hostId;
      const [spoken] = await flite.run([{ args: ['-voice', 'slt', '-t', 'Hello there.', '-o', '/speech.wav'], outputs: ['/speech.wav'] }]);
      assert.equal(spoken.exitCode, 0);
      assert.ok(spoken.outputs['/speech.wav'].length > 10_000);
      assert.equal(flite.hostId, host, 'a trap must not cost the host');
    } finally {
      await flite.close();
    }
  });

  test('an idle host does not keep the process alive', async () => {
    // A process that speaks once and never closes the engine must still exit on its own.
    const engineModule = fileURLToPath(new URL('../../../src/synthesis/engines/flite/flite-engine.js', import.meta.url));
    const script = `
      const { FliteEngine } = await import(${JSON.stringify(engineModule)});
      const out = await new FliteEngine().synthesize(${JSON.stringify(request(sentence, 'kal'))});
      console.log(out.samples.length > 0 ? 'spoke' : 'silent');`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { timeout: 60_000 });
    assert.equal(stdout.trim(), 'spoke');
  });

  test('close() ends the host and refuses later requests', async () => {
    const engine = new FliteEngine();
    await engine.synthesize(request(sentence, 'kal'));
    assert.notEqual(engine.hostId, undefined);
    await engine.close();
    assert.equal(engine.hostId, undefined);
    await assert.rejects(engine.synthesize(request(sentence, 'kal')), /closed/);
  });
});
