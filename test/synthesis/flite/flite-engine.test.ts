import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { durationOf } from '../../../src/synthesis/audio.js';
import { neutralProsody, type EngineProsody } from '../../../src/synthesis/engines/engine.js';
import { FliteEngine } from '../../../src/synthesis/engines/flite/flite-engine.js';
import { fliteVoices } from '../../../src/synthesis/engines/flite/flite-voices.js';
import { measureF0, rms, rmsBetween, semitones } from './measure.js';

const engine = new FliteEngine();
after(() => engine.close());

const speak = (text: string, id: string, prosody: Partial<EngineProsody> = {}) =>
  engine.synthesize({ text, language: 'eng', voice: { engine: 'flite', id }, prosody: { ...neutralProsody, ...prosody } });

const paragraph = 'Hello there! On Monday, 42 people came to the old library; they stayed until 9 pm. Wasn\'t that a surprise?';
const pitchText = 'We were away a year ago, and now we are home again. Many men and women moved here in the early morning.';

describe('FliteEngine', () => {
  // slt (clustergen) and kal16 (diphone) reach their audio by different paths; both must be timed true.
  for (const voice of ['slt', 'kal16']) test(`${voice} speaks an English paragraph with every written word timed, in order, inside the audio`, async () => {
    const out = await speak(paragraph, voice);
    const duration = durationOf(out);
    assert.equal(out.sampleRate, 16000);
    assert.ok(duration > 4 && duration < 15, `duration ${duration}`);
    assert.ok(rms(out.samples) > 0.02, `audio is silent: rms ${rms(out.samples)}`);

    // Every whitespace token, punctuation trimmed, is one timed word pointing at its own text.
    const expected = paragraph.split(/\s+/).map((token) => token.replace(/^\W+|\W+$/g, ''));
    assert.deepEqual(out.words.map((word) => word.text), expected);
    for (const word of out.words) assert.equal(paragraph.slice(word.offset, word.offset + word.length), word.text);

    let previousEnd = 0;
    for (const word of out.words) {
      assert.ok(word.start >= previousEnd - 1e-9, `"${word.text}" starts before the previous word ends`);
      assert.ok(word.end > word.start, `"${word.text}" is empty`);
      assert.ok(word.end <= duration + 1e-9, `"${word.text}" ends after the audio`);
      previousEnd = word.end;
    }

    // The timings are true to the audio: every word is voiced, the pauses between sentences quiet.
    const wordLoudness = out.words.map((word) => rmsBetween(out, word.start, word.end));
    const quietestWord = Math.min(...wordLoudness);
    const gaps = out.words.slice(1)
      .map((word, i) => ({ start: out.words[i].end, end: word.start }))
      .filter((gap) => gap.end - gap.start >= 0.05);
    assert.ok(gaps.length >= 3, `expected pauses at the sentence breaks, found ${gaps.length}`);
    for (const gap of gaps) {
      const loudness = rmsBetween(out, gap.start + 0.01, gap.end - 0.01);
      assert.ok(loudness < quietestWord / 5, `pause ${gap.start.toFixed(2)}–${gap.end.toFixed(2)} s has rms ${loudness}, quietest word ${quietestWord}`);
    }
  });

  test('times "42" as the span of the words it is read as', async () => {
    const spelled = paragraph.replace('42', 'forty two');
    for (const voice of ['slt', 'kal']) {
      const [withDigits, withWords] = [await speak(paragraph, voice), await speak(spelled, voice)];
      const number = withDigits.words.find((word) => word.text === '42')!;
      assert.equal(number.offset, paragraph.indexOf('42'));
      const forty = withWords.words.find((word) => word.text === 'forty')!;
      const two = withWords.words.find((word) => word.text === 'two')!;
      assert.ok(Math.abs(number.start - forty.start) < 0.03, `${voice}: 42 starts at ${number.start}, forty at ${forty.start}`);
      assert.ok(Math.abs(number.end - two.end) < 0.03, `${voice}: 42 ends at ${number.end}, two at ${two.end}`);
    }
  });

  test('each voice speaks at its native rate with the F0 the voice table states', async () => {
    for (const voice of fliteVoices) {
      const out = await speak(pitchText, voice.id);
      assert.equal(out.sampleRate, voice.sampleRate, voice.id);
      const f0 = measureF0(out).median;
      assert.ok(Math.abs(semitones(f0 / voice.medianF0)) < 1, `${voice.id}: median F0 ${f0.toFixed(1)} Hz, table ${voice.medianF0}`);
      assert.equal(voice.sex === 'female', f0 > 150, `${voice.id}: F0 ${f0.toFixed(1)} Hz does not fit ${voice.sex}`);
    }
  });

  // Tolerance: ±1.5 semitones around an octave, i.e. a median F0 ratio between 1.84 and 2.18.
  test('pitch +12 semitones doubles the median F0 where Flite can steer it, and says so', async () => {
    for (const id of ['slt', 'kal16', 'awb']) {
      const base = measureF0(await speak(pitchText, id)).median;
      const raised = await speak(pitchText, id, { pitch: 12 });
      const ratio = measureF0(raised).median / base;
      assert.equal(raised.applied.pitch, true);
      assert.ok(Math.abs(semitones(ratio) - 12) < 1.5, `${id}: F0 ratio ${ratio.toFixed(2)}`);
    }
    // rms's F0 model ignores Flite's settings: the engine must leave its pitch to DSP.
    const base = measureF0(await speak(pitchText, 'rms')).median;
    const raised = await speak(pitchText, 'rms', { pitch: 12 });
    assert.equal(raised.applied.pitch, false);
    assert.ok(Math.abs(semitones(measureF0(raised).median / base)) < 0.5);
  });

  test('range 0 flattens and range 2 widens the F0 excursion', async () => {
    const spread = async (range: number) => {
      const f0 = measureF0(await speak(pitchText, 'slt', { range }));
      return semitones(f0.p90 / f0.p10);
    };
    const [flat, normal, wide] = [await spread(0), await spread(1), await spread(2)];
    assert.ok(flat < normal / 2, `range 0: ${flat.toFixed(2)} st vs ${normal.toFixed(2)} st`);
    assert.ok(wide > normal * 1.5, `range 2: ${wide.toFixed(2)} st vs ${normal.toFixed(2)} st`);
  });

  test('rate 2 makes the audio about half as long and keeps the words inside it', async () => {
    for (const id of ['slt', 'kal']) {
      const normal = await speak(pitchText, id);
      const fast = await speak(pitchText, id, { rate: 2 });
      const ratio = durationOf(fast) / durationOf(normal);
      assert.equal(fast.applied.rate, true);
      assert.ok(ratio > 0.45 && ratio < 0.55, `${id}: duration ratio ${ratio.toFixed(3)}`);
      assert.equal(fast.words.length, normal.words.length);
      assert.ok(fast.words.at(-1)!.end <= durationOf(fast));
    }
  });

  test('words whose phones an earlier request gave are timed as a fresh engine times them', async () => {
    // The second text repeats most of the first's words (known now), adds new ones, a number and
    // a repeated word; the third has only known words, so no word run at all.
    const second = 'The old library stayed open on Monday, and 42 more people came: quixotic zephyrs, the people said.';
    const third = 'People came to the library on Monday.';
    for (const voice of ['slt', 'kal16']) {
      const fresh = async (text: string) => {
        const own = new FliteEngine();
        try {
          return (await own.synthesize({ text, language: 'eng', voice: { engine: 'flite', id: voice }, prosody: neutralProsody })).words;
        } finally {
          await own.close();
        }
      };
      await speak(paragraph, voice);
      assert.deepEqual((await speak(second, voice)).words, await fresh(second), `${voice}: some words known`);
      assert.deepEqual((await speak(third, voice)).words, await fresh(third), `${voice}: every word known`);
    }
  });

  test('refuses what Flite cannot speak', async () => {
    await assert.rejects(speak('Hello', 'nobody'), /Unknown Flite voice/);
    await assert.rejects(engine.synthesize({ text: 'Bonjour', language: 'fra', voice: { engine: 'flite', id: 'slt' }, prosody: neutralProsody }), /English only/);
  });
});
