import { loadEspeakRuntime, defaultEspeakParameters } from '../../../src/synthesis/engines/espeak/espeak-runtime.js';
const r = await loadEspeakRuntime();
const ko = '안녕하세요 여러분 '.repeat(50);
const o = r.synthesize('ko', ko, defaultEspeakParameters);
console.log(o.events.map(e => `${e.type[0]}${e.text_position}@${e.audio_position}`).join(' '));
const en = 'alpha beta gamma delta '.repeat(60);
const p = r.synthesize('en-us', en, defaultEspeakParameters);
console.log('en words', p.events.filter(e=>e.type==='word').length, 'of', 240);
console.log(p.events.filter(e=>e.type!=='word').map(e => `${e.type[0]}${e.text_position}@${e.audio_position}`).join(' '));
