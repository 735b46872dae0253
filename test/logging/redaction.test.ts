import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import pino from 'pino';
import { redactPaths, scrubText, scrubUrl } from '../../src/logging/redaction.js';

describe('log redaction', () => {
  it('hides secret query parameters and user info of URLs, keeps the rest', () => {
    assert.equal(scrubUrl('/files/speak/a.mp3?expires=1700000000&signature=AbC-12_x'), '/files/speak/a.mp3?expires=1700000000&signature=[redacted]');
    assert.equal(scrubUrl('/v2/voices?api_key=k1&model=ssfm-v30'), '/v2/voices?api_key=[redacted]&model=ssfm-v30');
    assert.equal(scrubUrl('https://hooks.example.com/in?token=t0k#frag'), 'https://hooks.example.com/in?token=[redacted]#frag');
    assert.equal(scrubUrl('postgres://orator:pw@db:5432/orator'), 'postgres://[redacted]@db:5432/orator');
    assert.equal(scrubUrl('/v1/voices'), '/v1/voices');
  });

  it('hides URLs, Bearer tokens and webhook secrets inside free text', () => {
    const text = scrubText('POST https://x.test/h?secret=s3 failed; Authorization: Bearer abc.DEF-123; whsec_ZZZ9');
    assert.ok(!/s3|abc\.DEF|ZZZ9/.test(text), text);
  });

  it('redacts secret fields at the top, one level down and in headers', () => {
    let written = '';
    const sink = new Writable({ write: (chunk, _enc, done) => ((written += chunk), done()) });
    const logger = pino({ redact: { paths: redactPaths, censor: '[redacted]' } }, sink);
    logger.info({ api_key: 'K1', account: { webhook_secret: 'W1', plan: 'free' }, req: { headers: { authorization: 'Bearer T1', 'x-api-key': 'K2' } } }, 'x');
    for (const secret of ['K1', 'W1', 'T1', 'K2']) assert.ok(!written.includes(secret), written);
    assert.match(written, /"plan":"free"/);
  });
});
