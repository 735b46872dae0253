import assert from 'node:assert/strict';

export interface TimestampsAnswer {
  audio_duration: number;
  words: { text: string; start: number; end: number }[];
}

/** The words are the expected ones, in order, each starting after the last and ending within the audio. */
export function assertWordTimestamps(answer: TimestampsAnswer, expected: string[]): void {
  assert.deepEqual(answer.words.map((w) => w.text), expected);
  let last = 0;
  for (const word of answer.words) {
    assert.ok(word.start >= last - 1e-6 && word.end >= word.start && word.end <= answer.audio_duration + 1e-6, JSON.stringify(word));
    last = word.end;
  }
}
