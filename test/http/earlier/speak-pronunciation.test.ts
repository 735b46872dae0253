import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../test-server.js';
import { earlierClient, pollUntilFinished, type EarlierClient } from './earlier-client.js';

/**
 * A queued speak of the earlier interface with an account default dictionary: the job reads the
 * dictionaries when it runs (not when the speak was submitted), speaks the alias, and its timings
 * keep the written word.
 */
describe('a queued speak with a default pronunciation dictionary', () => {
  let server: TestServer;
  let account: { uid: string; apiKey: string; apiToken: string };
  let earlier: EarlierClient;
  let actorId: string;

  const dictionaries = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${server.url}/v1/pronunciation-dictionaries${path}`, { method, headers: { 'xi-api-key': account.apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    return JSON.parse(text) as Record<string, any>;
  };
  const submit = async (text: string) => {
    const created = await earlier.post('/api/speak', { text, lang: 'auto', actor_id: actorId, xapi_audio_format: 'wav', model_version: 'latest' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    return created.body.result.speak_v2_url as string;
  };
  const finished = async (speakV2Url: string) => {
    const result = await pollUntilFinished(earlier, speakV2Url, 200);
    assert.equal(result.status, 'done', JSON.stringify(result));
    const download = await fetch(result.audio_download_url);
    assert.equal(download.status, 200);
    return { result, audio: Buffer.from(await download.arrayBuffer()) };
  };

  before(async () => {
    // The queue is started by the test, once the speaks wait in it.
    server = await startTestServer({ startQueue: false });
    account = await server.createAccount('plus');
    earlier = earlierClient(server, account.apiToken);
    actorId = (await earlier.get('/api/actor')).body.result.find((a: any) => a.name.en === 'Olivia').actor_id;
  });
  after(() => server.close());

  it('speaks the alias of the version current when the job runs, and its captions and text_count keep the written word', async () => {
    const made = await dictionaries('POST', '/add-from-rules', { name: 'House style', rules: [{ string_to_replace: 'Orator', type: 'alias', alias: 'Oh rater' }] });
    await dictionaries('PATCH', `/${made.id}`, { default: true });
    const written = 'Orator speaks.';
    const withDictionary = await submit(written);
    const aliasWritten = await submit('Ora tore speaks.');
    const submittedVersionAlias = await submit('Oh rater speaks.');
    // While the speaks wait in the queue, the dictionary gets a new version.
    await dictionaries('POST', `/${made.id}/add-rules`, { rules: [{ string_to_replace: 'Orator', type: 'alias', alias: 'Ora tore' }] });
    await server.services.queue.start({ concurrency: 1 });

    const spoken = await finished(withDictionary);
    const expected = await finished(aliasWritten);
    const older = await finished(submittedVersionAlias);
    assert.ok(spoken.audio.equals(expected.audio), 'the audio is the alias of the version current when the job ran, byte for byte');
    assert.ok(!spoken.audio.equals(older.audio), 'not the version current when the speak was submitted');
    assert.equal(spoken.result.text_count, written.length, 'billed: the text as written');

    const captions = await earlier.get(`/api/speak/v2/${spoken.result._id}/captions?format=srt`);
    assert.equal(captions.status, 200, captions.bytes.toString());
    const cueText = captions.bytes.toString('utf8').split('\n').filter((line) => line !== '' && !/^\d+$/.test(line) && !line.includes('-->'));
    assert.deepEqual(cueText, [written], 'the timings list the written word, not the alias');
  });
});
