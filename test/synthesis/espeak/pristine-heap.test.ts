import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEspeakModule, espeakVendorFolder } from '../../../src/synthesis/engines/espeak/espeak-module.js';
import { defaultEspeakParameters, EspeakRuntime } from '../../../src/synthesis/engines/espeak/espeak-runtime.js';
import { PristineHeap } from '../../../src/synthesis/engines/espeak/pristine-heap.js';

const sentence = 'The quiet valley woke to the sound of rain on the roof.';

describe('the pristine heap', () => {
  it('restores below the top it is given and leaves the memory above it alone', () => {
    const block = 64 * 1024;
    const heap = new Uint8Array(8 * block);
    heap.fill(7, 0, 3 * block);
    const pristine = new PristineHeap(heap);
    heap.fill(9, block, 5 * block);
    heap.fill(5, 7 * block, 8 * block);
    pristine.restore(heap, 5 * block);
    assert.ok(heap.subarray(0, 3 * block).every((b) => b === 7), 'the saved blocks are back');
    assert.ok(heap.subarray(3 * block, 5 * block).every((b) => b === 0), 'blocks that were zeros are zeros again');
    assert.ok(heap.subarray(7 * block).every((b) => b === 5), 'above the top nothing was read or written');
  });

  it('makes a call after one that grew eSpeak’s heap give the bytes of a fresh runtime (a breathy variant, whose noise comes from state)', async () => {
    const runtime = new EspeakRuntime(await createEspeakModule(), espeakVendorFolder());
    const first = runtime.synthesize('en-us+whisper', sentence, defaultEspeakParameters);
    const topBefore = runtime.module._orator_heap_top();
    const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i + 1} of a long text that makes the sample buffer grow.`).join(' ');
    runtime.synthesize('ko+croak', long, defaultEspeakParameters);
    assert.ok(runtime.module._orator_heap_top() > topBefore + 1_000_000, 'the long call moved the heap top up by more than a megabyte');
    const again = runtime.synthesize('en-us+whisper', sentence, defaultEspeakParameters);
    assert.ok(first.samples.length > 10_000);
    assert.deepEqual(Buffer.from(again.samples.buffer), Buffer.from(first.samples.buffer));
  });

  it('gives the same bytes from a voice’s kept state as from selecting the voice anew, after a larger voice and after being evicted', async () => {
    const runtime = new EspeakRuntime(await createEspeakModule(), espeakVendorFolder());
    const kept = () => (runtime as unknown as { voiceStates: Map<string, unknown> }).voiceStates;
    const korean = () => Buffer.from(runtime.synthesize('ko+f3', '조용한 계곡에 아침 햇살이 천천히 퍼졌다.', defaultEspeakParameters).samples.buffer);
    const selected = korean();
    assert.ok(kept().has('ko+f3'));
    const russian = () => Buffer.from(runtime.synthesize('ru', 'Утренний свет медленно разлился по тихой долине.', defaultEspeakParameters).samples.buffer);
    const russianSelected = russian();
    assert.deepEqual(korean(), selected, 'from the kept state, after Russian’s 8.5 MB dictionary raised the heap top');
    assert.deepEqual(russian(), russianSelected, 'from a kept state whose top is above the heap’s top now');
    for (const voice of ['en-us', 'de', 'fr', 'cmn']) runtime.synthesize(voice, 'ok', defaultEspeakParameters);
    assert.ok(!kept().has('ko+f3'), 'four other voices since: evicted');
    assert.deepEqual(korean(), selected, 'selected anew');
  });
});
