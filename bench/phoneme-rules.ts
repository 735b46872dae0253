import { loadavg } from 'node:os';
import { EspeakEngine } from '../src/synthesis/engines/espeak/espeak-engine.js';
import { neutralProsody } from '../src/synthesis/engines/engine.js';
import { applyPronunciation } from '../src/text/pronunciation/apply-pronunciation.js';
import type { PronunciationRule } from '../src/text/pronunciation/pronunciation-rule.js';
import { fixed, percentile, printTable } from './table.js';

/**
 * What phoneme rules cost: a dictionary of 1,000 rules applied to 2,000 characters (aliases against
 * phonemes, 70 matches each), and an eSpeak synthesis of the same text with its matched words as
 * plain words or as IPA, so the rules' cost can be read against the synthesis they feed.
 * Run: `npm run build && node dist/bench/phoneme-rules.js`.
 */
const text = 'The quick brown fox word5 jumps over the lazy dog word77. '.repeat(35).slice(0, 2000);
const aliases: PronunciationRule[] = Array.from({ length: 1000 }, (_, i) => ({ stringToReplace: `word${i}`, type: 'alias', alias: 'tomato' }));
const phonemes: PronunciationRule[] = Array.from({ length: 1000 }, (_, i) => ({ stringToReplace: `word${i}`, type: 'phoneme', phoneme: 'təˈmɑːtoʊ', alphabet: 'ipa' }));

function timeOf(run: () => unknown, times: number): number[] {
  for (let i = 0; i < 5; i++) run();
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    run();
    out.push(performance.now() - t0);
  }
  return out;
}

async function synthesisOf(spoken: string, times: number): Promise<number[]> {
  const engine = new EspeakEngine();
  const request = { text: spoken, language: 'eng', voice: { engine: 'espeak', id: 'en-us' }, prosody: neutralProsody };
  await engine.synthesize(request);
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await engine.synthesize(request);
    out.push(performance.now() - t0);
  }
  return out;
}

// One sentence of the text at a time, as the pool renders it.
async function synthesisSeconds(spoken: string): Promise<number[]> {
  const sentences = spoken.split(/(?<=\.) /u);
  const totals = [0, 0, 0];
  for (const sentence of sentences) (await synthesisOf(sentence, 3)).forEach((ms, i) => (totals[i]! += ms));
  return totals;
}

const rows: (string | number)[][] = [];
for (const [name, rules] of [['1,000 aliases', aliases], ['1,000 phonemes', phonemes]] as const) {
  const spoken = applyPronunciation(text, rules).spoken;
  const apply = timeOf(() => applyPronunciation(text, rules), 100);
  const synth = await synthesisSeconds(spoken);
  const applyMs = percentile(apply, 50);
  const synthMs = percentile(synth, 50);
  rows.push([name, fixed(applyMs, 2), fixed(synthMs, 0), `${fixed((applyMs / synthMs) * 100, 3)} %`]);
}
printTable(`Pronunciation rules on 2,000 characters (70 matches); load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`, ['rules', 'apply ms (p50)', 'eSpeak ms', 'ratio'], rows);
