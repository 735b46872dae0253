import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EngineTimeoutError } from '../../../src/synthesis/engines/engine-timeout-error.js';
import { ModelError } from '../../../src/synthesis/engines/model-error.js';
import { crossingThreads, fromThread, VoiceModelUnavailableError } from '../../../src/synthesis/pool/voice-model-failure.js';

/** What a thread throws reaches the pool as a plain Error carrying only its message (structured clone). */
const acrossThreads = (error: unknown) => fromThread(new Error((crossingThreads(error) as Error).message));

describe('errors crossing from a synthesis thread to the pool', () => {
  test("an engine's own timeout (Flite's host thread) stays a timeout, so the pool answers it as SynthesisTimeoutError, not a 500", () => {
    const back = acrossThreads(new EngineTimeoutError('Flite', 70_000));
    assert.ok(back instanceof EngineTimeoutError);
    assert.equal(back.timeoutMs, 70_000);
    assert.equal(back.engine, 'Flite');
  });

  test('a model failure keeps its code', () => {
    const back = acrossThreads(new ModelError('runtime_missing', 'the neural runtime is not installed'));
    assert.ok(back instanceof VoiceModelUnavailableError);
    assert.equal(back.code, 'runtime_missing');
  });

  test('any other error passes unchanged', () => {
    const error = new Error('something else');
    assert.equal(fromThread(crossingThreads(error)), error);
  });
});
