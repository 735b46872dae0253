import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { speakers } from '../../../synthesis/adaptation/speakers.js';
import { openCustomVoiceServer, type CustomVoiceServer } from './fixture.js';

/**
 * The response cache and custom voices: a voice deleted and cloned again under the same name
 * (from another speaker, or from the very same sample) never gets the old voice's cached audio.
 */
describe('response cache: a custom voice deleted and re-cloned under the same name', () => {
  let cv: CustomVoiceServer;
  let owner: { uid: string; apiKey: string };
  before(async () => {
    cv = await openCustomVoiceServer({ env: { CACHE_MAX_BYTES: String(16 * 1024 * 1024) } });
    owner = await cv.server.createAccount('plus');
  });
  after(() => cv.close());

  const text = 'Welcome back. Your table is ready.';
  const speakBytes = async (voiceId: string) => {
    const res = await cv.json('POST', '/v1/text-to-speech', owner.apiKey, { voice_id: voiceId, text, model: 'ssfm-v30', language: 'eng' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return Buffer.from(res.bytes);
  };
  const clone = async (speaker: (typeof speakers)[number]) => {
    const cloned = await cv.clone(owner.apiKey, { file: { bytes: cv.wav(await cv.speaker(speaker)) }, name: 'Front desk', model: 'ssfm-v30' });
    assert.equal(cloned.status, 200, JSON.stringify(cloned.body));
    return cloned.body.voice_id as string;
  };

  it('serves the first voice from the cache, then never its audio to the voice cloned in its place', async () => {
    const stats = cv.server.services.speechCache.stats;
    const first = await clone(speakers[0]);
    const a = await speakBytes(first);
    const hits0 = stats.hits;
    assert.ok((await speakBytes(first)).equals(a), 'the repeat is byte-identical');
    assert.equal(stats.hits, hits0 + 1, 'and came from the cache');

    assert.equal((await cv.call('DELETE', `/v1/voices/${first}`, owner.apiKey)).status, 204);
    const gone = await cv.json('POST', '/v1/text-to-speech', owner.apiKey, { voice_id: first, text, model: 'ssfm-v30', language: 'eng' });
    assert.equal(gone.status, 404, 'the deleted voice is not served from the cache either');
    assert.equal(stats.hits, hits0 + 1);

    // Another speaker under the same name: a miss, and different audio.
    const second = await clone(speakers[1]);
    const misses = stats.misses;
    const b = await speakBytes(second);
    assert.equal(stats.misses, misses + 1, 'the new voice misses');
    assert.equal(stats.hits, hits0 + 1);
    assert.ok(!b.equals(a), 'the new voice does not get the old audio');
    assert.ok((await speakBytes(second)).equals(b));
    assert.equal(stats.hits, hits0 + 2, 'the new voice is cached in its turn');

    // The very same sample cloned again after a delete: still a fresh entry, never the deleted voice's.
    assert.equal((await cv.call('DELETE', `/v1/voices/${second}`, owner.apiKey)).status, 204);
    const third = await clone(speakers[1]);
    const misses3 = stats.misses;
    await speakBytes(third);
    assert.equal(stats.misses, misses3 + 1, 'a re-clone from the same sample misses too');
  });
});
