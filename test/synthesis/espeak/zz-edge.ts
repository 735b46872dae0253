import { assertWordsTrueToTextAndAudio, speak } from './speak.js';
const e = await speak('', 'eng'); console.log('empty', e.samples.length, e.words.length);
const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda omicron'.split(' ');
let long = ''; let i = 0; while (long.length < 2000) long += words[i++ % words.length] + ' ';
const t0 = performance.now(); const o = await speak(long, 'eng'); console.log('long no punct', long.length, 'chars', (o.samples.length / 22050).toFixed(1), 's', o.words.length, 'words', (performance.now() - t0).toFixed(0), 'ms');
assertWordsTrueToTextAndAudio(o, long);
const expected = long.trim().split(' ').length; console.log('expected words', expected, 'last', o.words.at(-1));
const ko = '안녕하세요 여러분 '.repeat(150); const k = await speak(ko, 'kor'); assertWordsTrueToTextAndAudio(k, ko); console.log('ko long', ko.length, k.words.length, k.words.at(-1));
