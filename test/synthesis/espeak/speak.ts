import assert from 'node:assert/strict';
import type { EngineOutput, EngineProsody } from '../../../src/synthesis/engines/engine.js';
import { EspeakEngine } from '../../../src/synthesis/engines/espeak/espeak-engine.js';

/** One engine for a whole test file: the WASM module and its dictionaries load once. */
export const engine = new EspeakEngine();

export interface SpeakOptions {
  id?: string;
  variant?: string;
  prosody?: Partial<EngineProsody>;
}

export function speak(text: string, language: string, options: SpeakOptions = {}): Promise<EngineOutput> {
  return engine.synthesize({
    text,
    language,
    voice: { engine: 'espeak', id: options.id ?? '', variant: options.variant },
    prosody: { rate: 1, pitch: 0, range: 1, volume: 1, ...options.prosody },
  });
}

export function rms(samples: Float32Array): number {
  let energy = 0;
  for (const sample of samples) energy += sample * sample;
  return Math.sqrt(energy / Math.max(1, samples.length));
}

export function durationOf(output: EngineOutput): number {
  return output.samples.length / output.sampleRate;
}

/** Everything every engine output must satisfy, whatever the language. */
export function assertWordsTrueToTextAndAudio(output: EngineOutput, text: string): void {
  const duration = durationOf(output);
  let previousEnd = 0;
  let previousTextEnd = 0;
  for (const word of output.words) {
    const label = `${JSON.stringify(word.text)} in ${JSON.stringify(text)}`;
    assert.equal(text.slice(word.offset, word.offset + word.length), word.text, `offsets of ${label}`);
    assert.match(word.text, /\p{L}/u, `${label} has a letter`);
    assert.ok(word.offset >= previousTextEnd, `${label} starts after the previous word in the text`);
    assert.ok(word.start < word.end, `${label}: start ${word.start} < end ${word.end}`);
    assert.ok(word.start >= previousEnd - 1e-9, `${label} starts after the previous word ends`);
    assert.ok(word.start >= 0 && word.end <= duration + 1e-9, `${label} inside [0, ${duration}]`);
    previousEnd = word.end;
    previousTextEnd = word.offset + word.length;
  }
}
