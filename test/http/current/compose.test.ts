import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeMp3 } from '../../../src/synthesis/decoders/mp3.js';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { openCurrentApi, type CurrentApi } from './current-api.js';

/** Runs of exact digital silence (16-bit zero) longer than 50 ms, in seconds, in order. */
function silentRuns(samples: Float32Array, sampleRate: number): { start: number; seconds: number }[] {
  const runs: { start: number; seconds: number }[] = [];
  let from = -1;
  for (let i = 0; i <= samples.length; i++) {
    const silent = i < samples.length && Math.round(samples[i] * 32768) === 0;
    if (silent && from < 0) from = i;
    if (!silent && from >= 0) {
      if (i - from > 0.05 * sampleRate) runs.push({ start: from / sampleRate, seconds: (i - from) / sampleRate });
      from = -1;
    }
  }
  return runs;
}

describe('POST /v1/text-to-speech/compose', () => {
  let api: CurrentApi;
  let olivia: string;
  let james: string;
  const compose = (body: unknown) => api.call('POST', '/v1/text-to-speech/compose', { body });
  const tts = (voice: string, text: string, extra: Record<string, unknown> = {}) => ({ type: 'tts', voice_id: voice, model: 'ssfm-v30', text, ...extra });
  before(async () => {
    api = await openCurrentApi('custom');
    olivia = await api.voiceId('Olivia');
    james = await api.voiceId('James');
  });
  after(() => api.close());

  it('joins voices and pauses; each pause is silence of the asked length in the audio', async (t) => {
    const res = await compose({
      segments: [tts(olivia, 'Welcome to the show.'), { type: 'pause', duration_seconds: 1.5 }, tts(james, 'Thank you, glad to be here.'), { type: 'pause', duration_seconds: 0.75 }, tts(olivia, 'Let us begin.')],
    });
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(res.headers.get('content-type'), 'audio/wav');
    const pcm = decodeWav(new Uint8Array(await res.arrayBuffer()));
    assert.equal(pcm.sampleRate, 44100);
    const duration = Number(res.headers.get('x-audio-duration'));
    assert.ok(Math.abs(pcm.samples.length / 44100 - duration) < 0.001);
    const runs = silentRuns(pcm.samples, pcm.sampleRate).filter((r) => r.seconds > 0.5);
    t.diagnostic(`silent runs: ${runs.map((r) => r.seconds.toFixed(4)).join(', ')} s (asked 1.5, 0.75)`);
    assert.equal(runs.length, 2, JSON.stringify(runs));
    assert.ok(runs[0].seconds >= 1.5 && runs[0].seconds < 1.56, `first pause ${runs[0].seconds} s`);
    assert.ok(runs[1].seconds >= 0.75 && runs[1].seconds < 0.81, `second pause ${runs[1].seconds} s`);
  });

  it('answers one MP3 when asked, and starts with a pause when the first segment is one', async () => {
    const res = await compose({ audio_format: 'mp3', segments: [{ type: 'pause', duration_seconds: 1 }, tts(olivia, 'After a second of silence.')] });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'audio/mp3');
    const pcm = await decodeMp3(new Uint8Array(await res.arrayBuffer()));
    // LAME's delay shifts everything by ~25 ms; the first second stays near silent.
    let peak = 0;
    for (let i = 0; i < 0.9 * pcm.sampleRate; i++) peak = Math.max(peak, Math.abs(pcm.samples[i]));
    assert.ok(peak < 0.01, `peak ${peak} in the leading pause`);
  });

  it('debits the credits of all tts texts together', async () => {
    const used = async () => ((await (await api.call('GET', '/v1/users/me/subscription')).json()) as { credits: { used_credits: number } }).credits.used_credits;
    const before = await used();
    const res = await compose({ segments: [tts(olivia, 'One two.'), { type: 'pause', duration_seconds: 0.2 }, tts(olivia, 'Three.')] });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
    assert.equal((await used()) - before, 'One two.'.length + 'Three.'.length);
  });

  it('enforces its limits with 422 and checks every segment before synthesizing', async () => {
    const cases: [unknown, string][] = [
      [{ segments: [] }, 'body.segments'],
      [{ segments: [{ type: 'pause', duration_seconds: 1 }] }, 'body.segments'],
      [{ segments: [tts(olivia, 'a'), { type: 'pause', duration_seconds: 0 }] }, 'body.segments.1.duration_seconds'],
      [{ segments: [tts(olivia, 'a'), { type: 'pause', duration_seconds: 10.5 }] }, 'body.segments.1.duration_seconds'],
      [{ segments: [tts(olivia, 'a'), ...Array.from({ length: 7 }, () => ({ type: 'pause', duration_seconds: 9 }))] }, 'body.segments'],
      [{ segments: Array.from({ length: 51 }, () => tts(olivia, 'a')) }, 'body.segments'],
      [{ segments: [tts(olivia, 'x'.repeat(1500)), tts(olivia, 'y'.repeat(600))] }, 'body.segments'],
      [{ segments: [tts(olivia, 'a'), { type: 'music' }] }, 'body.segments.1.type'],
      [{ segments: [tts(olivia, 'a', { output: { audio_format: 'mp3' } }), tts(olivia, 'b', { output: { audio_format: 'wav' } })] }, 'body.segments.1.output.audio_format'],
      [{ audio_format: 'wav', segments: [tts(olivia, 'a', { output: { audio_format: 'mp3' } })] }, 'body.segments.0.output.audio_format'],
      [{ segments: [tts(olivia, 'a', { language: 'klingon' })] }, 'body.segments.0.language'],
      [{ segments: [{ type: 'tts', text: 'a', model: 'ssfm-v30' }] }, 'body.segments.0.voice_id'],
    ];
    for (const [body, loc] of cases) {
      const res = await compose(body);
      assert.equal(res.status, 422, `${loc}: ${JSON.stringify(body).slice(0, 80)}`);
      const detail = ((await res.json()) as { detail: { loc: (string | number)[] }[] }).detail;
      assert.ok(detail.some((d) => d.loc.join('.') === loc), `${loc} in ${JSON.stringify(detail)}`);
    }
    const unknownVoice = await compose({ segments: [tts(olivia, 'fine'), tts('tc_ffffffffffffffffffffffff', 'nobody')] });
    assert.equal(unknownVoice.status, 404);
    assert.match(((await unknownVoice.json()) as { detail: string }).detail, /segments\[1\]/);
    const unspeakable = await compose({ segments: [tts(olivia, 'fine'), tts(olivia, '...')] });
    assert.equal(unspeakable.status, 422);
    assert.equal(((await unspeakable.json()) as { error_code: string }).error_code, 'TEXT_NOT_SYNTHESIZABLE');
  });
});
