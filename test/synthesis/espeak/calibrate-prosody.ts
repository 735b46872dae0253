/**
 * Measures how eSpeak NG's pitch, range and rate parameters move real output, and prints the tables
 * of src/synthesis/engines/espeak/prosody-calibration.ts. Not a test: run it after changing the
 * eSpeak package, with `npx tsx test/synthesis/espeak/calibrate-prosody.ts`, and paste the output.
 */
import { loadEspeakRuntime, defaultEspeakParameters, espeakSampleRate } from '../../../src/synthesis/engines/espeak/espeak-runtime.js';
import { verbatimSpokenText } from '../../../src/synthesis/engines/espeak/spoken-text.js';
import { pitchSteps, rangeSteps, rateSteps } from '../../../src/synthesis/engines/espeak/prosody-calibration.js';
import { medianF0, semitonesBetween } from './median-f0.js';

/** Male, female and neutral timbres over several languages and intonation systems. */
const voices: [string, string][] = [
  ['en-us', 'The quick brown fox jumps over the lazy dog, and then it runs away into the forest.'],
  ['en-us+f3', 'The quick brown fox jumps over the lazy dog, and then it runs away into the forest.'],
  ['en-us+m3', 'The quick brown fox jumps over the lazy dog, and then it runs away into the forest.'],
  ['ko+f2', '오늘은 날씨가 정말 좋아서 우리는 공원에 산책하러 갔습니다.'],
  ['cmn', '今天天气很好，我们一起去公园散步吧。'],
  ['ru+m1', 'Сегодня очень хорошая погода, и мы идём гулять в парк.'],
  ['es-419+f4', 'Hoy hace muy buen tiempo, así que vamos a caminar por el parque.'],
  ['de', 'Heute ist das Wetter sehr schön, also gehen wir im Park spazieren.'],
  ['fr+f1', "Aujourd'hui il fait très beau, alors nous allons nous promener au parc."],
  ['ja+m2', 'きょうはとてもいいてんきなので、こうえんをさんぽしましょう。'],
];

const runtime = await loadEspeakRuntime();

function synthesize(voice: string, text: string, parameters: Partial<typeof defaultEspeakParameters>): Float32Array {
  return runtime.synthesize(voice, verbatimSpokenText(text).ssml, { ...defaultEspeakParameters, ...parameters }).samples;
}

const round = (value: number) => Math.round(value * 100) / 100;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

// Semitones of median F0 relative to the voice at pitch 50, range 50, per [range][pitch].
const shifts = rangeSteps.map(() => pitchSteps.map(() => [] as number[]));
// Duration at 175 wpm over duration at each rate.
const speedups = rateSteps.map(() => [] as number[]);

for (const [voice, text] of voices) {
  const reference = medianF0(synthesize(voice, text, {}), espeakSampleRate);
  rangeSteps.forEach((range, r) =>
    pitchSteps.forEach((pitch, p) => {
      shifts[r][p].push(semitonesBetween(reference, medianF0(synthesize(voice, text, { pitch, range }), espeakSampleRate)));
    }),
  );
  const normal = synthesize(voice, text, {}).length;
  rateSteps.forEach((rate, i) => speedups[i].push(normal / synthesize(voice, text, { rate }).length));
  process.stderr.write(`measured ${voice}\n`);
}

const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
console.log('export const pitchShiftTable: readonly (readonly number[])[] = [');
shifts.forEach((row, r) => console.log(`  [${row.map((values) => round(mean(values))).join(', ')}], // range ${rangeSteps[r]}`));
console.log('];');
console.log(`// widest spread between voices in one cell: ${round(Math.max(...shifts.flat().map(spread)))} semitones`);
console.log(`export const speedupTable: readonly number[] = [${speedups.map((values) => round(mean(values))).join(', ')}];`);
console.log(`// widest spread between voices: ${round(Math.max(...speedups.map(spread)))}`);
