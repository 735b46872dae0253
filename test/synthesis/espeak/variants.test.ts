import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadEspeakRuntime } from '../../../src/synthesis/engines/espeak/espeak-runtime.js';
import { espeakVariants, femaleVariants, maleVariants } from '../../../src/synthesis/engines/espeak/variants.js';
import { medianF0, voicedF0 } from './median-f0.js';
import { assertWordsTrueToTextAndAudio, rms, speak } from './speak.js';

test('every listed variant is in the bundled data with the gender and pitch its file declares', async () => {
  const runtime = await loadEspeakRuntime();
  const files = new Set(runtime.listDataDirectory('voices/!v'));
  for (const variant of espeakVariants) {
    assert.ok(files.has(variant.id), `${variant.id} is bundled`);
    const file = runtime.readDataFile(`voices/!v/${variant.id}`);
    const gender = /^\s*gender\s+(\w+)/im.exec(file)?.[1]?.toLowerCase() ?? 'unspecified';
    assert.equal(variant.gender, gender, `${variant.id} gender`);
    const pitch = /^\s*pitch\s+(\d+)\s+(\d+)/m.exec(file);
    assert.deepEqual(variant.pitch, pitch ? [Number(pitch[1]), Number(pitch[2])] : undefined, `${variant.id} pitch`);
  }
  assert.ok(femaleVariants.length >= 5 && maleVariants.length >= 8);
});

test('female variants speak higher than male ones, in another language than English too', async () => {
  const text = '오늘은 날씨가 좋아서 공원에 산책하러 갑니다.';
  const median = async (variant: string) => {
    const output = await speak(text, 'kor', { id: 'ko', variant });
    assertWordsTrueToTextAndAudio(output, text);
    return medianF0(output.samples, output.sampleRate);
  };
  const female = await Promise.all(['f1', 'f2', 'f3', 'f4', 'f5'].map(median));
  const male = await Promise.all(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'].map(median));
  // Measured: 183–217 Hz against 88–110 Hz.
  assert.ok(Math.min(...female) > 1.4 * Math.max(...male), `female ${female.map(Math.round)} Hz, male ${male.map(Math.round)} Hz`);
});

test('whisper is unvoiced, Klatt is another synthesizer, and an unknown variant is refused', async () => {
  const text = 'Can you hear me whisper?';
  const whisper = await speak(text, 'eng', { variant: 'whisper' });
  assert.ok(rms(whisper.samples) > 0.005, 'audible');
  const voiced = voicedF0((await speak(text, 'eng')).samples, 22050).length;
  const whisperedVoiced = voicedF0(whisper.samples, 22050).length;
  assert.ok(whisperedVoiced < voiced * 0.2, `${whisperedVoiced} voiced frames whispered, ${voiced} spoken`);
  assertWordsTrueToTextAndAudio(whisper, text);

  const klatt = await speak(text, 'eng', { variant: 'klatt' });
  assertWordsTrueToTextAndAudio(klatt, text);
  assert.notEqual(klatt.samples.length, 0);

  await assert.rejects(speak(text, 'eng', { variant: 'f99' }), /no voice variant "f99"/);
  await assert.rejects(speak(text, 'eng', { variant: '../../lang/gmw/en' }), /not an eSpeak NG variant/);
});
