import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { TypecastClient } from '@neosapience/typecast-js';
import { startTestServer, type TestServer } from '../test-server.js';
import { w3cExampleLexicon } from '../../text/w3c-example-lexicon.js';
import { earlierClient } from '../earlier/earlier-client.js';
import { StreamInputClient } from './stream-input-client.js';

interface Account {
  uid: string;
  apiKey: string;
}

/** Pronunciation dictionaries over real HTTP: ElevenLabs' official client, the Typecast client, plain requests. */
describe('pronunciation dictionaries', () => {
  let server: TestServer;
  let owner: Account;
  let stranger: Account;
  let client: ElevenLabsClient;
  let olivia: string;

  const call = (method: string, path: string, key: string, body?: unknown, header = 'xi-api-key') =>
    fetch(`${server.url}${path}`, { method, headers: { [header]: key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    assert.equal(res.status, status, text);
    return JSON.parse(text) as Record<string, any>;
  };
  /** ElevenLabs' with-timestamps in this voice, on eSpeak (ssfm-v21): audio and the written characters. */
  const timed = async (key: string, text: string, locators?: { pronunciation_dictionary_id: string; version_id?: string }[]) =>
    json(await call('POST', `/v1/text-to-speech/${olivia}/with-timestamps?output_format=pcm_24000`, key, { text, model_id: 'ssfm-v21', language_code: 'en', ...(locators ? { pronunciation_dictionary_locators: locators } : {}) }));
  const addFromRules = async (key: string, name: string, rules: unknown[]) => json(await call('POST', '/v1/pronunciation-dictionaries/add-from-rules', key, { name, rules }));

  before(async () => {
    server = await startTestServer({ startQueue: false, env: { CACHE_MAX_BYTES: String(8 * 1024 * 1024) } });
    owner = await server.createAccount('plus');
    stranger = await server.createAccount('plus');
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: server.url, maxRetries: 0 });
    const voices = (await (await fetch(`${server.url}/v3/voices`, { headers: { 'x-api-key': owner.apiKey } })).json()) as { voice_id: string; voice_name: { eng: string } }[];
    olivia = voices.find((v) => v.voice_name.eng === 'Olivia')!.voice_id;
  });
  after(() => server.close());

  it('the official ElevenLabs client makes, lists, reads, changes (a version each time), downloads and archives a dictionary', async () => {
    const made = await client.pronunciationDictionaries.createFromRules({
      name: 'Products',
      description: 'how we say our names',
      rules: [
        { type: 'alias', stringToReplace: 'Orator', alias: 'Oh rater' },
        { type: 'phoneme', stringToReplace: 'tomato', phoneme: 'təˈmɑːtoʊ', alphabet: 'ipa' },
      ],
    });
    assert.equal(made.name, 'Products');
    assert.equal(made.versionRulesNum, 2);
    assert.equal(made.createdBy, owner.uid);
    const listed = await client.pronunciationDictionaries.list();
    assert.deepEqual(listed.pronunciationDictionaries.map((d) => [d.id, d.latestVersionId, d.latestVersionRulesNum]), [[made.id, made.versionId, 2]]);
    assert.equal(listed.hasMore, false);
    const added = await client.pronunciationDictionaries.rules.add(made.id, { rules: [{ type: 'alias', stringToReplace: 'SQL', alias: 'sequel' }, { type: 'alias', stringToReplace: 'Orator', alias: 'Orah tor' }] });
    assert.notEqual(added.versionId, made.versionId);
    assert.equal(added.versionRulesNum, 3, 'a rule for a string already there replaces it');
    const removed = await client.pronunciationDictionaries.rules.remove(made.id, { ruleStrings: ['tomato'] });
    assert.equal(removed.versionRulesNum, 2);
    const latest = await client.pronunciationDictionaries.get(made.id);
    assert.equal(latest.latestVersionId, removed.versionId);
    assert.deepEqual(latest.rules.map((r) => [r.stringToReplace, r.type === 'alias' ? r.alias : null]), [['SQL', 'sequel'], ['Orator', 'Orah tor']]);
    // Every version stays readable, as the PLS it holds.
    const first = await new Response(await client.pronunciationDictionaries.download(made.id, made.versionId)).text();
    assert.match(first, /<grapheme>Orator<\/grapheme>\s*<alias>Oh rater<\/alias>/);
    assert.match(first, /<grapheme>tomato<\/grapheme>\s*<phoneme>təˈmɑːtoʊ<\/phoneme>/);
    const last = await new Response(await client.pronunciationDictionaries.download(made.id, removed.versionId)).text();
    assert.doesNotMatch(last, /tomato/);
    const archived = await client.pronunciationDictionaries.update(made.id, { archived: true, name: 'Old products' });
    assert.equal(archived.name, 'Old products');
    assert.ok(archived.archivedTimeUnix);
    assert.equal((await client.pronunciationDictionaries.list()).pronunciationDictionaries.length, 0);
    assert.equal((await client.pronunciationDictionaries.list({ includeArchived: true })).pronunciationDictionaries.length, 1);
    assert.deepEqual(await json(await call('DELETE', `/v1/pronunciation-dictionaries/${made.id}`, owner.apiKey)), { status: 'ok' });
    await assert.rejects(client.pronunciationDictionaries.get(made.id), (e: unknown) => e instanceof ElevenLabsError && e.statusCode === 404);
  });

  it('takes X-API-KEY as well as xi-api-key; another account’s dictionary is 404 on every route and in a request', async () => {
    const mine = await addFromRules(owner.apiKey, 'Mine', [{ string_to_replace: 'cat', type: 'alias', alias: 'dog' }]);
    const viaTypecastKey = await json(await call('GET', `/v1/pronunciation-dictionaries/${mine.id}`, owner.apiKey, undefined, 'x-api-key'));
    assert.equal(viaTypecastKey.name, 'Mine');
    assert.equal((await call('GET', '/v1/pronunciation-dictionaries', 'not-a-key', undefined, 'x-api-key')).status, 401);
    const other = stranger.apiKey;
    for (const [method, path, body] of [
      ['GET', `/v1/pronunciation-dictionaries/${mine.id}`],
      ['GET', `/v1/pronunciation-dictionaries/${mine.id}/${mine.version_id}/download`],
      ['POST', `/v1/pronunciation-dictionaries/${mine.id}/add-rules`, { rules: [{ string_to_replace: 'a', type: 'alias', alias: 'b' }] }],
      ['POST', `/v1/pronunciation-dictionaries/${mine.id}/remove-rules`, { rule_strings: ['cat'] }],
      ['PATCH', `/v1/pronunciation-dictionaries/${mine.id}`, { default: true }],
      ['DELETE', `/v1/pronunciation-dictionaries/${mine.id}`],
    ] as const) {
      const answer = await json(await call(method, path, other, body), 404);
      assert.equal(answer.detail.status, 'pronunciation_dictionary_not_found', `${method} ${path}`);
    }
    const refused = await json(await call('POST', `/v1/text-to-speech/${olivia}/with-timestamps`, other, { text: 'A cat.', model_id: 'ssfm-v21', pronunciation_dictionary_locators: [{ pronunciation_dictionary_id: mine.id }] }), 404);
    assert.equal(refused.detail.status, 'pronunciation_dictionary_not_found');
    assert.equal((await json(await call('GET', '/v1/pronunciation-dictionaries', other))).pronunciation_dictionaries.length, 0);
    await json(await call('DELETE', `/v1/pronunciation-dictionaries/${mine.id}`, owner.apiKey));
  });

  it('imports the W3C specification’s example lexicon from a multipart form, and refuses a file that is not PLS', async () => {
    const form = new FormData();
    form.set('name', 'W3C example');
    form.set('file', new Blob([w3cExampleLexicon], { type: 'application/pls+xml' }), 'example.pls');
    const made = await json(await fetch(`${server.url}/v1/pronunciation-dictionaries/add-from-file`, { method: 'POST', headers: { 'xi-api-key': owner.apiKey }, body: form }));
    assert.equal(made.version_rules_num, 5);
    const got = await json(await call('GET', `/v1/pronunciation-dictionaries/${made.id}`, owner.apiKey));
    assert.deepEqual(
      got.rules.map((r: Record<string, string>) => [r.string_to_replace, r.type, r.alias ?? r.phoneme]),
      [['tomato', 'phoneme', 'təmei̪ɾoʊ'], ['W3C', 'alias', 'World Wide Web Consortium'], ['theater', 'phoneme', 'ˈθɪətər'], ['theatre', 'phoneme', 'ˈθɪətər'], ['read', 'phoneme', 'riːd']],
    );
    const bad = new FormData();
    bad.set('name', 'Broken');
    bad.set('file', new Blob(['<lexicon><lexeme>']), 'bad.pls');
    const refused = await json(await fetch(`${server.url}/v1/pronunciation-dictionaries/add-from-file`, { method: 'POST', headers: { 'xi-api-key': owner.apiKey }, body: bad }), 400);
    assert.equal(refused.detail.status, 'invalid_pls_file');
    const noFile = new FormData();
    noFile.set('name', 'Nothing');
    assert.equal((await fetch(`${server.url}/v1/pronunciation-dictionaries/add-from-file`, { method: 'POST', headers: { 'xi-api-key': owner.apiKey }, body: noFile })).status, 422);
    await json(await call('DELETE', `/v1/pronunciation-dictionaries/${made.id}`, owner.apiKey));
  });

  it('keeps to the plan’s limits: dictionaries, rules and bytes per dictionary (free: 3, 1,000, 64 KiB)', async () => {
    const free = await server.createAccount('free');
    const rule = (i: number) => ({ string_to_replace: `word${i}`, type: 'alias', alias: `said${i}` });
    const full = await addFromRules(free.apiKey, 'Full', Array.from({ length: 1000 }, (_, i) => rule(i)));
    const over = await json(await call('POST', `/v1/pronunciation-dictionaries/${full.id}/add-rules`, free.apiKey, { rules: [rule(1000)] }), 400);
    assert.equal(over.detail.status, 'pronunciation_dictionary_limit_reached');
    assert.match(over.detail.message, /1000 rules/);
    const long = 'x'.repeat(400);
    const bytes = await json(await call('POST', '/v1/pronunciation-dictionaries/add-from-rules', free.apiKey, { name: 'Big', rules: Array.from({ length: 200 }, (_, i) => ({ string_to_replace: `w${i}`, type: 'alias', alias: long })) }), 400);
    assert.match(bytes.detail.message, /bytes/);
    await addFromRules(free.apiKey, 'Second', []);
    await addFromRules(free.apiKey, 'Third', []);
    const fourth = await json(await call('POST', '/v1/pronunciation-dictionaries/add-from-rules', free.apiKey, { name: 'Fourth', rules: [] }), 400);
    assert.match(fourth.detail.message, /3 pronunciation dictionaries/);
    const four = [1, 2, 3, 4].map(() => ({ pronunciation_dictionary_id: full.id }));
    assert.equal((await call('POST', `/v1/text-to-speech/${olivia}/with-timestamps`, free.apiKey, { text: 'Hi.', pronunciation_dictionary_locators: four })).status, 422);
    // At most three defaults, as a request names at most three: the fourth PATCH is refused, the third kept.
    const plus = await server.createAccount('plus');
    const ids = [];
    for (const name of ['A', 'B', 'C', 'D']) ids.push((await addFromRules(plus.apiKey, name, [])).id as string);
    for (const id of ids.slice(0, 3)) await json(await call('PATCH', `/v1/pronunciation-dictionaries/${id}`, plus.apiKey, { default: true }));
    const fourthDefault = await json(await call('PATCH', `/v1/pronunciation-dictionaries/${ids[3]}`, plus.apiKey, { default: true }), 422);
    assert.equal(fourthDefault.detail.status, 'too_many_pronunciation_dictionaries');
    assert.equal((await json(await call('GET', `/v1/pronunciation-dictionaries/${ids[3]}`, plus.apiKey))).default, false);
  });

  it('an alias is spoken as its text, the same bytes as writing it, while the timings keep the written word; versions can be named', async () => {
    const d = await addFromRules(owner.apiKey, 'Names', [{ string_to_replace: 'Orator', type: 'alias', alias: 'Oh rater' }]);
    const written = 'Welcome to orator today.';
    const withAlias = await timed(owner.apiKey, written, [{ pronunciation_dictionary_id: d.id }]);
    const spelledOut = await timed(owner.apiKey, 'Welcome to Oh rater today.');
    const without = await timed(owner.apiKey, written);
    assert.equal(withAlias.audio_base64, spelledOut.audio_base64, 'the alias’s audio, byte for byte');
    assert.notEqual(withAlias.audio_base64, without.audio_base64);
    assert.equal(withAlias.alignment.characters.join(''), written, 'the characters are the written text');
    const at = written.indexOf('orator');
    const starts: number[] = withAlias.alignment.character_start_times_seconds;
    const ends: number[] = withAlias.alignment.character_end_times_seconds;
    // The replaced word keeps its place and spans the alias's spoken time, between its neighbours.
    assert.ok(starts[at] >= ends[at - 2] && ends[at + 5] <= starts[at + 7], 'orator sits between "to" and "today"');
    const aliasStart = spelledOut.alignment.character_start_times_seconds[at];
    const aliasEnd = spelledOut.alignment.character_end_times_seconds[at + 'Oh rater'.length - 1];
    assert.ok(Math.abs(starts[at] - aliasStart) < 0.02 && Math.abs(ends[at + 5] - aliasEnd) < 0.02, `orator ${starts[at]}–${ends[at + 5]} s, the alias ${aliasStart}–${aliasEnd} s`);
    // A later version changes what is said; naming the first version still says the first alias.
    await json(await call('POST', `/v1/pronunciation-dictionaries/${d.id}/add-rules`, owner.apiKey, { rules: [{ string_to_replace: 'Orator', type: 'alias', alias: 'Ora tore' }] }));
    const pinned = await timed(owner.apiKey, written, [{ pronunciation_dictionary_id: d.id, version_id: d.version_id }]);
    assert.equal(pinned.audio_base64, spelledOut.audio_base64);
    const latest = await timed(owner.apiKey, written, [{ pronunciation_dictionary_id: d.id }]);
    assert.equal(latest.audio_base64, (await timed(owner.apiKey, 'Welcome to Ora tore today.')).audio_base64);
    await json(await call('DELETE', `/v1/pronunciation-dictionaries/${d.id}`, owner.apiKey));
  });

  it('a phoneme rule is spoken through eSpeak’s phoneme input: it changes the audio, eSpeak’s own IPA of the word gives the word’s bytes, an SSML phoneme the rule’s; the timings keep the word', async () => {
    const d = await addFromRules(owner.apiKey, 'Phonemes', [{ string_to_replace: 'tomato', type: 'phoneme', phoneme: 'təˈmɑːtoʊ', alphabet: 'ipa' }]);
    const own = await addFromRules(owner.apiKey, 'Own reading', [{ string_to_replace: 'tomato', type: 'phoneme', phoneme: 'təmˈeɪɾoʊ', alphabet: 'ipa' }]);
    const written = 'I like tomato soup.';
    const ruled = await timed(owner.apiKey, written, [{ pronunciation_dictionary_id: d.id }]);
    const plain = await timed(owner.apiKey, written);
    assert.notEqual(ruled.audio_base64, plain.audio_base64, 'the phoneme changes the audio');
    assert.equal(ruled.normalized_alignment.characters.join(''), 'I like təˈmɑːtoʊ soup.', 'the normalized alignment shows the IPA spoken');
    assert.equal((await timed(owner.apiKey, written, [{ pronunciation_dictionary_id: own.id }])).audio_base64, plain.audio_base64, 'eSpeak’s own reading, as IPA, is the word’s audio byte for byte');
    const ssml = await timed(owner.apiKey, '<speak>I like <phoneme alphabet="ipa" ph="təˈmɑːtoʊ">tomato</phoneme> soup.</speak>');
    assert.equal(ssml.audio_base64, ruled.audio_base64, 'the SSML element says what the rule says');
    // (ElevenLabs' alignment of an SSML document is its characters as sent; ssml.test.ts checks the element's timings.)
    for (const answer of [ruled]) {
      assert.equal(answer.alignment.characters.join(''), written, 'the characters are the written text');
      const starts: number[] = answer.alignment.character_start_times_seconds;
      const ends: number[] = answer.alignment.character_end_times_seconds;
      const at = written.indexOf('tomato');
      assert.ok(starts[at] >= ends[at - 2] && ends[at + 5] <= starts[at + 7] && ends[at + 5] > starts[at], `tomato ${starts[at]}–${ends[at + 5]} s sits between "like" and "soup"`);
    }
    await json(await call('DELETE', `/v1/pronunciation-dictionaries/${d.id}`, owner.apiKey));
    await json(await call('DELETE', `/v1/pronunciation-dictionaries/${own.id}`, owner.apiKey));
  });

  it('an IPA symbol Orator cannot speak is a 400 invalid_phoneme naming it, from rules, added rules and a PLS file', async () => {
    const bad = { string_to_replace: 'tomato', type: 'phoneme', phoneme: 'təˈm☃toʊ', alphabet: 'ipa' };
    const fromRules = await json(await call('POST', '/v1/pronunciation-dictionaries/add-from-rules', owner.apiKey, { name: 'Bad', rules: [bad] }), 400);
    assert.equal(fromRules.detail.status, 'invalid_phoneme');
    assert.match(fromRules.detail.message, /"☃" \(U\+2603\)/);
    const d = await addFromRules(owner.apiKey, 'Good', []);
    const added = await json(await call('POST', `/v1/pronunciation-dictionaries/${d.id}/add-rules`, owner.apiKey, { rules: [{ ...bad, phoneme: 'tə3' }] }), 400);
    assert.equal(added.detail.status, 'invalid_phoneme');
    assert.match(added.detail.message, /"3"/);
    const form = new FormData();
    form.set('name', 'Bad lexicon');
    form.set('file', new Blob([w3cExampleLexicon.replace('riːd', 'ri#d')], { type: 'application/pls+xml' }), 'bad.pls');
    const fromFile = await json(await fetch(`${server.url}/v1/pronunciation-dictionaries/add-from-file`, { method: 'POST', headers: { 'xi-api-key': owner.apiKey }, body: form }), 400);
    assert.equal(fromFile.detail.status, 'invalid_phoneme');
    assert.match(fromFile.detail.message, /"#"/);
    await json(await call('DELETE', `/v1/pronunciation-dictionaries/${d.id}`, owner.apiKey));
  });

  it('stream/with-timestamps keeps the written text too: the lines’ characters join back to it, the alias’s time on the replaced word', async () => {
    const d = await addFromRules(owner.apiKey, 'Streamed', [{ string_to_replace: 'Orator', type: 'alias', alias: 'Oh rater' }]);
    const written = 'Welcome to orator today. Orator speaks a second sentence.';
    const res = await call('POST', `/v1/text-to-speech/${olivia}/stream/with-timestamps?output_format=pcm_24000`, owner.apiKey, { text: written, model_id: 'ssfm-v21', language_code: 'en', pronunciation_dictionary_locators: [{ pronunciation_dictionary_id: d.id }] });
    const body = await res.text();
    assert.equal(res.status, 200, body);
    const lines = body.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as { alignment: { characters: string[]; character_start_times_seconds: number[]; character_end_times_seconds: number[] } });
    assert.equal(lines.length, 2, 'a line a sentence');
    assert.deepEqual(lines.map((l) => l.alignment.characters.join('')), ['Welcome to orator today.', ' Orator speaks a second sentence.'], 'each line’s characters are its sentence as written');
    // The streamed alias's words sit on "orator", timed like the whole answer's.
    const whole = await timed(owner.apiKey, written, [{ pronunciation_dictionary_id: d.id }]);
    const at = written.indexOf('orator');
    const streamedStart = lines[0].alignment.character_start_times_seconds[at];
    assert.ok(Math.abs(streamedStart - whole.alignment.character_start_times_seconds[at]) < 0.05, `orator at ${streamedStart} s streamed, ${whole.alignment.character_start_times_seconds[at]} s whole`);
    await json(await call('DELETE', `/v1/pronunciation-dictionaries/${d.id}`, owner.apiKey));
  });

  it('a default dictionary reaches a request of the official Typecast client unchanged, and OpenAI’s and the earlier interface’s; the response cache follows its versions', async () => {
    const account = await server.createAccount('plus');
    const typecast = new TypecastClient({ baseHost: server.url, apiKey: account.apiKey });
    const speak = async (text: string) => Buffer.from((await typecast.textToSpeech({ text, voice_id: olivia, model: 'ssfm-v21' })).audioData).toString('base64');
    const d = await addFromRules(account.apiKey, 'House style', [{ string_to_replace: 'Orator', type: 'alias', alias: 'Oh rater' }]);
    const text = 'Orator speaks.';
    const plain = await speak(text);
    const patched = await json(await call('PATCH', `/v1/pronunciation-dictionaries/${d.id}`, account.apiKey, { default: true }));
    assert.equal(patched.default, true);
    const stats = server.services.speechCache.stats;
    const misses = stats.misses;
    const v1 = await speak(text);
    assert.notEqual(v1, plain, 'the default dictionary applies: a new cache key, new audio');
    assert.equal(stats.misses, misses + 1);
    assert.equal(v1, await speak('Oh rater speaks.'));
    const hits = stats.hits;
    assert.equal(await speak(text), v1);
    assert.equal(stats.hits, hits + 1, 'the same version: answered from the cache');
    await json(await call('POST', `/v1/pronunciation-dictionaries/${d.id}/add-rules`, account.apiKey, { rules: [{ string_to_replace: 'Orator', type: 'alias', alias: 'Ora tore' }] }));
    const missesBefore = stats.misses;
    const v2 = await speak(text);
    assert.equal(stats.misses, missesBefore + 1, 'a new version: a new cache key');
    assert.equal(v2, await speak('Ora tore speaks.'));
    // The other interfaces: OpenAI's and the earlier one's direct synthesis.
    const openAi = async (input: string) => {
      const res = await fetch(`${server.url}/v1/audio/speech`, { method: 'POST', headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input, response_format: 'wav' }) });
      assert.equal(res.status, 200, await res.clone().text());
      return Buffer.from(await res.arrayBuffer()).toString('base64');
    };
    assert.equal(await openAi(text), await openAi('Ora tore speaks.'));
    const earlier = earlierClient(server, account.apiToken);
    const direct = async (said: string) => {
      const answer = await earlier.post('/api/text-to-speech', { text: said, lang: 'eng', actor_id: olivia.replace(/^tc_/, '') });
      assert.equal(answer.status, 200, answer.bytes.toString());
      return answer.bytes.toString('base64');
    };
    assert.equal(await direct(text), await direct('Ora tore speaks.'));
    await json(await call('PATCH', `/v1/pronunciation-dictionaries/${d.id}`, account.apiKey, { default: false }));
    assert.equal(await speak(text), plain);
    assert.notEqual(await openAi(text), await openAi('Ora tore speaks.'));
  });

  it('the stream-input WebSocket takes locators in its first message: the alias spoken, the written characters kept; another account’s refused', { timeout: 60_000 }, async () => {
    const d = await addFromRules(owner.apiKey, 'Socket', [{ string_to_replace: 'Orator', type: 'alias', alias: 'Oh rater' }]);
    const session = async (first: Record<string, unknown>, text: string, key = owner.apiKey) => {
      const client = await StreamInputClient.connect(server.url, olivia, { model_id: 'ssfm-v21', language_code: 'en', output_format: 'pcm_16000' }, { 'xi-api-key': key });
      await client.send({ text: ' ', ...first });
      await client.send({ text });
      await client.send({ text: '' });
      return { client, closed: await client.closed };
    };
    const named = await session({ pronunciation_dictionary_locators: [{ pronunciation_dictionary_id: d.id }] }, 'Welcome to orator today. ');
    assert.equal(named.closed.code, 1000);
    assert.equal(named.client.audioMessages.map((m) => m.alignment!.chars.join('')).join(''), ' Welcome to orator today. ');
    const spelled = await session({}, 'Welcome to Oh rater today. ');
    assert.ok(named.client.audio().equals(spelled.client.audio()), 'the alias’s audio');
    const refused = await session({ pronunciation_dictionary_locators: [{ pronunciation_dictionary_id: d.id }] }, 'Hello. ', stranger.apiKey);
    assert.equal(refused.closed.code, 1008);
    assert.deepEqual(refused.client.messages.map((m) => m.error), ['pronunciation_dictionary_not_found']);
  });
});
