import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { neutralProsody } from '../../../src/synthesis/engines/engine.js';
import { FliteEngine } from '../../../src/synthesis/engines/flite/flite-engine.js';
import { FliteProcess } from '../../../src/synthesis/engines/flite/flite-process.js';
import { measureF0 } from './measure.js';

const sentence = 'Switching voices must not bring the speech server down.';
const longText = Array.from({ length: 12 }, (_, i) =>
  `Paragraph ${i + 1} keeps the synthesizer busy for a while, so that it can be stopped halfway.`).join(' ');

const request = (text: string, id: string) =>
  ({ text, language: 'eng', voice: { engine: 'flite' as const, id }, prosody: neutralProsody });

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('Flite child process', () => {
  test('switches voices back and forth in one engine and one child', async () => {
    const engine = new FliteEngine();
    try {
      const kal = await engine.synthesize(request(sentence, 'kal'));
      const pid = engine.processId;
      const slt = await engine.synthesize(request(sentence, 'slt'));
      const awb = await engine.synthesize(request(sentence, 'awb'));
      const kalAgain = await engine.synthesize(request(sentence, 'kal'));
      assert.equal(engine.processId, pid, 'the child was replaced');
      assert.deepEqual([kal, slt, awb, kalAgain].map((out) => out.sampleRate), [8000, 16000, 16000, 8000]);
      const [kalF0, sltF0] = [measureF0(kal).median, measureF0(slt).median];
      assert.ok(sltF0 > 1.5 * kalF0, `slt ${sltF0} Hz should sound well above kal ${kalF0} Hz`);
      assert.equal(kalAgain.samples.length, kal.samples.length, 'kal changed after other voices');
    } finally {
      await engine.close();
    }
  });

  test('a killed child fails the request in flight, keeps the queued one, and is replaced', async () => {
    const engine = new FliteEngine();
    try {
      await engine.synthesize(request('Warm up.', 'kal'));
      const first = engine.processId!;
      const inFlight = engine.synthesize(request(longText, 'slt'));
      const queued = engine.synthesize(request(sentence, 'kal'));
      setTimeout(() => process.kill(first, 'SIGKILL'), 100);
      await assert.rejects(inFlight, /Flite process exited \(signal SIGKILL\)/);
      const out = await queued;
      assert.ok(out.words.length > 5);
      assert.notEqual(engine.processId, first);
      const after = await engine.synthesize(request(sentence, 'slt'));
      assert.ok(after.samples.length > 0 && after.words.length > 5);
    } finally {
      await engine.close();
    }
  });

  test('a hung run is killed at its timeout and the next run gets a fresh child', async () => {
    const flite = new FliteProcess({ timeoutMs: 1500 });
    try {
      // `-l` makes flite synthesize forever: a real hang.
      const started = Date.now();
      await assert.rejects(flite.run([{ args: ['-l', '-voice', 'kal', '-t', 'Hello there', '-o', 'none'] }]), /did not finish within 1500 ms/);
      assert.ok(Date.now() - started < 5000);
      const [listed] = await flite.run([{ args: ['-lv'] }]);
      assert.match(listed.stdout, /Voices available: .*slt/);
    } finally {
      await flite.close();
    }
  });

  test('close() ends the child and refuses later requests', async () => {
    const engine = new FliteEngine();
    await engine.synthesize(request(sentence, 'kal'));
    const pid = engine.processId!;
    assert.ok(isRunning(pid));
    await engine.close();
    assert.ok(!isRunning(pid));
    await assert.rejects(engine.synthesize(request(sentence, 'kal')), /closed/);
  });
});
