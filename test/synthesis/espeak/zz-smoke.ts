import { EspeakEngine } from '../../../src/synthesis/engines/espeak/espeak-engine.js';
const e = new EspeakEngine();
const cases: [string, string, string?][] = [
  ['eng', 'Hello world, this is a test. "Don\'t stop—now…" e.g. Mr. Smith & co. <b> [[x]] 3.5 kg 😀 end.'],
  ['jpn', '今日は良い天気です。東京駅で友達に会いました。'],
  ['jpn', 'きょうはいいてんきです。'],
  ['tha', 'วันนี้อากาศดีมาก เราไปเดินเล่นที่สวนกันเถอะ'],
  ['zho', '今天天气很好，我们去公园散步吧。'],
  ['kor', '안녕하세요, 세계 여러분.'],
];
for (const [language, text] of cases) {
  const t0 = performance.now();
  const out = await e.synthesize({ text, language, voice: { engine: 'espeak', id: '' }, prosody: { rate: 1, pitch: 0, range: 1, volume: 1 } });
  console.log(language, (out.samples.length / out.sampleRate).toFixed(2), 's', (performance.now() - t0).toFixed(0), 'ms', out.applied);
  for (const w of out.words) console.log('  ', JSON.stringify(w.text), w.offset, w.length, w.start.toFixed(3), w.end.toFixed(3), text.slice(w.offset, w.offset + w.length) === w.text);
}
