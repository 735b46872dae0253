import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openCoreServices, withHttpServices, type CoreServices } from '../../src/app/services.js';
import { readConfig } from '../../src/config/config.js';

/** What only HTTP requests use: a worker node must not build any of it. */
const httpOnly = ['previews', 'voiceCatalog', 'speech', 'speechCache'];

describe('the composition root builds what each role needs', () => {
  let dataDir: string;
  let core: CoreServices;
  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'orator-roles-services-'));
    core = await openCoreServices(readConfig({ DATA_DIR: dataDir, ORATOR_ROLE: 'worker', PUBLIC_URL: 'http://127.0.0.1:8080', SYNTH_WORKERS: '1', LOG_LEVEL: 'silent' }));
  });
  after(async () => {
    await core?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a worker gets the core: the job services and their backends, none of the request-only services', async () => {
    for (const name of httpOnly) assert.ok(!(name in core), `a worker has no ${name}`);
    // What the jobs need is there: the speak job runs through these.
    assert.ok(core.earlier.speaks && core.earlier.webhooks && core.customVoices.trainingJob && core.synthesizer);
  });

  it('an HTTP node gets the same core (no second database, pool or queue) with the request-only services on top', async () => {
    const full = withHttpServices(core);
    for (const name of httpOnly) assert.ok(name in full && (full as unknown as Record<string, unknown>)[name], `an HTTP node has ${name}`);
    for (const name of ['store', 'queue', 'pool', 'blobs', 'limiters', 'accounts', 'customVoices', 'earlier'] as const) assert.equal(full[name], core[name], name);
    // The request-only services work over the core: a built-in listing answers.
    const voices = await full.voiceCatalog.list('nobody');
    assert.ok(voices.length > 0);
  });
});
