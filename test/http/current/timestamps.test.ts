import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { openCurrentApi, rmsBetween, type CurrentApi } from './current-api.js';

interface Timed {
  text: string;
  start: number;
  end: number;
}
interface Answer {
  audio: string;
  audio_format: string;
  audio_duration: number;
  words: Timed[] | null;
  characters: Timed[] | null;
}

describe('POST /v1/text-to-speech/with-timestamps', () => {
  let api: CurrentApi;
  let olivia: string;
  const text = 'Good morning, everyone. The train leaves at 7 o’clock! Please, don’t be late.';
  const ask = async (query = '', body: Record<string, unknown> = {}) => {
    const res = await api.call('POST', `/v1/text-to-speech/with-timestamps${query}`, { body: { voice_id: olivia, model: 'ssfm-v21', text, ...body } });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as Answer;
  };
  before(async () => {
    api = await openCurrentApi('custom');
    olivia = await api.voiceId('Olivia');
  });
  after(() => api.close());

  it('gives words with punctuation attached, in order, inside the audio', async () => {
    const answer = await ask();
    assert.equal(answer.audio_format, 'wav');
    const pcm = decodeWav(Buffer.from(answer.audio, 'base64'));
    assert.ok(Math.abs(pcm.samples.length / pcm.sampleRate - answer.audio_duration) < 0.002);
    const words = answer.words!;
    assert.deepEqual(words.map((w) => w.text), text.split(/\s+/));
    for (let i = 0; i < words.length; i++) {
      assert.ok(words[i].start >= 0 && words[i].end > words[i].start, JSON.stringify(words[i]));
      assert.ok(words[i].end <= answer.audio_duration + 0.001);
      if (i > 0) assert.ok(words[i].start >= words[i - 1].end - 0.001, `${words[i - 1].text} then ${words[i].text}`);
    }
  });

  it('word windows hold the speech energy; the gaps between them are near silence', async (t) => {
    const answer = await ask();
    const pcm = decodeWav(Buffer.from(answer.audio, 'base64'));
    const words = answer.words!;
    const inside = words.map((w) => rmsBetween(pcm.samples, pcm.sampleRate, w.start, w.end));
    const gaps: number[] = [];
    for (let i = 1; i < words.length; i++) {
      if (words[i].start - words[i - 1].end > 0.1) gaps.push(rmsBetween(pcm.samples, pcm.sampleRate, words[i - 1].end + 0.02, words[i].start - 0.02));
    }
    assert.ok(gaps.length >= 2, 'the sentence pauses are gaps');
    const quietestWord = Math.min(...inside);
    const loudestGap = Math.max(...gaps);
    t.diagnostic(`quietest word RMS ${quietestWord.toFixed(4)}, loudest gap RMS ${loudestGap.toFixed(5)}, ${gaps.length} gaps`);
    assert.ok(quietestWord > 0.02, `every word window carries sound (quietest RMS ${quietestWord})`);
    assert.ok(quietestWord > loudestGap * 10, `quietest word RMS ${quietestWord.toFixed(4)}, loudest gap RMS ${loudestGap.toFixed(5)}`);
  });

  it('gives every character, its window inside its word', async () => {
    const answer = await ask();
    const chars = answer.characters!;
    assert.equal(chars.map((c) => c.text).join(''), text);
    const words = answer.words!;
    let w = 0;
    let at = 0;
    for (const c of chars) {
      assert.ok(c.end >= c.start);
      if (/\s/.test(c.text)) continue;
      while (at >= words[w].text.length) {
        w++;
        at = 0;
      }
      assert.equal(c.text, words[w].text[at], 'characters follow the words');
      assert.ok(c.start >= words[w].start - 0.001 && c.end <= words[w].end + 0.001, `${c.text} of ${words[w].text}`);
      at++;
    }
    // Letters of a word share its window evenly.
    const good = chars.slice(0, 4);
    const step = good[0].end - good[0].start;
    assert.ok(good.every((c) => Math.abs(c.end - c.start - step) < 0.002));
  });

  it('granularity keeps one list and nulls the other; other values are 422', async () => {
    const words = await ask('?granularity=word');
    assert.ok(words.words && words.characters === null);
    const chars = await ask('?granularity=char', { output: { audio_format: 'mp3' } });
    assert.ok(chars.characters && chars.words === null);
    assert.equal(chars.audio_format, 'mp3');
    assert.equal(Buffer.from(chars.audio, 'base64')[0], 0xff);
    const res = await api.call('POST', '/v1/text-to-speech/with-timestamps?granularity=sentence', { body: { voice_id: olivia, model: 'ssfm-v21', text } });
    assert.equal(res.status, 422);
    assert.deepEqual(((await res.json()) as { detail: { loc: string[] }[] }).detail[0].loc, ['query', 'granularity']);
  });
});
