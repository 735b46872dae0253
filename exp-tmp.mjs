import { SynthesisPool } from './dist/src/synthesis/pool/synthesis-pool.js';
import { Synthesizer } from './dist/src/synthesis/pipeline/synthesizer.js';
import { findVoiceByAnyName } from './dist/src/synthesis/catalog/find-voice.js';
import { renderCatalogVoice } from './dist/src/synthesis/pipeline/render-voice.js';
import { defaultOutput } from './dist/src/synthesis/pipeline/speech-request.js';
const text = 'Orator turns text into speech on your own machine. It reads numbers like 42 and 3.5 percent, handles abbreviations such as Dr. and Mr., and keeps every word in time with the audio. Long texts are split into sentences, spoken in parallel, and joined again without a seam.';
const voice = findVoiceByAnyName('eng-olivia');
const req = { text, language: 'eng', render: (l) => renderCatalogVoice(voice, 'ssfm-v21', {preset:'normal',intensity:1}, l), output: {...defaultOutput} };
for (const threads of [1,2]) {
  const pool = new SynthesisPool(threads); const s = new Synthesizer(pool);
  for (let i=0;i<4;i++) await s.synthesize(req);
  const origFinish = pool.finish.bind(pool); let fin=0; pool.finish = async (t) => { const t0=performance.now(); const r = await origFinish(t); fin += performance.now()-t0; return r; };
  const origRender = pool.renderSentence.bind(pool); let firstStart=0, lastEnd=0; pool.renderSentence = async (t) => { const t0=performance.now(); if(!firstStart) firstStart=t0; const r = await origRender(t); lastEnd=performance.now(); return r; };
  const times=[]; for (let i=0;i<7;i++){ fin=0; firstStart=0; const t0=performance.now(); await s.synthesize(req); times.push([performance.now()-t0, lastEnd-firstStart, fin]); }
  times.sort((a,b)=>a[0]-b[0]); console.log(threads, 'total/sentences/finish', times[3].map(x=>x.toFixed(0)).join(' / '));
  await pool.close();
}
