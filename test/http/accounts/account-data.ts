import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { findVoiceByAnyName } from '../../../src/synthesis/catalog/find-voice.js';
import { waitFor } from '../../contract/test-databases.js';
import { earlierClient, pollUntilFinished } from '../earlier/earlier-client.js';
import type { TestServer } from '../test-server.js';

/** Every table of the server's database, as the database itself lists them (so a new table cannot slip through), with all its rows. */
export async function everyRow(server: TestServer): Promise<Map<string, string[]>> {
  const db = server.services.store.db;
  const names =
    server.services.store.dialect === 'postgres'
      ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows;
  const tables = new Map<string, string[]>();
  for (const { name } of names) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    tables.set(name, rows.map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? Number(v) : v))).sort());
  }
  return tables;
}

export async function everyBlob(server: TestServer): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of server.services.blobs.list('')) keys.push(key);
  return keys.sort();
}

const sampleText =
  'This is my own voice, recorded for the upload. It should be long enough to hear its pitch clearly. ' +
  'I read a few sentences, at my usual pace, so that the way I speak can be measured.';

/**
 * Gives a fresh account one of everything an account can own, through the interfaces as a client
 * would: a speak with its audio and its delivered webhook (to `callbackUrl`), an upload slot with
 * its file, an instant custom voice (trained), a cached answer, a second API key. Returns its uid.
 */
export async function accountWithEverything(server: TestServer, callbackUrl: string, tag: string): Promise<{ uid: string; apiKey: string }> {
  const { uid, apiKey, apiToken } = await server.createAccount('plus');
  const client = earlierClient(server, apiToken);
  const actor = findVoiceByAnyName('eng-olivia')!.id;
  assert.equal((await client.put('/api/me/callback-url', { callback_url: callbackUrl })).status, 200);
  const created = await client.post('/api/speak', { text: `Deleted with everything, ${tag}.`, lang: 'en-us', actor_id: actor });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  assert.equal((await pollUntilFinished(client, created.body.result.speak_v2_url, 50)).status, 'done');
  const sample = await client.post('/api/text-to-speech', { text: sampleText, lang: 'en-us', actor_id: actor, xapi_audio_format: 'wav', model_version: 'v1' });
  assert.equal(sample.status, 200);
  const slot = await client.post('/api/speak/resource', { audio_format: 'wav' });
  assert.equal(slot.status, 200);
  const uploaded = await fetch(slot.body.result.presigned_url, { method: 'PUT', body: sample.bytes as unknown as BodyInit, headers: { 'content-type': 'audio/wav' } });
  assert.equal(uploaded.status, 200);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(sample.bytes)], { type: 'audio/wav' }), 'me.wav');
  form.append('name', `Voice ${tag}`);
  form.append('model', 'ssfm-v30');
  const cloned = await fetch(`${server.url}/v1/custom-voices/instant-clone`, { method: 'POST', body: form, headers: { 'x-api-key': apiKey } });
  assert.equal(cloned.status, 200, await cloned.clone().text());
  const voiceId = (await cloned.json()).voice_id as string;
  await waitFor(async () => (await (await fetch(`${server.url}/v1/custom-voices/${voiceId}`, { headers: { 'x-api-key': apiKey } })).json()).status === 'completed', 120_000, 'the clone');
  await waitFor(async () => (await server.services.repositories.customVoices.get(voiceId))?.upload_key, 30_000, 'the stored upload');
  const tts = await fetch(`${server.url}/v1/text-to-speech`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ voice_id: voiceId, text: `Cached in my own voice, ${tag}.`, model: 'ssfm-v30', language: 'eng' }),
  });
  assert.equal(tts.status, 200);
  await tts.arrayBuffer();
  // The answer is stored behind the response: landed before the caller counts the account's rows.
  await server.services.speechCache.settled();
  await server.services.accounts.addKey(uid, 'cli');
  return { uid, apiKey };
}
