import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { f0Stats } from '../../../src/synthesis/analysis/f0.js';
import { measureLoudness } from '../../../src/synthesis/analysis/loudness.js';
import { rms } from '../../../src/synthesis/analysis/rms.js';
import { parseMpegFrameHeader } from '../../../src/synthesis/decoders/mpeg-frame-header.js';
import { decodeMp3 } from '../../../src/synthesis/decoders/mp3.js';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { english300, openCurrentApi, wavHeader, type CurrentApi } from './current-api.js';

describe('POST /v1/text-to-speech', () => {
  let api: CurrentApi;
  let olivia: string;
  let jiyoon: string;
  const speak = async (body: Record<string, unknown>) => {
    const res = await api.call('POST', '/v1/text-to-speech', { body: { voice_id: olivia, model: 'ssfm-v30', ...body } });
    assert.equal(res.status, 200, await res.clone().text());
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { res, bytes, duration: Number(res.headers.get('x-audio-duration')) };
  };
  const wav = async (body: Record<string, unknown>) => {
    const { bytes, duration } = await speak(body);
    return { pcm: decodeWav(bytes), bytes, duration };
  };
  before(async () => {
    api = await openCurrentApi('custom');
    olivia = await api.voiceId('Olivia');
    jiyoon = await api.voiceId('Jiyoon');
  });
  after(() => api.close());

  it('answers audio/wav: PCM 16-bit mono 44100 Hz with a 44-byte header and X-Audio-Duration', async () => {
    const { res, bytes, duration } = await speak({ text: english300 });
    assert.equal(res.headers.get('content-type'), 'audio/wav');
    assert.equal(Number(res.headers.get('content-length')), bytes.length);
    const h = wavHeader(bytes);
    assert.deepEqual([h.riff, h.riffSize, h.wave, h.fmt, h.format, h.channels, h.sampleRate, h.bitsPerSample, h.data, h.dataSize], ['RIFF', bytes.length - 8, 'WAVE', 'fmt ', 1, 1, 44100, 16, 'data', bytes.length - 44]);
    assert.ok(Math.abs(duration - (bytes.length - 44) / 2 / 44100) < 0.001);
    assert.ok(duration > 10, `${duration} s for 300 characters`);
  });

  it('answers audio/mp3 (as the real service): MP3 320 kbps 44100 Hz mono, its decoded length the header duration', async () => {
    const { res, bytes, duration } = await speak({ text: 'An MP3 answer, frame after frame.', output: { audio_format: 'mp3' } });
    assert.equal(res.headers.get('content-type'), 'audio/mp3');
    const frame = parseMpegFrameHeader(bytes, 0);
    assert.ok(frame, 'starts with a frame header');
    assert.equal(frame.sampleRate, 44100);
    assert.equal(frame.bitrateKbps, 320);
    assert.equal(frame.channels, 1);
    const pcm = await decodeMp3(bytes);
    const seconds = pcm.samples.length / pcm.sampleRate;
    assert.ok(seconds >= duration - 0.005 && seconds - duration < 0.08, `decoded ${seconds}, header ${duration}`);
  });

  it('gives the same bytes for the same request, with or without a seed', async () => {
    const body = { text: 'Same request, same bytes.', prompt: { emotion_type: 'preset', emotion_preset: 'happy', emotion_intensity: 1.3 }, output: { audio_pitch: 2 } };
    const a = await speak({ ...body, seed: 7 });
    const b = await speak({ ...body, seed: 7 });
    const c = await speak({ ...body, seed: 123456 });
    assert.deepEqual(a.bytes, b.bytes);
    assert.deepEqual(a.bytes, c.bytes);
    const mp3a = await speak({ ...body, seed: 1, output: { audio_format: 'mp3' } });
    const mp3b = await speak({ ...body, seed: 1, output: { audio_format: 'mp3' } });
    assert.deepEqual(mp3a.bytes, mp3b.bytes);
  });

  it('detects the language when it is absent, and takes ssfm-v31 like ssfm-v30', async () => {
    const korean = '안녕하세요, 오늘 날씨가 정말 좋네요.';
    const detected = await speak({ voice_id: jiyoon, text: korean });
    const given = await speak({ voice_id: jiyoon, text: korean, language: 'KOR' });
    assert.deepEqual(detected.bytes, given.bytes);
    const asEnglish = await speak({ voice_id: jiyoon, text: korean, language: 'eng' });
    assert.notDeepEqual(detected.bytes, asEnglish.bytes);
    const v30 = await speak({ text: 'Model thirty one.', model: 'ssfm-v30' });
    const v31 = await speak({ text: 'Model thirty one.', model: 'ssfm-v31' });
    assert.deepEqual(v30.bytes, v31.bytes);
  });

  it('applies volume, target_lufs and tempo to the audio', async () => {
    const text = 'Loudness and speed are measured in the audio itself.';
    const base = await wav({ text });
    const half = await wav({ text, output: { volume: 50 } });
    assert.ok(Math.abs(rms(half.pcm) / rms(base.pcm) - 0.5) < 0.02, `RMS ratio ${rms(half.pcm) / rms(base.pcm)}`);
    const quiet = await wav({ text, output: { target_lufs: -30 } });
    assert.ok(Math.abs(measureLoudness(quiet.pcm) + 30) < 0.5, `${measureLoudness(quiet.pcm)} LUFS`);
    const fast = await wav({ text, output: { audio_tempo: 2 } });
    assert.ok(Math.abs(fast.duration / base.duration - 0.5) < 0.06, `tempo 2: ${fast.duration} vs ${base.duration}`);
  });

  it('smart prompt: infers an emotion from the text and its context', async () => {
    const text = 'I lost everything today.';
    const neutral = await wav({ text, prompt: { emotion_type: 'preset', emotion_preset: 'normal' } });
    const smart = await wav({ text, prompt: { emotion_type: 'smart', previous_text: 'She cried and cried at the funeral.', next_text: 'I am so sorry and so sad.' } });
    assert.notDeepEqual(neutral.bytes, smart.bytes);
    const [n, s] = [await f0Stats(neutral.pcm), await f0Stats(smart.pcm)];
    assert.ok(s.median < n.median * 0.93, `sad context lowers the pitch: ${s.median} Hz vs ${n.median} Hz`);
    assert.ok(smart.duration > neutral.duration * 1.05, `and slows it: ${smart.duration} vs ${neutral.duration}`);
    const plain = await wav({ text: 'The meeting starts at nine.', prompt: { emotion_type: 'smart' } });
    const normal = await wav({ text: 'The meeting starts at nine.' });
    assert.deepEqual(plain.bytes, normal.bytes, 'no clue: normal');
  });

  it('debits credits by text length, atomically, and shows them in the subscription', async () => {
    const subscription = async () => ((await (await api.call('GET', '/v1/users/me/subscription')).json()) as { credits: { used_credits: number } }).credits.used_credits;
    const before = await subscription();
    await speak({ text: 'Twelve chars' });
    await speak({ text: '안녕하세요' });
    assert.equal((await subscription()) - before, 12 + 5);
  });
});
