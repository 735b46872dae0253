/**
 * `npm run bench -- text` (issue 32): what the text layer costs a 2,000-character request, against
 * the synthesis itself.
 *
 * - The text layer: reading a 2,000-character `<speak>` document (markup included), applying
 *   dictionaries of 1,000 rules to its spoken text (some of them matching), and putting the
 *   engine's word timings back on the written text. Target: ≤ 2 % of the synthesis, which is
 *   eSpeak NG's engine alone on the same spoken text (no pipeline, no HTTP: the smallest yardstick).
 * - Captions: SRT and WebVTT of a real 2,000-character with-timestamps answer (its words and
 *   characters), in milliseconds.
 * - The default dictionaries a synthesis reads (3 of 1,000 rules each), on this process's SQLite.
 *
 * Interleaved: each round times the synthesis once and the text layer (many times, averaged).
 */
import { performance } from 'node:perf_hooks';
import { EspeakEngine } from '../src/synthesis/engines/espeak/espeak-engine.js';
import type { EngineRequest } from '../src/synthesis/engines/engine.js';
import { captionFile } from '../src/text/captions/caption-file.js';
import { applyPronunciation, spansOnSpokenText, wordsOnWrittenText } from '../src/text/pronunciation/apply-pronunciation.js';
import type { PronunciationRule } from '../src/text/pronunciation/pronunciation-rule.js';
import { readSpeechText } from '../src/text/ssml/read-ssml.js';
import { startBenchServer } from './in-process-server.js';
import { median, type BenchSection } from './sections.js';
import { englishText } from './texts.js';

const documentLength = 2000;
const rounds = 7;
/** Text-layer passes per round: one pass is about a millisecond, too short to time alone. */
const passes = 20;

/** A `<speak>` document of at most `length` characters, markup included, using most elements. */
export function ssmlDocument(length: number): string {
  const sentences = englishText(length * 2).split(/(?<=\.) /u);
  const open = '<speak version="1.0" xml:lang="en-US">';
  const close = '</p></speak>';
  let body = '<p><s>Welcome to <sub alias="Orator">the server</sub>, <say-as interpret-as="cardinal">42</say-as> times.</s>';
  for (let i = 0; i < sentences.length; i++) {
    let s = sentences[i];
    if (i % 4 === 1) s = `<prosody rate="90%" pitch="+1st">${s}</prosody>`;
    if (i % 7 === 3) s = `<emphasis level="moderate">${s}</emphasis>`;
    if (i % 5 === 2) s = `${s}<break time="300ms"/>`;
    let piece = `<s>${s}</s>`;
    if (i % 3 === 2) piece += '</p><p>';
    if (open.length + body.length + piece.length + close.length > length) break;
    body += piece;
  }
  return `${open}${body.replace(/<\/p><p>$/u, '')}${close}`;
}

/** 1,000 alias rules: 20 for words of the bench texts, the rest for names that do not occur. */
export function thousandRules(): PronunciationRule[] {
  const words = ['morning', 'valley', 'boat', 'shore', 'birds', 'book', 'chapter', 'storm', 'season', 'river', 'years', 'light', 'quiet', 'small', 'drifted', 'singing', 'opened', 'expected', 'arrive', 'walked'];
  const rules: PronunciationRule[] = words.map((w) => ({ stringToReplace: w, type: 'alias', alias: `${w} ${w}` }));
  for (let i = rules.length; i < 1000; i++) rules.push({ stringToReplace: `Product${i} Max`, type: 'alias', alias: `product ${i} max` });
  return rules;
}

const ms = (n: number, digits = 1) => `${n.toFixed(digits)} ms`;

function timePasses(run: () => unknown, n: number): number {
  const start = performance.now();
  for (let i = 0; i < n; i++) run();
  return (performance.now() - start) / n;
}

export async function textLayerSection(): Promise<BenchSection[]> {
  const document = ssmlDocument(documentLength);
  const rules = thousandRules();
  const said = readSpeechText(document, 'eng');
  const pronounced = applyPronunciation(said.text, rules);
  const engine = new EspeakEngine();
  const request: EngineRequest = { text: pronounced.spoken, language: 'eng', voice: { engine: 'espeak', id: 'en-us', variant: 'f3' }, prosody: { rate: 1, pitch: 0, range: 1, volume: 1 } };
  const spoken = await engine.synthesize(request);
  const textLayer = () => {
    const read = readSpeechText(document, 'eng');
    const applied = applyPronunciation(read.text, rules);
    if (read.spans) spansOnSpokenText(read.spans, applied.replacements);
    return wordsOnWrittenText(spoken.words, read.text, applied.replacements);
  };
  for (let i = 0; i < passes; i++) textLayer();
  const layerTimes: number[] = [];
  const synthesisTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const steps = [() => layerTimes.push(timePasses(textLayer, passes)), async () => {
      const start = performance.now();
      await engine.synthesize(request);
      synthesisTimes.push(performance.now() - start);
    }];
    for (const step of round % 2 === 0 ? steps : [...steps].reverse()) await step();
  }
  await engine.close?.();
  const layer = median(layerTimes);
  const synthesis = median(synthesisTimes);
  const percent = (layer / synthesis) * 100;

  // Captions of a real 2,000-character with-timestamps answer, and the default dictionaries' read.
  const server = await startBenchServer('text');
  let captionMs: number;
  let defaultsMs: number;
  try {
    const text = englishText(2000);
    const res = await fetch(`${server.url}/v1/text-to-speech/with-timestamps`, {
      method: 'POST',
      headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ voice_id: server.olivia, model: 'ssfm-v21', text, language: 'eng', output: { audio_format: 'wav' } }),
    });
    if (res.status !== 200) throw new Error(`with-timestamps ${res.status}: ${await res.text()}`);
    const answer = (await res.json()) as { words: { text: string; start: number; end: number }[] | null; characters: { text: string; start: number; end: number }[] | null };
    const captions = () => [captionFile(answer, 'srt'), captionFile(answer, 'vtt')];
    for (let i = 0; i < 20; i++) captions();
    captionMs = median(Array.from({ length: rounds }, () => timePasses(captions, 20)));

    const dictionaries = server.services.pronunciationDictionaries;
    const account = await server.services.accounts.createAccount({ plan: 'custom' });
    const uid = account.account.uid;
    for (let d = 0; d < 3; d++) {
      const made = await dictionaries.create(uid, 'custom', { name: `d${d}`, description: null }, rules.map((r) => ({ ...r, stringToReplace: `${r.stringToReplace}${d}` })));
      await dictionaries.update(uid, made.id, { isDefault: true });
    }
    const reads = 500;
    for (let i = 0; i < 50; i++) await dictionaries.forSynthesis(uid);
    const start = performance.now();
    for (let i = 0; i < reads; i++) await dictionaries.forSynthesis(uid);
    defaultsMs = (performance.now() - start) / reads;
  } finally {
    await server.close();
  }

  return [
    {
      title: `text layer, ${documentLength}-character <speak> document, 1,000 dictionary rules (${pronounced.replacements.length} applied)`,
      rows: [
        // Strings, not numbers: the table prints numbers in whole units, and these are fractions of one.
        { name: 'text layer / eSpeak engine alone, same text', value: `${percent.toFixed(2)} %`, target: '≤ 2 %', ok: percent <= 2, detail: `${ms(layer, 2)} (SSML read, rules applied, timings put back) / ${ms(synthesis, 0)}` },
        { name: 'captions SRT + VTT, 2,000-character with-timestamps answer', value: ms(captionMs, 2), target: '< 20 ms', ok: captionMs < 20 },
        { name: 'default dictionaries read per synthesis, 3 × 1,000 rules, SQLite', value: ms(defaultsMs, 3), target: '< 1 ms', ok: defaultsMs < 1 },
      ],
    },
  ];
}
