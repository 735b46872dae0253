import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../test-server.js';
import { plsFeatureExamples } from '../../text/w3c-example-lexicon.js';

/** PLS lexicons over HTTP: add-from-file with each feature, the download read back, refusals naming what is refused. */
describe('PLS import and download', () => {
  let server: TestServer;
  let apiKey: string;

  const upload = async (name: string, lexicon: string) => {
    const form = new FormData();
    form.set('name', name);
    form.set('file', new Blob([lexicon], { type: 'application/pls+xml' }), 'lexicon.pls');
    return fetch(`${server.url}/v1/pronunciation-dictionaries/add-from-file`, { method: 'POST', headers: { 'xi-api-key': apiKey }, body: form });
  };
  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    assert.equal(res.status, status, text);
    return JSON.parse(text) as Record<string, any>;
  };
  const get = (path: string) => fetch(`${server.url}/v1/pronunciation-dictionaries${path}`, { headers: { 'xi-api-key': apiKey } });
  /** The rules as the API answers them, in Orator's internal shape, to compare with the examples'. */
  const rulesOf = async (id: string) =>
    ((await json(await get(`/${id}`))).rules as Record<string, string>[]).map((r) =>
      r.type === 'alias' ? { stringToReplace: r.string_to_replace, type: 'alias', alias: r.alias } : { stringToReplace: r.string_to_replace, type: 'phoneme', phoneme: r.phoneme, alphabet: r.alphabet },
    );

  before(async () => {
    server = await startTestServer({ startQueue: false });
    apiKey = (await server.createAccount('custom')).apiKey;
  });
  after(() => server.close());

  for (const example of plsFeatureExamples.filter((e) => !e.refused)) {
    it(`${example.name}: the rules it means, and its download imports back to the same rules`, async () => {
      const made = await json(await upload(example.name.slice(0, 60), example.lexicon));
      assert.equal(made.version_rules_num, example.rules!.length);
      assert.deepEqual(await rulesOf(made.id), example.rules);
      const download = await get(`/${made.id}/${made.version_id}/download`);
      assert.equal(download.status, 200);
      assert.match(download.headers.get('content-type') ?? '', /^application\/pls\+xml/u);
      const again = await json(await upload('round trip', await download.text()));
      assert.deepEqual(await rulesOf(again.id), example.rules);
    });
  }

  for (const example of plsFeatureExamples.filter((e) => e.refused)) {
    it(`${example.name}: 400 invalid_pls_file naming "${example.refused}", nothing made`, async () => {
      const before = (await json(await get(''))).pronunciation_dictionaries.length;
      const refused = await json(await upload('refused', example.lexicon), 400);
      assert.equal(refused.detail.status, 'invalid_pls_file');
      assert.match(refused.detail.message, new RegExp(`"${example.refused}"`, 'u'));
      assert.equal((await json(await get(''))).pronunciation_dictionaries.length, before);
    });
  }
});
