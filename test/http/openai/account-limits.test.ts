import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import { speakers } from '../../synthesis/adaptation/speakers.js';
import { openCustomVoiceServer, type CustomVoiceServer } from '../current/custom-voices/fixture.js';
import { ffmpegSeconds } from '../../synthesis/ffmpeg-decode.js';

/** Custom voices, credits and plan limits through the OpenAI route: the same as the current interface's. */
describe('OpenAI speech API: custom voices, credits and limits', () => {
  let cv: CustomVoiceServer;
  let account: { uid: string; apiKey: string };
  let client: OpenAI;

  before(async () => {
    cv = await openCustomVoiceServer({ startQueue: false });
    account = await cv.server.createAccount('free');
    client = new OpenAI({ apiKey: account.apiKey, baseURL: `${cv.server.url}/v1`, maxRetries: 0 });
  });
  after(() => cv.close());

  const usedCredits = async () => {
    const res = await cv.json('GET', '/v1/users/me/subscription', account.apiKey);
    return res.body.credits.used_credits as number;
  };

  it('speaks in the account\'s custom voice by its uc_ id, which /v1/audio/voices lists; another account cannot use it', async () => {
    const cloned = await cv.clone(account.apiKey, { file: { bytes: cv.wav(await cv.speaker(speakers[0])) }, name: 'Mine', model: 'ssfm-v30' });
    assert.equal(cloned.status, 200, JSON.stringify(cloned.body));
    const id: string = cloned.body.voice_id;
    const listed = (await client.get('/audio/voices')) as { voices: { id: string; name: string; kind: string }[] };
    assert.deepEqual(listed.voices.find((v) => v.id === id), { id, name: 'Mine', kind: 'custom' });
    const response = await client.audio.speech.create({ model: 'tts-1-hd', voice: id, input: 'My own voice, through the OpenAI route.', response_format: 'flac' });
    const seconds = await ffmpegSeconds(new Uint8Array(await response.arrayBuffer()));
    assert.ok(seconds > 1.2 && seconds < 6, `${seconds} s`);
    const other = await cv.server.createAccount('free');
    const stranger = new OpenAI({ apiKey: other.apiKey, baseURL: `${cv.server.url}/v1`, maxRetries: 0 });
    await assert.rejects(stranger.audio.speech.create({ model: 'tts-1', voice: id, input: 'Hello.' }), (error: unknown) => {
      assert.ok(error instanceof OpenAI.BadRequestError);
      assert.equal(error.param, 'voice');
      return true;
    });
  });

  it('debits credits equal to the input length, like any synthesis', async () => {
    const input = 'Exactly fifty-one characters are charged for this.';
    const before = await usedCredits();
    const response = await client.audio.speech.create({ model: 'tts-1', voice: 'echo', input, response_format: 'wav' });
    await response.arrayBuffer();
    assert.equal((await usedCredits()) - before, input.length);
  });

  it('past the plan\'s concurrency limit: 429 rate_limit_exceeded (RateLimitError)', async () => {
    const long = 'This sentence is here to keep the synthesis busy for a while. '.repeat(60);
    // The free plan allows two at a time; each answer holds its slot until its body has been made.
    const open = await Promise.all([1, 2].map(() => client.audio.speech.create({ model: 'tts-1', voice: 'nova', input: long, response_format: 'pcm' })));
    await assert.rejects(client.audio.speech.create({ model: 'tts-1', voice: 'nova', input: 'One more.' }), (error: unknown) => {
      assert.ok(error instanceof OpenAI.RateLimitError, String(error));
      assert.equal(error.status, 429);
      assert.equal(error.code, 'rate_limit_exceeded');
      return true;
    });
    for (const response of open) await response.body?.cancel();
  });

  it('without credits: 429 insufficient_quota (RateLimitError), and nothing is debited', async () => {
    const res = await cv.json('GET', '/v1/users/me/subscription', account.apiKey);
    const left = res.body.credits.plan_credits - res.body.credits.used_credits;
    assert.ok(await cv.server.services.accounts.debitCredits(account.uid, left - 3));
    const before = await usedCredits();
    await assert.rejects(client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Four or more.' }), (error: unknown) => {
      assert.ok(error instanceof OpenAI.RateLimitError, String(error));
      assert.equal(error.code, 'insufficient_quota');
      assert.equal(error.type, 'insufficient_quota');
      return true;
    });
    assert.equal(await usedCredits(), before);
  });
});
