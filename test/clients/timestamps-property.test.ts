import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { languageCodes } from '../../src/synthesis/text/languages.js';
import { earlierClient, pollUntilFinished } from '../http/earlier/earlier-client.js';
import { openCurrentApi, type CurrentApi } from '../http/current/current-api.js';
import { startTestServer } from '../http/test-server.js';
import { generateText, seededRandom } from './generated-texts.js';

interface Timed {
  text: string;
  start: number;
  end: number;
}
interface Answer {
  audio_duration: number;
  words: Timed[];
  characters: Timed[];
}

const seed = Number(process.env.TIMESTAMP_PROPERTY_SEED ?? 20261125);
const runs = Number(process.env.TIMESTAMP_PROPERTY_RUNS ?? 2);
/** Rounding to milliseconds may put an end a hair past the rounded duration. */
const slack = 0.0015;

/** Words joined with the text's own whitespace give the text back; no word holds whitespace. */
function assertWordsRebuildText(text: string, words: readonly string[], context: string): void {
  let at = 0;
  for (const word of words) {
    assert.ok(word.length > 0 && !/\s/u.test(word), `${context}: word ${JSON.stringify(word)}`);
    const gap = text.slice(at).match(/^\s*/u)![0];
    assert.equal(text.slice(at + gap.length, at + gap.length + word.length), word, `${context}: word ${JSON.stringify(word)} at ${at + gap.length}`);
    at += gap.length + word.length;
  }
  assert.match(text.slice(at), /^\s*$/u, `${context}: text left after the last word`);
}

/** Every window starts at 0 or later, ends no earlier than it starts, follows the one before and ends inside the audio. */
function assertOrderedWindows(list: readonly Timed[], duration: number, context: string): void {
  let previous: Timed | null = null;
  for (const item of list) {
    const where = `${context}: ${JSON.stringify(item)} after ${JSON.stringify(previous)}`;
    assert.ok(item.start >= 0 && item.start <= item.end, where);
    assert.ok(item.end <= duration + slack, `${where} (audio ${duration} s)`);
    if (previous) assert.ok(item.start >= previous.end - slack, where);
    previous = item;
  }
}

function assertTimestamps(text: string, answer: Answer, context: string): void {
  assert.equal(answer.characters.map((c) => c.text).join(''), text, `${context}: characters joined`);
  assertWordsRebuildText(text, answer.words.map((w) => w.text), context);
  assert.deepEqual(answer.words.map((w) => w.text), text.match(/\S+/gu) ?? [], `${context}: split at whitespace`);
  assertOrderedWindows(answer.words, answer.audio_duration, `${context} words`);
  assertOrderedWindows(answer.characters, answer.audio_duration, `${context} characters`);
}

describe('with-timestamps is exact in every script', () => {
  let api: CurrentApi;
  let voice: string;
  const timestamps = async (text: string, language: string | null) => {
    const res = await api.call('POST', '/v1/text-to-speech/with-timestamps', { body: { voice_id: voice, model: 'ssfm-v30', text, language } });
    assert.equal(res.status, 200, `${JSON.stringify(text)}: ${await res.clone().text()}`);
    return (await res.json()) as Answer;
  };
  before(async () => {
    api = await openCurrentApi('custom');
    voice = 'tc_62a8975e695ad26f7fb514d1';
  });
  after(() => api.close());

  it('the cases of the issue: Japanese, Chinese and Korean', async () => {
    const japanese = 'こんにちは。お元気ですか?';
    const ja = await timestamps(japanese, 'jpn');
    assertTimestamps(japanese, ja, 'jpn');
    assert.deepEqual(ja.words.map((w) => w.text), [japanese], 'no spaces: one word');
    assert.ok(ja.words[0].end > ja.words[0].start);
    const chinese = '你好，世界。今天天气很好。';
    const zh = await timestamps(chinese, 'zho');
    assertTimestamps(chinese, zh, 'zho');
    assert.deepEqual(zh.words.map((w) => w.text), [chinese]);
    const korean = '안녕하세요. 오늘 날씨가 좋네요.';
    const ko = await timestamps(korean, 'kor');
    assertTimestamps(korean, ko, 'kor');
    assert.deepEqual(ko.words.map((w) => w.text), ['안녕하세요.', '오늘', '날씨가', '좋네요.']);
    for (const w of ko.words) assert.ok(w.end > w.start, `${w.text} is spoken`);
  });

  it(`generated texts in every language (seed ${seed}, ${runs} per language)`, async (t) => {
    const random = seededRandom(seed);
    const texts = languageCodes.flatMap((language) => Array.from({ length: runs }, () => ({ language, text: generateText(language, random, languageCodes) })));
    const message = `timestamps property: ${texts.length} generated texts over ${languageCodes.length} languages, seed ${seed} (TIMESTAMP_PROPERTY_SEED, TIMESTAMP_PROPERTY_RUNS)`;
    t.diagnostic(message);
    console.log(message);
    // Two requests at a time: the machine is shared.
    for (let i = 0; i < texts.length; i += 2) {
      await Promise.all(
        texts.slice(i, i + 2).map(async ({ language, text }) => {
          assertTimestamps(text, await timestamps(text, language), `${language} ${JSON.stringify(text)}`);
        }),
      );
    }
  });

  it(`the earlier interface's prosody-meta words, one generated text per language (seed ${seed})`, async (t) => {
    // The earlier interface's speaks are jobs: this server runs its queue.
    const server = await startTestServer();
    t.after(() => server.close());
    const client = earlierClient(server, (await server.createAccount('custom')).apiToken);
    const random = seededRandom(seed + 1);
    const texts = languageCodes.map((language) => ({ language, text: generateText(language, random, languageCodes) }));
    const message = `prosody-meta property: ${texts.length} generated texts, seed ${seed + 1}`;
    t.diagnostic(message);
    console.log(message);
    for (let i = 0; i < texts.length; i += 4) {
      await Promise.all(
        texts.slice(i, i + 4).map(async ({ language, text }) => {
          const context = `${language} ${JSON.stringify(text)}`;
          const created = await client.post('/api/speak', { text, lang: 'auto', actor_id: voice.slice(3), xapi_audio_format: 'wav', model_version: 'latest' });
          assert.equal(created.status, 200, `${context}: ${JSON.stringify(created.body)}`);
          const url: string = created.body.result.speak_v2_url;
          const result = await pollUntilFinished(client, url, 100);
          assert.equal(result.status, 'done', context);
          for (const version of ['v1', 'v2'] as const) {
            const meta = await client.post(`/api/speak/prosody-meta/${url.split('/').pop()}`, { language: 'en-us', version });
            assert.equal(meta.status, 200, `${context}: ${JSON.stringify(meta.body)}`);
            const { phoneme_seq: seq, phoneme_location: loc, phoneme_time: time } = meta.body.result.prosody_meta as { phoneme_seq: string[]; phoneme_location: [number, number][]; phoneme_time: [number, number][] };
            assert.equal(loc.length, seq.length);
            assert.equal(time.length, seq.length);
            if (version === 'v2') {
              assertWordsRebuildText(text, seq, `${context} v2`);
              assert.deepEqual(seq, text.match(/\S+/gu) ?? [], `${context} v2: split at whitespace`);
              seq.forEach((word, i) => assert.equal(text.slice(loc[i][0], loc[i][1]), word, `${context} v2 location of ${word}`));
            } else {
              // v1 words come from the normalized text: split at its whitespace, in order, not overlapping.
              seq.forEach((word, i) => {
                assert.ok(!/\s/u.test(word) && loc[i][1] - loc[i][0] === word.length, `${context} v1 ${word}`);
                if (i > 0) assert.ok(loc[i][0] > loc[i - 1][1], `${context} v1 ${word} after ${seq[i - 1]}`);
              });
            }
            const windows = time.map(([start, end], i) => ({ text: seq[i], start, end }));
            assertOrderedWindows(windows, result.duration, `${context} ${version}`);
          }
        }),
      );
    }
  });
});
