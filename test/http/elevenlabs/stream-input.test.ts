import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { synthesisSlotKey } from '../../../src/limits/limiter.js';
import { creditCost } from '../../../src/services/speech/speech-order.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { ffmpegSeconds } from '../../synthesis/ffmpeg-decode.js';
import { refusedHandshake, StreamInputClient, type ServerMessage } from './stream-input-client.js';

/** ElevenLabs' premade "Rachel", which Orator maps to its built-in Olivia. */
const voiceId = '21m00Tcm4TlvDq8ikWAM';
const eSpeak = { model_id: 'ssfm-v21' };
const agentText =
  'The weather today is sunny and warm. We could take a walk along the river after lunch. Remember to bring a hat and some water. I will meet you at the bridge at two.';
const tokensOf = (text: string) => text.match(/\s*\S+/gu)!;
const charsOf = (messages: ServerMessage[]) => messages.flatMap((m) => m.alignment?.chars ?? []).join('');

/** The WebSocket `GET /v1/text-to-speech/{voice_id}/stream-input`, driven as voice agents drive it. */
describe('ElevenLabs stream-input WebSocket', () => {
  let server: TestServer;
  let account: { uid: string; apiKey: string };
  /** Slots given back, by limiter key: a test waits for its account's. */
  const releases = new EventEmitter();
  let syntheses = 0;

  before(async () => {
    server = await startTestServer({ startQueue: false });
    account = await server.createAccount('custom');
    const { concurrency } = server.services.limiters;
    const tryAcquire = concurrency.tryAcquire.bind(concurrency);
    concurrency.tryAcquire = async (key, limit) => {
      const release = await tryAcquire(key, limit);
      if (!release) return null;
      return async () => {
        await release();
        releases.emit(key);
      };
    };
    const { synthesizer } = server.services;
    const synthesize = synthesizer.synthesize.bind(synthesizer);
    synthesizer.synthesize = (request, onProgress) => {
      syntheses++;
      return synthesize(request, onProgress);
    };
    const sentences = synthesizer.sentences.bind(synthesizer);
    synthesizer.sentences = (request, options) => {
      syntheses++;
      return sentences(request, options);
    };
  });
  after(() => server.close());

  const usedCredits = async (uid: string) => (await server.services.accounts.getWithPlan(uid))!.account.usedCredits;

  it('speaks an agent’s tokens as they come: the first sentence’s audio before the last token, in order, as long as a convert, characters as sent', { timeout: 120_000 }, async () => {
    const creditsBefore = await usedCredits(account.uid);
    const client = await StreamInputClient.connect(server.url, voiceId, { ...eSpeak, output_format: 'mp3_44100_128' });
    await client.send({ text: ' ', xi_api_key: account.apiKey, generation_config: { chunk_length_schedule: [120, 160, 250, 290] } });
    const tokens = tokensOf(agentText);
    const events: string[] = [];
    void client.waitFor((m) => typeof m.audio === 'string').then(() => events.push('first audio'));
    for (const [i, token] of tokens.entries()) {
      // The last token waits for the first audio: were the server waiting for the whole text,
      // this would never end (the test's timeout); the event order records it.
      if (i === tokens.length - 1) await client.waitFor((m) => typeof m.audio === 'string');
      await client.send({ text: token });
      events.push(i === tokens.length - 1 ? 'last token' : 'token');
      await sleep(30);
    }
    await client.send({ text: '' });
    const { code } = await client.closed;
    assert.equal(code, 1000);
    assert.ok(events.indexOf('first audio') < events.indexOf('last token'), events.join(', '));
    assert.deepEqual(client.messages.at(-1), { isFinal: true });
    const audio = client.audioMessages;
    assert.ok(audio.length >= 4, `${audio.length} audio messages`);
    assert.ok(audio.every((m) => m.isFinal === null));
    // The first message speaks the first sentence, and the characters of all of them are the text sent.
    assert.equal(audio[0].alignment!.chars.join('').trim(), 'The weather today is sunny and warm.');
    assert.equal(charsOf(audio), ` ${agentText}`);
    // Each message's times count from its own audio's start and stay inside it.
    for (const message of audio) {
      const seconds = await ffmpegSeconds(Buffer.from(message.audio!, 'base64'), ['-f', 'mp3']);
      const { charStartTimesMs: starts, charDurationsMs: durations } = message.alignment!;
      assert.ok(starts.every((t, i) => i === 0 || t >= starts[i - 1]), 'ordered');
      const end = Math.max(...starts.map((t, i) => t + durations[i]));
      assert.ok(end / 1000 <= seconds + 0.01, `alignment ends at ${end} ms in ${seconds} s of audio`);
      assert.equal(message.normalizedAlignment!.chars.length, message.normalizedAlignment!.charStartTimesMs.length);
    }
    // Charged per character synthesized: every character sent, the first message's space included.
    assert.equal((await usedCredits(account.uid)) - creditsBefore, creditCost(` ${agentText}`));
    const streamed = await ffmpegSeconds(client.audio(), ['-f', 'mp3']);
    const converted = await fetch(`${server.url}/v1/text-to-speech/${voiceId}?output_format=mp3_44100_128`, {
      method: 'POST',
      headers: { 'xi-api-key': account.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text: agentText, ...eSpeak }),
    });
    assert.equal(converted.status, 200);
    const whole = await ffmpegSeconds(new Uint8Array(await converted.arrayBuffer()), ['-f', 'mp3']);
    assert.ok(Math.abs(streamed - whole) <= 0.05 * whole, `streamed ${streamed} s, converted ${whole} s`);
  });

  /** ffmpeg's input options for a headerless format, by its name. */
  const rawInput = (format: string): string[] => {
    const [codec, rate] = format.split('_');
    if (codec === 'pcm') return ['-f', 's16le', '-ar', rate, '-ac', '1'];
    if (codec === 'ulaw') return ['-f', 'mulaw', '-ar', rate, '-ac', '1'];
    if (codec === 'mp3') return ['-f', 'mp3'];
    return [];
  };

  for (const format of ['mp3_22050_32', 'pcm_24000', 'wav_16000', 'ulaw_8000', 'opus_48000_64']) {
    it(`${format}: the messages joined decode as one stream, as long as a convert ±5 %`, { timeout: 60_000 }, async () => {
      const text = 'Two short sentences are enough here. The second one ends the test.';
      const client = await StreamInputClient.connect(server.url, voiceId, { ...eSpeak, output_format: format }, { 'xi-api-key': account.apiKey });
      for (const token of tokensOf(text)) await client.send({ text: token });
      await client.send({ text: '' });
      assert.equal((await client.closed).code, 1000);
      const streamed = await ffmpegSeconds(client.audio(), rawInput(format));
      const converted = await fetch(`${server.url}/v1/text-to-speech/${voiceId}?output_format=${format}`, {
        method: 'POST',
        headers: { 'xi-api-key': account.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ text, ...eSpeak }),
      });
      const whole = await ffmpegSeconds(new Uint8Array(await converted.arrayBuffer()), rawInput(format));
      assert.ok(Math.abs(streamed - whole) <= 0.05 * whole, `streamed ${streamed} s, converted ${whole} s`);
      assert.equal(charsOf(client.audioMessages), text);
    });
  }

  for (const [language, text] of [
    ['ja', '今日は晴れです。明日は雨が降るでしょう。'],
    ['ko', '오늘은 날씨가 맑습니다. 내일은 비가 올 것입니다.'],
  ]) {
    it(`${language}: chunks cut at its sentence ends, characters joined are the text`, { timeout: 60_000 }, async () => {
      const client = await StreamInputClient.connect(server.url, voiceId, { ...eSpeak, language_code: language, output_format: 'pcm_16000' }, { 'xi-api-key': account.apiKey });
      for (const character of text) await client.send({ text: character });
      await client.send({ text: '' });
      assert.equal((await client.closed).code, 1000);
      assert.equal(client.audioMessages.length, 2);
      assert.equal(charsOf(client.audioMessages), text);
      for (const message of client.audioMessages) {
        const { charStartTimesMs: starts, charDurationsMs: durations } = message.alignment!;
        const seconds = Buffer.from(message.audio!, 'base64').length / 32000;
        assert.ok(starts.every((t, i) => (i === 0 || t >= starts[i - 1]) && t + durations[i] <= seconds * 1000 + 1));
      }
    });
  }

  it('flush speaks a partial sentence at once and keeps the connection open', { timeout: 60_000 }, async () => {
    const client = await StreamInputClient.connect(server.url, voiceId, { ...eSpeak, output_format: 'pcm_16000' });
    const partial = 'Here is a thought without its end';
    await client.send({ text: ' ', xi_api_key: account.apiKey });
    await client.send({ text: partial });
    await client.send({ text: '', flush: true });
    const first = await client.waitFor((m) => typeof m.audio === 'string');
    assert.equal(first.alignment!.chars.join(''), ` ${partial}`);
    const seconds = await ffmpegSeconds(Buffer.from(first.audio!, 'base64'), ['-f', 's16le', '-ar', '16000', '-ac', '1']);
    assert.ok(seconds > 1, `${seconds} s`);
    await client.send({ text: ', and now it ends. ' });
    await client.send({ text: '' });
    assert.equal((await client.closed).code, 1000);
    // A sentence ended by the whitespace after it keeps that whitespace.
    assert.equal(charsOf(client.audioMessages), ` ${partial}, and now it ends. `);
  });

  it('refuses a wrong key before any synthesis: at the handshake (header) or by message and close (first message)', { timeout: 30_000 }, async () => {
    const before = { syntheses, credits: await usedCredits(account.uid) };
    const refused = await refusedHandshake(server.url, voiceId, eSpeak, { 'xi-api-key': 'not-a-key' });
    assert.equal(refused.status, 401);
    assert.equal(JSON.parse(refused.body).detail.status, 'invalid_api_key');

    const wrong = await StreamInputClient.connect(server.url, voiceId, eSpeak);
    await wrong.send({ text: 'Hello there. ', xi_api_key: 'not-a-key' });
    await wrong.send({ text: 'More text. ', flush: true });
    assert.equal((await wrong.closed).code, 1008);
    assert.deepEqual(wrong.messages.map((m) => m.error), ['invalid_api_key']);

    const none = await StreamInputClient.connect(server.url, voiceId, eSpeak);
    await none.send({ text: 'Hello there. ', flush: true });
    assert.equal((await none.closed).code, 1008);
    assert.deepEqual(none.messages.map((m) => m.error), ['needs_authorization']);
    assert.deepEqual({ syntheses, credits: await usedCredits(account.uid) }, before);
  });

  it('answers bad messages and a bad query with an error, never a crash', { timeout: 30_000 }, async () => {
    const client = await StreamInputClient.connect(server.url, voiceId, eSpeak, { 'xi-api-key': account.apiKey });
    client.socket.send('{not json');
    assert.equal((await client.closed).code, 1008);
    assert.equal(client.messages[0].error, 'invalid_message');

    const schedule = await StreamInputClient.connect(server.url, voiceId, eSpeak);
    await schedule.send({ text: ' ', xi_api_key: account.apiKey, generation_config: { chunk_length_schedule: [5] } });
    assert.equal((await schedule.closed).code, 1008);
    assert.match(schedule.messages[0].message!, /chunk_length_schedule/);

    const format = await refusedHandshake(server.url, voiceId, { output_format: 'flac_44100' }, { 'xi-api-key': account.apiKey });
    assert.equal(format.status, 422);
    assert.match(JSON.parse(format.body).detail.message, /flac_44100/);

    const plain = await fetch(`${server.url}/v1/text-to-speech/${voiceId}/stream-input`, { headers: { 'xi-api-key': account.apiKey } });
    assert.equal(plain.status, 426);
    assert.equal(((await plain.json()) as { detail: { status: string } }).detail.status, 'upgrade_required');

    const voice = await StreamInputClient.connect(server.url, 'no-such-voice', eSpeak);
    await voice.send({ text: ' ', xi_api_key: account.apiKey });
    assert.equal((await voice.closed).code, 1008);
    assert.equal(voice.messages[0].error, 'voice_not_found');
  });

  it('closes an idle socket after inactivity_timeout with 1008 input_timeout_exceeded and frees its slot', { timeout: 30_000 }, async () => {
    const freed = once(releases, synthesisSlotKey(account.uid));
    const client = await StreamInputClient.connect(server.url, voiceId, { ...eSpeak, inactivity_timeout: '1' });
    await client.send({ text: ' ', xi_api_key: account.apiKey });
    const { code, reason } = await client.closed;
    assert.deepEqual([code, reason], [1008, 'input_timeout_exceeded']);
    assert.equal(client.messages[0].error, 'input_timeout_exceeded');
    await freed;
  });

  it('closes a client that never reads, having synthesized only what its buffers hold', { timeout: 120_000 }, async () => {
    const reader = await server.createAccount('custom');
    const sentence = 'A long and patient sentence is spoken here while nobody listens at all. ';
    const text = sentence.repeat(250);
    const client = await StreamInputClient.connect(server.url, voiceId, { ...eSpeak, output_format: 'pcm_44100', inactivity_timeout: '1' });
    client.socket.pause();
    const freed = once(releases, synthesisSlotKey(reader.uid));
    await client.send({ text: ' ', xi_api_key: reader.apiKey });
    await client.send({ text });
    await client.send({ text: '' });
    await freed;
    const charged = await usedCredits(reader.uid);
    // Synthesis stopped where the socket's buffers filled: far from the whole text.
    assert.ok(charged > 0 && charged < text.length / 2, `${charged} of ${text.length} characters synthesized`);
    client.socket.terminate();
  });

  it('holds one slot per socket; a dropped socket frees its slot', { timeout: 60_000 }, async () => {
    const free = await server.createAccount('free');
    const plan = (await server.services.accounts.getWithPlan(free.uid))!.plan;
    const speaking = async () => {
      const client = await StreamInputClient.connect(server.url, voiceId, eSpeak);
      await client.send({ text: 'Hello there. ', xi_api_key: free.apiKey, flush: true });
      await client.waitFor((m) => typeof m.audio === 'string' || Boolean(m.error));
      return client;
    };
    const holders = [];
    for (let i = 0; i < plan.concurrencyLimit; i++) holders.push(await speaking());
    assert.ok(holders.every((c) => c.audioMessages.length === 1));
    const refused = await speaking();
    assert.equal(refused.messages[0].error, 'too_many_concurrent_requests');
    assert.equal((await refused.closed).code, 1008);

    const freed = once(releases, synthesisSlotKey(free.uid));
    holders[0].socket.terminate();
    await freed;
    const next = await speaking();
    assert.equal(next.audioMessages.length, 1);
    for (const client of [...holders.slice(1), next]) client.socket.terminate();
  });
});
