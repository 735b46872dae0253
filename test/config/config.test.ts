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
});
