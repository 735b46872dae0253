import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hostileSsml } from '../../text/hostile-ssml.js';
import { earlierClient, pollUntilFinished } from '../earlier/earlier-client.js';
import { openCurrentApi, type CurrentApi } from './current-api.js';

interface Timed {
  text: string;
  start: number;
  end: number;
}

describe('SSML on every interface', () => {
  let api: CurrentApi;
  let voice: string;
  const used = async () => (await api.server.services.accounts.require(api.uid)).usedCredits;
  const timestamps = async (text: string) => {
    const res = await api.call('POST', '/v1/text-to-speech/with-timestamps?captions=srt', { body: { voice_id: voice, model: 'ssfm-v21', text, language: 'eng' } });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as { audio: string; audio_duration: number; words: Timed[]; characters: Timed[]; captions: { srt: string } };
  };
  const seconds = async (text: string) => (await timestamps(text)).audio_duration;
  before(async () => {
    api = await openCurrentApi('custom');
    voice = await api.voiceId('Olivia');
  });
  after(() => api.close());

  it('break time="2s" adds 2.0 s (±0.05) to the same document without it', async () => {
    const plain = await seconds('<speak>Hello there. How are you today?</speak>');
    const broken = await seconds('<speak>Hello there. <break time="2s"/>How are you today?</speak>');
    assert.ok(Math.abs(broken - plain - 2) <= 0.05, `with the break ${broken} s, without ${plain} s`);
  });

  it('prosody rate="50%" doubles the time of the part it holds (±10 %)', async () => {
    const sentence = 'The quick brown fox jumps over the lazy dog.';
    const normal = await seconds(`<speak>${sentence}</speak>`);
    const slow = await seconds(`<speak><prosody rate="50%">${sentence}</prosody></speak>`);
    assert.ok(Math.abs(slow / normal - 2) <= 0.2, `50%: ${slow} s, 100%: ${normal} s`);
    // Inside a longer text: the slowed part's words span twice their time.
    const mixed = await timestamps(`<speak>First part here. <prosody rate="50%">${sentence}</prosody> Last part here.</speak>`);
    const words = mixed.words.filter((w) => sentence.split(' ').includes(w.text));
    const span = words.at(-1)!.end - words[0]!.start;
    const plainWords = (await timestamps(`First part here. ${sentence} Last part here.`)).words.filter((w) => sentence.split(' ').includes(w.text));
    const plainSpan = plainWords.at(-1)!.end - plainWords[0]!.start;
    assert.ok(Math.abs(span / plainSpan - 2) <= 0.2, `slowed part ${span} s, plain ${plainSpan} s`);
  });

  it('say-as characters spells; sub speaks the alias; timings, captions and credits follow the spoken text', async () => {
    const spelled = await timestamps('<speak><say-as interpret-as="characters">NASA</say-as></speak>');
    assert.deepEqual(spelled.words.map((w) => w.text), ['N', 'A', 'S', 'A']);
    const spelledPlain = await timestamps('N A S A');
    assert.equal(spelled.audio, spelledPlain.audio, 'the same audio as the letters written apart');
    const before = await used();
    const sub = await timestamps('<speak>Visit the <sub alias="World Wide Web">WWW</sub> today.</speak>');
    assert.equal(await used(), before + 'Visit the World Wide Web today.'.length, 'billed: the spoken text, not the markup');
    assert.deepEqual(sub.words.map((w) => w.text), ['Visit', 'the', 'World', 'Wide', 'Web', 'today.']);
    assert.equal(sub.characters.map((c) => c.text).join(''), 'Visit the World Wide Web today.');
    assert.match(sub.captions.srt, /\nVisit the World Wide Web today\.\n\n$/);
    const aliasSpoken = await timestamps('Visit the World Wide Web today.');
    assert.equal(sub.audio, aliasSpoken.audio, 'the same audio as the alias written out');
  });

  it('phoneme speaks its IPA through the engine’s phoneme input: other audio, the written word in its place, billed as written; a bad symbol is a 422 naming it', async () => {
    const plain = await timestamps('I like tomato soup.');
    const before = await used();
    const said = await timestamps('<speak>I like <phoneme alphabet="ipa" ph="təˈmɑːtoʊ">tomato</phoneme> soup.</speak>');
    assert.equal(await used(), before + 'I like tomato soup.'.length);
    assert.notEqual(said.audio, plain.audio);
    assert.deepEqual(said.words.map((w) => w.text), ['I', 'like', 'tomato', 'soup.']);
    assert.equal(said.characters.map((c) => c.text).join(''), 'I like tomato soup.');
    const own = await timestamps('<speak>I like <phoneme ph="təmˈeɪɾoʊ">tomato</phoneme> soup.</speak>');
    assert.equal(own.audio, plain.audio, 'eSpeak’s own reading as IPA: the word’s audio');
    const res = await api.call('POST', '/v1/text-to-speech', { body: { voice_id: voice, model: 'ssfm-v21', text: '<speak><phoneme ph="tə☃">tomato</phoneme></speak>' } });
    const body = await res.text();
    assert.equal(res.status, 422, body);
    const detail = (JSON.parse(body) as { detail: { loc: string[]; msg: string }[] }).detail[0]!;
    assert.deepEqual(detail.loc, ['body', 'text']);
    assert.match(detail.msg, /SSML: phoneme ph: .*"☃" \(U\+2603\)/u);
  });

  it('plain text with <, & and <speak in the middle is spoken and billed as it is', async () => {
    const text = 'Tom & Jerry: 3 < 4. Say <speak> now.';
    const before = await used();
    const answer = await timestamps(text);
    assert.equal(await used(), before + text.length);
    assert.equal(answer.characters.map((c) => c.text).join(''), text);
  });

  it('200 generated malformed or hostile documents: each a 422 naming text, none a 5xx, nothing charged', async () => {
    const before = await used();
    const documents = hostileSsml(200);
    for (let i = 0; i < documents.length; i += 4) {
      await Promise.all(
        documents.slice(i, i + 4).map(async (text) => {
          const res = await api.call('POST', '/v1/text-to-speech', { body: { voice_id: voice, model: 'ssfm-v21', text: text.slice(0, 2000) } });
          const body = await res.text();
          if (text.length > 2000) return assert.equal(res.status, 422);
          assert.equal(res.status, 422, `${text.slice(0, 120)}: ${body}`);
          assert.match(body, /"loc":\["body","text"\].*SSML: /u, text.slice(0, 120));
        }),
      );
    }
    assert.equal(await used(), before);
  });

  it('the OpenAI interface reads SSML and refuses a bad document in its own shape', async () => {
    const speech = (input: string) =>
      fetch(`${api.server.url}/v1/audio/speech`, { method: 'POST', headers: { authorization: `Bearer ${api.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input, response_format: 'wav' }) });
    const durationOf = async (input: string) => {
      const res = await speech(input);
      assert.equal(res.status, 200, await res.clone().text());
      const bytes = Buffer.from(await res.arrayBuffer());
      // A streamed WAV: sizes unknown in the header; the samples are what follows it.
      return (bytes.length - 44) / 2 / 24000;
    };
    const plain = await durationOf('<speak>Hello there. How are you?</speak>');
    const broken = await durationOf('<speak>Hello there. <break time="2s"/>How are you?</speak>');
    assert.ok(Math.abs(broken - plain - 2) <= 0.05, `OpenAI: ${broken} s against ${plain} s`);
    const refused = await speech('<speak><voice name="x">Hi</voice></speak>');
    assert.equal(refused.status, 400);
    const error = ((await refused.json()) as { error: { param: string; code: string; message: string } }).error;
    assert.deepEqual([error.param, error.code], ['input', 'invalid_ssml']);
    assert.match(error.message, /voice/);
  });

  it('the earlier interface reads SSML: billed and captioned as spoken; a bad document is app/invalid/text', async () => {
    const { apiToken } = await api.server.createAccount('custom');
    const client = earlierClient(api.server, apiToken);
    await api.server.services.queue.start({ concurrency: 1 });
    const text = '<speak>Visit the <sub alias="World Wide Web">WWW</sub> today.</speak>';
    const created = await client.post('/api/speak', { text, lang: 'auto', actor_id: voice.slice(3), xapi_audio_format: 'wav' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const result = await pollUntilFinished(client, created.body.result.speak_v2_url, 100);
    assert.equal(result.status, 'done');
    assert.equal(result.text_count, 'Visit the World Wide Web today.'.length);
    const id = created.body.result.speak_v2_url.split('/').pop();
    const captions = await client.get(`/api/speak/v2/${id}/captions?format=vtt`);
    assert.match(captions.bytes.toString('utf8'), /\nVisit the World Wide Web today\.\n\n$/);
    const bad = await client.post('/api/speak', { text: '<speak><prosody rate="5%">Hi</prosody></speak>', lang: 'auto', actor_id: voice.slice(3) });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message.error_code, 'app/invalid/text');
    assert.match(bad.body.message.msg, /rate/);
  });
});
