import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { languageCodes } from '../../src/synthesis/text/languages.js';
import { openCurrentApi, type CurrentApi } from '../http/current/current-api.js';
import { generateText, seededRandom } from './generated-texts.js';

interface Timed {
  text: string;
  start: number;
  end: number;
}
interface Answer {
  words: Timed[] | null;
  characters: Timed[] | null;
  captions: { srt: string; vtt: string };
}

/*
 * The caption rules as the official SDKs' fixtures README states them, written here once and on
 * purpose apart from src/text/captions, so that the server is checked against the rules and not
 * against itself.
 */
const sentenceEnd = /[.?!。？！]$/u;
/** Python's str.strip whitespace, which the reference helper trims. */
const pyWhitespace = '\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000';
const pyRstrip = (s: string) => s.replace(new RegExp(`[${pyWhitespace}]+$`, 'u'), '');
const pyStrip = (s: string) => pyRstrip(s.replace(new RegExp(`^[${pyWhitespace}]+`, 'u'), ''));
const length = (s: string) => Array.from(s).length;
function referenceCues(answer: Pick<Answer, 'words' | 'characters'>, maxSeconds = 7, maxChars = 42): Timed[] {
  const useWords = (answer.words?.length ?? 0) >= 2 || (!answer.characters?.length && answer.words?.length === 1);
  const list = useWords ? answer.words! : answer.characters!;
  const sep = useWords ? ' ' : '';
  const cues: Timed[] = [];
  let open: { parts: string[]; start: number; end: number } | null = null;
  const shut = () => {
    if (open && pyStrip(open.parts.join(sep)) !== '') cues.push({ text: pyStrip(open.parts.join(sep)), start: open.start, end: open.end });
    open = null;
  };
  for (const seg of list) {
    if (open !== null) {
      const o: { parts: string[]; start: number } = open;
      if (seg.end - o.start > maxSeconds || length(pyStrip([...o.parts, seg.text].join(sep))) > maxChars) shut();
    }
    open ??= { parts: [], start: seg.start, end: seg.end };
    open.parts.push(seg.text);
    open.end = seg.end;
    if (sentenceEnd.test(pyRstrip(seg.text))) shut();
  }
  shut();
  return cues;
}
/** Milliseconds rounded half to even on the binary product, as Python's round(). */
function stamp(seconds: number, mark: string): string {
  const product = seconds * 1000;
  let ms = Math.round(product);
  if (product - Math.floor(product) === 0.5 && ms % 2 === 1) ms -= 1;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(ms / 3_600_000))}:${two(Math.floor(ms / 60_000) % 60)}:${two(Math.floor(ms / 1000) % 60)}${mark}${String(ms % 1000).padStart(3, '0')}`;
}
const referenceSrt = (cues: Timed[]) => cues.map((c, i) => `${i + 1}\n${stamp(c.start, ',')} --> ${stamp(c.end, ',')}\n${c.text}\n`).join('\n') + '\n';
const referenceVtt = (cues: Timed[]) => ['WEBVTT\n', ...cues.map((c) => `${stamp(c.start, '.')} --> ${stamp(c.end, '.')}\n${c.text}\n`)].join('\n') + '\n';

const seed = Number(process.env.CAPTION_PROPERTY_SEED ?? 20261128);

describe('captions of the server’s own timings follow the rules in every language', () => {
  let api: CurrentApi;
  before(async () => {
    api = await openCurrentApi('custom');
  });
  after(() => api.close());

  it(`one generated text per language, with-timestamps?captions=srt,vtt (seed ${seed})`, async (t) => {
    const random = seededRandom(seed);
    const texts = languageCodes.map((language) => ({ language, text: generateText(language, random, languageCodes) }));
    t.diagnostic(`captions property: ${texts.length} languages, seed ${seed} (CAPTION_PROPERTY_SEED)`);
    let cueCount = 0;
    for (let i = 0; i < texts.length; i += 2) {
      await Promise.all(
        texts.slice(i, i + 2).map(async ({ language, text }) => {
          const body = { voice_id: 'tc_62a8975e695ad26f7fb514d1', model: 'ssfm-v30', text, language };
          const res = await api.call('POST', '/v1/text-to-speech/with-timestamps?captions=srt,vtt', { body });
          assert.equal(res.status, 200, `${language}: ${await res.clone().text()}`);
          const answer = (await res.json()) as Answer;
          const cues = referenceCues(answer);
          cueCount += cues.length;
          assert.ok(cues.length > 0, `${language} ${JSON.stringify(text)}`);
          assert.equal(answer.captions.srt, referenceSrt(cues), `${language} ${JSON.stringify(text)} srt`);
          assert.equal(answer.captions.vtt, referenceVtt(cues), `${language} ${JSON.stringify(text)} vtt`);
        }),
      );
    }
    t.diagnostic(`${cueCount} cues`);
  });
});
