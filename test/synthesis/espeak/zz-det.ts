import { medianF0 } from './median-f0.js';
import { speak } from './speak.js';
const text = 'The quick brown fox jumps over the lazy dog, and then it runs away into the forest.';
const outs = [];
for (let i = 0; i < 4; i++) { const o = await speak(text, 'eng', i === 2 ? { prosody: { pitch: 5 } } : {}); outs.push(o); console.log(i, o.samples.length, medianF0(o.samples, 22050).toFixed(2), o.samples.slice(5000, 5004).join(',')); }
