import { EspeakEngine } from '../../../src/synthesis/engines/espeak/espeak-engine.js';
import { planEspeakProsody } from '../../../src/synthesis/engines/espeak/prosody.js';
import { medianF0, semitonesBetween } from './median-f0.js';
const e = new EspeakEngine();
const voices: [string, string, string | undefined, string][] = [
  ['eng', 'en-us', undefined, 'The quick brown fox jumps over the lazy dog, and then it runs away into the forest.'],
  ['eng', 'en-us', 'f3', 'The quick brown fox jumps over the lazy dog, and then it runs away into the forest.'],
  ['eng', 'en-us', 'm1', 'She sells sea shells by the sea shore, and the shells she sells are surely sea shells.'],
  ['kor', 'ko', 'f2', '오늘은 날씨가 정말 좋아서 우리는 공원에 산책하러 갔습니다.'],
  ['zho', 'cmn', undefined, '今天天气很好，我们一起去公园散步吧。'],
  ['jpn', 'ja', 'm2', 'きょうはとてもいいてんきなので、こうえんをさんぽしましょう。'],
  ['ita', 'it', 'f5', 'Oggi il tempo è bellissimo, quindi andiamo a fare una passeggiata nel parco.'],
  ['pol', 'pl', 'm7', 'Dzisiaj pogoda jest bardzo ładna, więc idziemy na spacer do parku.'],
];
for (const [language, id, variant, text] of voices) {
  const run = async (pitch: number, range = 1) => { const o = await e.synthesize({ text, language, voice: { engine: 'espeak', id, variant }, prosody: { rate: 1, pitch, range, volume: 1 } }); return medianF0(o.samples, o.sampleRate); };
  const base = await run(0);
  const row: string[] = [];
  for (const n of [-12, -6, -3, 3, 6, 12]) { const f = await run(n); row.push(`${n}:${semitonesBetween(base, f).toFixed(1)}/${planEspeakProsody({ rate: 1, pitch: n, range: 1, volume: 1 }).pitch.toFixed(1)}`); }
  for (const m of [0, 0.5, 2]) { const f = await run(0, m); row.push(`r${m}:${semitonesBetween(base, f).toFixed(1)}`); }
  console.log(`${id}+${variant}`.padEnd(12), base.toFixed(0), row.join(' '));
}
