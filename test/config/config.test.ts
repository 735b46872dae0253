import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, readConfig } from '../../src/config/config.js';

describe('config', () => {
  it('has the documented defaults', () => {
    const config = readConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.publicUrl, 'http://localhost:8080');
    assert.equal(config.dataDir, path.resolve('./data'));
    assert.equal(config.databaseUrl, null);
    assert.equal(config.allowPrivateCallbacks, false);
    assert.equal(config.jobConcurrency, 16);
    assert.ok(config.synthWorkers >= 1);
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from an explicit one', () => {
    assert.equal(readConfig({ PORT: '9000' }).publicUrl, 'http://localhost:9000');
    assert.equal(readConfig({ PUBLIC_URL: 'https://tts.example.com/' }).publicUrl, 'https://tts.example.com');
  });

  it('refuses bad values with a message naming the variable', () => {
    const cases: Record<string, string>[] = [
      { PORT: 'eighty' },
      { PORT: '70000' },
      { PUBLIC_URL: 'not a url' },
      { PUBLIC_URL: 'ftp://x' },
      { DATABASE_URL: 'mysql://x' },
      { SYNTH_WORKERS: '0' },
      { JOB_CONCURRENCY: '0' },
      { ALLOW_PRIVATE_CALLBACKS: 'maybe' },
      { LOG_LEVEL: 'loud' },
      { ORATOR_ROLE: 'everything' },
    ];
    for (const env of cases) {
      const name = Object.keys(env)[0];
      assert.throws(() => readConfig(env), (error: unknown) => error instanceof ConfigError && error.message.includes(name), name);
    }
  });

  it('reads ORATOR_ROLE: all by default, api or worker', () => {
    assert.equal(readConfig({}).role, 'all');
    assert.equal(readConfig({ ORATOR_ROLE: 'api', PUBLIC_URL: 'https://tts.example.com' }).role, 'api');
    assert.equal(readConfig({ ORATOR_ROLE: 'worker', PUBLIC_URL: 'https://tts.example.com' }).role, 'worker');
  });

  it('an api or worker node (a cluster) needs PUBLIC_URL: one line naming it, not links to its own localhost', () => {
    for (const role of ['api', 'worker']) {
      assert.throws(
        () => readConfig({ ORATOR_ROLE: role, PORT: '8081' }),
        (error: unknown) => error instanceof ConfigError && !error.message.includes('\n') && error.message.startsWith(`ORATOR_ROLE=${role} needs PUBLIC_URL`),
        role,
      );
    }
    assert.equal(readConfig({ PORT: '8081' }).publicUrl, 'http://localhost:8081', 'one process (all) still defaults to its own address');
  });

  it('reads CORS_ORIGINS: unset none, * any, else a list of exact origins; anything else refused', () => {
    assert.equal(readConfig({}).corsOrigins, null);
    assert.equal(readConfig({ CORS_ORIGINS: '*' }).corsOrigins, '*');
    assert.deepEqual(readConfig({ CORS_ORIGINS: 'https://app.example.com, http://localhost:3000' }).corsOrigins, ['https://app.example.com', 'http://localhost:3000']);
    for (const bad of ['app.example.com', 'https://app.example.com/', 'https://app.example.com/path', 'ftp://x.example', 'https://a.example,', 'https://a.example,*', 'https://App.example.com']) {
      assert.throws(() => readConfig({ CORS_ORIGINS: bad }), (error: unknown) => error instanceof ConfigError && error.message.includes('CORS_ORIGINS'), bad);
    }
  });

  it('reads the request body bounds: 30 s, 3600 s for uploads, 10 s of draining by default', () => {
    const config = readConfig({});
    assert.deepEqual([config.bodyTimeoutMs, config.uploadBodyTimeoutMs, config.refusedBodyDrainMs], [30_000, 3_600_000, 10_000]);
    const set = readConfig({ BODY_TIMEOUT_SECONDS: '5', UPLOAD_BODY_TIMEOUT_SECONDS: '60', REFUSED_BODY_DRAIN_SECONDS: '2' });
    assert.deepEqual([set.bodyTimeoutMs, set.uploadBodyTimeoutMs, set.refusedBodyDrainMs], [5_000, 60_000, 2_000]);
    for (const name of ['BODY_TIMEOUT_SECONDS', 'UPLOAD_BODY_TIMEOUT_SECONDS', 'REFUSED_BODY_DRAIN_SECONDS']) {
      assert.throws(() => readConfig({ [name]: '0' }), (error: unknown) => error instanceof ConfigError && error.message.includes(name), name);
    }
  });
});
