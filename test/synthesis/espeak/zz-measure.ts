import { neutralProsody } from '../../../src/synthesis/engines/engine.js';
import { planEspeakProsody } from '../../../src/synthesis/engines/espeak/prosody.js';
import { f0SpreadSemitones, medianF0, semitonesBetween } from './median-f0.js';
import { durationOf, rms, speak } from './speak.js';
const text = 'The quick brown fox jumps over the lazy dog, and then it runs away into the forest.';
const base = medianF0((await speak(text, 'eng')).samples, 22050);
console.log('base F0', base.toFixed(1));
for (const pitch of [-12, -9, -6, -3, 0, 3, 6, 9, 12]) {
  const plan = planEspeakProsody({ ...neutralProsody, pitch });
  const o = await speak(text, 'eng', { prosody: { pitch } });
  const f = medianF0(o.samples, 22050);
  console.log(`pitch ${pitch}: espeak p=${plan.parameters.pitch} r=${plan.parameters.range} promised ${plan.pitch.toFixed(2)} F0 ${f.toFixed(1)} Hz measured ${semitonesBetween(base, f).toFixed(2)}`);
}
const normal = await speak(text, 'eng');
for (const rate of [0.5, 0.6, 0.8, 1.25, 1.5, 2, 2.4]) { const o = await speak(text, 'eng', { prosody: { rate } }); const p = planEspeakProsody({ ...neutralProsody, rate }); console.log(`rate ${rate}: wpm ${p.parameters.rate} speedup ${(durationOf(normal) / durationOf(o)).toFixed(3)} promised ${p.rate.toFixed(3)}`); }
for (const range of [0, 0.5, 1, 1.5, 2]) { const o = await speak(text, 'eng', { prosody: { range } }); console.log(`range ${range}: spread ${f0SpreadSemitones(o.samples, 22050).toFixed(2)} st, median ${medianF0(o.samples, 22050).toFixed(1)}`); }
for (const v of ['f1','f2','f3','f4','f5','whisperf','m1','m2','m3','m4','m5','m6','m7','m8','whisper','croak']) { const o = await speak('오늘은 날씨가 좋아서 공원에 산책하러 갑니다.', 'kor', { variant: v }); console.log('ko+' + v, medianF0(o.samples, 22050).toFixed(1)); }
// RTF
const long = 'Speech synthesis converts written text into spoken audio. This server reads every sentence aloud, keeps track of where each word begins and ends, and returns the result as a wave file. It should stay fast enough on a small machine to serve several listeners at the same time without noticeable delay.';
console.log('chars', long.length);
await speak(long, 'eng');
let total = 0, audio = 0;
for (let i = 0; i < 5; i++) { const t0 = performance.now(); const o = await speak(long, 'eng'); total += performance.now() - t0; audio += durationOf(o); }
console.log(`RTF ${(total / 1000 / audio).toFixed(4)} (${(total / 5).toFixed(0)} ms per ${(audio / 5).toFixed(2)} s of audio)`);
for (const [l, t] of [['kor', '오늘은 날씨가 좋아서 공원에 산책하러 갑니다. '.repeat(6)], ['jpn', '東京駅で友達に会いました。それから、一緒に美味しいラーメンを食べに行きました。'.repeat(3)], ['zho', '今天天气很好，我们一起去公园散步吧。'.repeat(6)]]) {
  await speak(t, l); const t0 = performance.now(); const o = await speak(t, l); const ms = performance.now() - t0; console.log(l, t.length, 'chars', `RTF ${(ms / 1000 / durationOf(o)).toFixed(4)}`);
}
