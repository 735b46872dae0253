import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { resample } from '../../../../src/synthesis/dsp/resample.js';
import { encodeMp3 } from '../../../../src/synthesis/encoders/mp3.js';
import { noiseSource } from '../../../synthesis/signals.js';
import { wavWith } from '../../../services/custom-voices/wav-with.js';
import { head, openCustomVoiceServer, type CustomVoiceServer } from './fixture.js';


type Answer = { status: number; type: string | null; body: { detail: unknown } | null };

/** Every answer of these routes is JSON, and never a 500. */
function assertAnswer(answer: Answer, status: number, what: string): void {
  assert.equal(answer.status, status, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  assert.match(answer.type ?? '', /^application\/json/, what);
}

describe('bad uploads over HTTP: each gets its decided answer, never a 500', () => {
  let cv: CustomVoiceServer;
  let key: string;
  let uid: string;
  let speech: Uint8Array;
  let mp3: Uint8Array;
  const clone = (file: Uint8Array | undefined, fields: Record<string, string | undefined> = {}, filename = 'sample.wav') =>
    cv.clone(key, { file: file && { bytes: file, filename }, name: 'sample', model: 'ssfm-v30', ...fields });

  before(async () => {
    cv = await openCustomVoiceServer();
    await cv.server.services.plans.update('custom', { customVoiceSlot: 1000, maxConcurrentClones: 10 });
    ({ apiKey: key, uid } = await cv.server.createAccount('custom'));
    const pcm = head(await cv.speaker(), 7);
    speech = cv.wav(pcm);
    mp3 = await encodeMp3(await resample(pcm, 44100));
  });
  after(() => cv.close());

  it('the fields come first: FastAPI 422s for missing, empty, too long, out-of-list and misplaced fields, and for bodies that are not multipart', async () => {
    const missing = await clone(undefined, { name: undefined });
    assertAnswer(missing, 422, 'file and name missing');
    assert.deepEqual(missing.body!.detail, [
      { loc: ['body', 'file'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'name'], msg: 'Field required', type: 'missing' },
    ]);
    const bad = await clone(speech, { name: 'x'.repeat(31), model: 'ssfm-v31' });
    assertAnswer(bad, 422, 'name too long, model unknown');
    assert.deepEqual(bad.body!.detail, [
      { loc: ['body', 'name'], msg: 'String should have at most 30 characters', type: 'string_too_long' },
      { loc: ['body', 'model'], msg: "Input should be 'ssfm-v21' or 'ssfm-v30'", type: 'enum' },
    ]);
    assertAnswer(await clone(speech, { name: '' }), 422, 'empty name is missing');
    assertAnswer(await clone(speech, { name: '   ' }), 422, 'a name of blanks');
    assertAnswer(await clone(speech, { name: '🎤'.repeat(31) }), 422, '31 characters (62 UTF-16 units)');
    // Text where the file belongs, a file where text belongs.
    const swapped = await cv.clone(key, { file: 'not a file', name: { bytes: speech }, model: 'ssfm-v30' });
    assertAnswer(swapped, 422, 'swapped');
    assert.deepEqual(
      (swapped.body!.detail as { loc: string[]; type: string }[]).map((i) => [i.loc[1], i.type]),
      [['file', 'value_error'], ['name', 'string_type']],
    );
    // Not multipart at all: every field is missing (FastAPI reads no form from it).
    for (const [body, type] of [
      [JSON.stringify({ name: 'x', model: 'ssfm-v30' }), 'application/json'],
      ['name=x&model=ssfm-v30', 'application/x-www-form-urlencoded'],
      ['hello', 'text/plain'],
      [undefined, undefined],
      [Buffer.alloc(3_000_000, 1), 'application/octet-stream'],
    ] as const) {
      const res = await cv.call('POST', '/v1/custom-voices/instant-clone', key, body, type ? { 'content-type': type } : {});
      const answer = { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
      assertAnswer(answer, 422, `not multipart (${type})`);
      assert.deepEqual((answer.body.detail as { loc: string[] }[]).map((i) => i.loc[1]), ['file', 'name', 'model'], type);
    }
    // Multipart without a boundary, or cut short: the body cannot be read (400).
    const noBoundary = await cv.call('POST', '/v1/voices/clone', key, 'x', { 'content-type': 'multipart/form-data' });
    assert.equal(noBoundary.status, 400);
    const unauthorized = await cv.call('POST', '/v1/voices/clone', null, cv.form({ name: 'x' }));
    assert.equal(unauthorized.status, 401);
    assert.deepEqual(Object.keys(await unauthorized.json()), ['detail']);
  });

  it('then the file: too large, unreadable, not WAV/MP3, wrong layout, too short, too long, silent → 400; an MP3 named .wav is fine', async () => {
    const renamed = await clone(mp3, {}, 'recording.wav');
    assertAnswer(renamed, 200, 'an MP3 named .wav');
    const random = noiseSource(3);
    const garbage = Uint8Array.from({ length: 50_000 }, () => Math.floor((random() + 1) * 128));
    const cases: [string, Uint8Array, RegExp][] = [
      ['empty', new Uint8Array(0), /empty/],
      ['garbage', garbage, /neither WAV nor MP3/],
      ['text', new TextEncoder().encode('<html>not audio</html>'.repeat(100)), /neither WAV nor MP3/],
      ['truncated WAV', speech.subarray(0, Math.floor(speech.length / 2)), /truncated/],
      ['truncated MP3 header', mp3.subarray(0, 3), /.+/],
      ['ADPCM', wavWith({ tag: 2, bits: 4, blockAlign: 256, data: new Uint8Array(16000 * 8) }), /.+/],
      ['24-bit float', wavWith({ tag: 3, bits: 24, data: new Uint8Array(16000 * 3 * 8) }), /.+/],
      ['no channels', wavWith({ channels: 0, data: new Uint8Array(16000 * 16) }), /.+/],
      ['too short', wavWith({ rate: 22050, data: speech.subarray(44, 44 + 2 * 22050 * 3) }), /at least 5 s/],
      ['too long', wavWith({ rate: 16000, data: new Uint8Array(16000 * 2 * 151) }), /longer than the 150 s/],
      ['silent', wavWith({ rate: 16000, data: new Uint8Array(16000 * 2 * 20) }), /voiced speech/],
      ['too large', new Uint8Array(25_000_001), /larger than 25 MB/],
      ['far too large', new Uint8Array(60_000_000), /larger than 25 MB/],
    ];
    for (const [what, bytes, message] of cases) {
      const answer = await clone(bytes);
      assertAnswer(answer, 400, what);
      assert.match(String(answer.body!.detail), message, what);
    }
    await cv.server.services.customVoices.idle();
    assert.deepEqual(cv.leftovers(), [], 'refused uploads leave no temp file');
    const voices = (await cv.json('GET', '/v1/custom-voices', key)).body as { voice_id: string }[];
    assert.deepEqual(voices.map((v) => v.voice_id), [(renamed.body as unknown as { voice_id: string }).voice_id], 'only the MP3 made a voice');
    assert.deepEqual((await cv.blobKeys(`custom-voices/${uid}/`)).map((k) => k.split('/').pop()), ['original.mp3']);
  });

  it('the plan (403) before a byte of the body; then fields (422) before size (400) before the audio (400)', async () => {
    await cv.server.services.plans.create({ ...(await cv.server.services.plans.require('lite')), name: 'noclone', cloneAllowed: false });
    const barred = (await cv.server.createAccount('noclone')).apiKey;
    const allowed = (await cv.server.createAccount('lite')).apiKey;
    const huge = new Uint8Array(26_000_000);
    assert.equal((await cv.clone(allowed, { file: { bytes: huge }, model: 'ssfm-v30' })).status, 422, 'name missing beats too large');
    assert.equal((await cv.clone(allowed, { file: { bytes: huge }, name: 'x', model: 'ssfm-v30' })).status, 400, 'too large');
    // A plan without cloning is refused whatever the body holds: the body is never read.
    for (const fields of [{ file: { bytes: huge }, model: 'ssfm-v30' }, { file: { bytes: huge }, name: 'x', model: 'ssfm-v30' }, { file: { bytes: wavWith({ data: new Uint8Array(100) }) }, name: 'x', model: 'ssfm-v30' }]) {
      const refused = await cv.clone(barred, fields);
      assertAnswer(refused, 403, 'plan without cloning');
      assert.match(String(refused.body!.detail), /not available on your plan/);
    }
    assert.deepEqual(cv.leftovers(), []);
  });

  it('long parts the parser skips (no form-data disposition, a file past the count) are read through: answered, nothing left behind', { timeout: 60_000 }, async () => {
    const part = (headers: string, bytes: Uint8Array) => [Buffer.from(`--b\r\n${headers}\r\n\r\n`), Buffer.from(bytes), Buffer.from('\r\n')];
    const filePart = (name: string, bytes: Uint8Array) => part(`Content-Disposition: form-data; name="${name}"; filename="a.wav"\r\nContent-Type: audio/wav`, bytes);
    const long = new Uint8Array(200_000).fill(85);
    const fields = [...part('Content-Disposition: form-data; name="name"', Buffer.from('voice')), ...part('Content-Disposition: form-data; name="model"', Buffer.from('ssfm-v30'))];
    const bodies = {
      // @fastify/busboy stalled for good on each of these once the skipped part outgrew its buffer.
      'no disposition': [...filePart('file', speech), ...part('X-Other: y', long), ...fields],
      'not form-data': [...filePart('file', speech), ...part('Content-Disposition: attachment; name="x"', long), ...fields],
      'a fifth file': [...filePart('file', speech), ...[1, 2, 3, 4].flatMap((i) => filePart(`extra${i}`, long)), ...fields],
    };
    for (const [what, parts] of Object.entries(bodies)) {
      const res = await cv.call('POST', '/v1/custom-voices/instant-clone', key, Buffer.concat([...parts, Buffer.from('--b--\r\n')]), { 'content-type': 'multipart/form-data; boundary=b' });
      const body = (await res.json()) as { detail: unknown };
      assert.ok([200, 400].includes(res.status), `${what}: ${res.status} ${JSON.stringify(body)}`);
      await cv.server.services.customVoices.idle();
      assert.deepEqual(cv.leftovers(), [], what);
    }
  });

  it('fuzz: random boundaries, cut bodies, huge and repeated fields, stray parts → never a 500, nothing left behind', async () => {
    const random = noiseSource(77);
    const unit = () => (random() + 1) / 2;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(unit() * list.length)];
    const boundaryChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'()+_,-./:=?";
    const statuses = new Map<number, number>();
    for (let round = 0; round < 80; round++) {
      const boundary = Array.from({ length: 1 + Math.floor(unit() * 69) }, () => pick([...boundaryChars])).join('');
      const parts: Buffer[] = [];
      const field = (name: string, value: string | Uint8Array, file = false) =>
        parts.push(
          Buffer.concat([
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="a.wav"\r\nContent-Type: audio/wav' : ''}\r\n\r\n`),
            Buffer.from(value),
            Buffer.from('\r\n'),
          ]),
        );
      const fileBytes = pick([speech, mp3, speech.subarray(0, Math.floor(unit() * speech.length)), new Uint8Array(200).fill(65)]);
      const fields: [string, string | Uint8Array, boolean][] = [
        ['file', fileBytes, true],
        ['name', pick(['voice', 'x'.repeat(100_000), '', 'a\u0000b', '"quoted"']), false],
        ['model', pick(['ssfm-v30', 'ssfm-v21', 'ssfm-v31', '']), false],
      ];
      if (unit() < 0.3) fields.push(['name', 'duplicate', false]);
      if (unit() < 0.2) fields.push(['file', speech.subarray(0, 1000), true]);
      if (unit() < 0.2) fields.push(['extra', 'e'.repeat(Math.floor(unit() * 200_000)), false]);
      if (unit() < 0.1) fields.push(['constructor', 'x', false]);
      for (const [name, value, file] of fields.sort(() => unit() - 0.5)) if (unit() > 0.1) field(name, value, file);
      let body = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
      const damage = unit();
      if (damage < 0.25) body = body.subarray(0, Math.floor(unit() * body.length));
      else if (damage < 0.35) for (let i = 0; i < 20; i++) body[Math.floor(unit() * Math.min(body.length, 400))] = Math.floor(unit() * 256);
      else if (damage < 0.4) body = Buffer.from(body.toString('latin1').replaceAll('\r\n', '\n'), 'latin1');
      const type = unit() < 0.9 ? `multipart/form-data; boundary=${unit() < 0.5 ? boundary : `"${boundary}"`}` : pick(['multipart/form-data', 'multipart/form-data; boundary=', `multipart/mixed; boundary=${boundary}`]);
      const res = await cv.call('POST', pick(['/v1/voices/clone', '/v1/custom-voices/instant-clone']), key, body, { 'content-type': type });
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      assert.ok([200, 400, 422].includes(res.status), `round ${round}: ${res.status} ${text.slice(0, 300)}`);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      JSON.parse(text);
    }
    console.log(`multipart fuzz: ${[...statuses].sort().map(([s, n]) => `${n} × ${s}`).join(', ')}`);

    // A client that goes away halfway through its upload.
    await new Promise<void>((resolve) => {
      const request = http.request(`${cv.server.url}/v1/custom-voices/instant-clone`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': String(10_000_000) },
      });
      request.on('error', () => resolve());
      request.write(`--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\n`);
      request.write(Buffer.from(speech.subarray(0, 100_000)));
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 300);
    });
    // The server removes an aborted upload's temp file once it sees the connection gone, which
    // takes longer on a loaded machine: wait for it, within a bound.
    for (const deadline = Date.now() + 10_000; cv.leftovers().length > 0 && Date.now() < deadline; ) {
      await cv.server.services.customVoices.idle();
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(cv.leftovers(), [], 'no temp file after aborted and damaged uploads');
    assert.equal((await cv.json('GET', '/v1/custom-voices', key)).status, 200, 'the server is fine');
  });
});
