import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { NewSpeak } from '../../src/repositories/index.js';
import type { SpeakOrder } from '../../src/services/speaks/speak-order.js';
import { newId, onEveryDatabase } from './repository-databases.js';

const order: SpeakOrder = {
  text: 'Hello there, “quoted” — ünïcode ✓',
  mode: 'actor',
  actorId: 'a'.repeat(24),
  speakResourceId: null,
  language: null,
  format: 'mp3',
  hd: true,
  modelVersion: 'latest',
  emotionPreset: null,
  emotionPrompt: null,
  volume: 100,
  speedX: 1.5,
  tempo: 1,
  pitch: -2,
  maxSeconds: 60,
  duration: null,
  lastPitch: 0,
};

function newSpeak(uid: string, now: number, changes: Partial<NewSpeak> = {}): NewSpeak {
  return { id: newId(), uid, order, query: { text: order.text, lang: 'auto', nested: { a: [1, 2] } }, actorId: order.actorId!, textCount: 33, credits: 33, now, ...changes };
}

const audio = {
  audioKey: 'speaks/x.mp3',
  contentType: 'audio/mpeg',
  sampleRate: 44100,
  duration: 2.345,
  synthesisSeconds: 0.125,
  timing: { language: 'eng', words: [{ text: 'Hello', offset: 0, length: 5, start: 0, end: 0.4 }], spoken: { text: 'hello', words: [{ text: 'hello', offset: 0, length: 5, start: 0, end: 0.4 }] } },
};

onEveryDatabase('speak repository', (c) => {
  it('stores a speak in progress and reads back its order and query exactly', async () => {
    const uid = await c.account();
    const speak = newSpeak(uid, 1_700_000_000_123);
    await c.repos.speaks.insert(speak);
    const read = await c.repos.speaks.get(speak.id);
    assert.deepEqual(read, {
      id: speak.id,
      uid,
      status: 'progress',
      order,
      query: speak.query,
      actorId: order.actorId,
      textCount: 33,
      credits: 33,
      format: 'mp3',
      audioKey: null,
      contentType: null,
      sampleRate: null,
      duration: null,
      synthesisSeconds: null,
      timing: null,
      error: null,
      createdAt: 1_700_000_000_123,
      finishedAt: null,
    });
    assert.equal(await c.repos.speaks.get(newId()), null);
  });

  it('moves a speak to done once, with its audio, and never out of done', async () => {
    const uid = await c.account();
    const speak = newSpeak(uid, 1_000);
    await c.repos.speaks.insert(speak);
    assert.equal(await c.repos.speaks.markDone(speak.id, audio, 2_000), true);
    assert.equal(await c.repos.speaks.markDone(speak.id, { ...audio, audioKey: 'other' }, 3_000), false);
    assert.equal(await c.repos.speaks.markFailed(speak.id, 'late failure', 3_000), false);
    const read = await c.repos.speaks.get(speak.id);
    assert.equal(read?.status, 'done');
    assert.equal(read?.audioKey, 'speaks/x.mp3');
    assert.equal(read?.contentType, 'audio/mpeg');
    assert.equal(read?.sampleRate, 44100);
    assert.equal(read?.duration, 2.345);
    assert.equal(read?.synthesisSeconds, 0.125);
    assert.deepEqual(read?.timing, audio.timing);
    assert.equal(read?.finishedAt, 2_000);
    assert.equal(read?.error, null);
  });

  it('moves a speak to failed once (so it is refunded once), keeping 500 characters of the reason', async () => {
    const uid = await c.account();
    const speak = newSpeak(uid, 1_000);
    await c.repos.speaks.insert(speak);
    const other = await c.other();
    const moved = await Promise.all([c.repos.speaks.markFailed(speak.id, 'x'.repeat(800), 2_000), other.speaks.markFailed(speak.id, 'y', 2_001)]);
    assert.deepEqual(moved.filter(Boolean).length, 1);
    assert.equal(await c.repos.speaks.markDone(speak.id, audio, 3_000), false);
    const read = await c.repos.speaks.get(speak.id);
    assert.equal(read?.status, 'failed');
    assert.ok(read?.error === 'y' || read?.error === 'x'.repeat(500), read?.error ?? 'null');
  });

  it('lists the speaks still in progress, oldest first', async () => {
    const uid = await c.account();
    const before = new Set(await c.repos.speaks.inProgress());
    const late = newSpeak(uid, 9_000_000_000_002);
    const early = newSpeak(uid, 9_000_000_000_001);
    const finished = newSpeak(uid, 9_000_000_000_000);
    for (const s of [late, early, finished]) await c.repos.speaks.insert(s);
    await c.repos.speaks.markDone(finished.id, audio, 9_000_000_000_005);
    const now = (await c.repos.speaks.inProgress()).filter((id) => !before.has(id));
    assert.deepEqual(now, [early.id, late.id]);
  });
});
