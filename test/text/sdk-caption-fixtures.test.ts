import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openCurrentApi, type CurrentApi } from '../http/current/current-api.js';
import { howToRunSdkFixtures, readSdkCaptionFixtures } from './sdk-caption-fixtures.js';

/**
 * POST /v1/captions on the official SDKs' own fixtures gives their expected files byte for byte.
 * The fixtures are read from outside the project (see sdk-caption-fixtures.ts); without them the
 * test is skipped, saying how to run it.
 */
const found = readSdkCaptionFixtures();

describe('the official Typecast SDKs’ caption fixtures', { skip: found === null ? howToRunSdkFixtures : false }, () => {
  let api: CurrentApi;
  before(async () => {
    api = await openCurrentApi('free');
  });
  after(() => api.close());

  it(`are there to compare (${found?.source ?? 'none'})`, () => {
    // The four the README lists; more are welcome, fewer means the layout changed.
    assert.ok(found!.fixtures.length >= 4, found!.fixtures.map((f) => f.name).join(', '));
  });

  for (const fixture of found?.fixtures ?? []) {
    for (const format of ['srt', 'vtt'] as const) {
      it(`${fixture.name}.json → expected/${fixture.name}.${format}, byte for byte`, async () => {
        const res = await api.call('POST', `/v1/captions?format=${format}`, { rawBody: fixture.json });
        const bytes = Buffer.from(await res.arrayBuffer());
        assert.equal(res.status, 200, bytes.toString('utf8'));
        assert.ok(bytes.equals(Buffer.from(fixture[format], 'utf8')), `got:\n${JSON.stringify(bytes.toString('utf8'))}\nexpected:\n${JSON.stringify(fixture[format])}`);
      });
    }
  }
});
