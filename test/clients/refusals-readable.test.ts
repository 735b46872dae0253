import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { TypecastAPIError, TypecastClient } from '@neosapience/typecast-js';
import { encodeWavPcm16 } from '../../src/synthesis/encoders/wav.js';
import { startTestServer, type TestServer } from '../http/test-server.js';
import { startNetworkDelayProxy } from './network-delay-proxy.js';

const run = promisify(execFile);

/** Whether python3 has requests (Debian's python3-requests; .ci/run installs it). */
async function hasPythonRequests(): Promise<boolean> {
  try {
    await run('python3', ['-c', 'import requests']);
    return true;
  } catch {
    return false;
  }
}

/** Python's requests posting a clone form or a raw body; prints the status it read, or the exception. */
const pythonClient = `
import sys, requests
url, key, path, kind = sys.argv[1:5]
headers = {'X-API-KEY': key}
try:
    with open(path, 'rb') as f:
        if kind == 'form':
            r = requests.post(url, headers=headers, files={'file': ('sample.wav', f, 'audio/wav')}, data={'name': 'mine', 'model': 'ssfm-v30'}, timeout=60)
        else:
            headers['Content-Type'] = 'application/json'
            r = requests.post(url, headers=headers, data=f.read(), timeout=60)
    print(r.status_code, r.text[:200])
except Exception as e:
    print('exception', type(e).__name__, e)
`;

/**
 * Refusals before the body (403 for a plan without cloning; 413 for a body over the limit) as
 * each client reads them, with a real 8-second sample: the official JS client throws its own
 * TypecastAPIError, Node's fetch, Python's requests and curl read the status. None meets a reset.
 * Through a proxy that delays the server's bytes by 20 ms, as a network does: on bare loopback a
 * server that closed at once (as Orator did) was read by all of them, through the proxy it reset
 * Python's requests every time and fetch and curl about half the time.
 */
describe('every client reads a refusal given before the body', () => {
  let server: TestServer;
  let dir: string;
  let barredKey: string;
  let samplePath: string;
  let sample: Uint8Array;
  let oversizedPath: string;
  let proxy: { url: string; close(): Promise<void> };
  before(async () => {
    server = await startTestServer({ startQueue: false });
    proxy = await startNetworkDelayProxy(server.url, 20);
    await server.services.plans.create({ ...(await server.services.plans.require('lite')), name: 'noclone', cloneAllowed: false });
    barredKey = (await server.createAccount('noclone')).apiKey;
    dir = await mkdtemp(path.join(os.tmpdir(), 'orator-refusals-'));
    // Eight seconds of a 440 Hz tone at 44.1 kHz: 706 kB, the size that met EPIPE before.
    const samples = Float32Array.from({ length: 8 * 44_100 }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / 44_100));
    sample = encodeWavPcm16({ samples, sampleRate: 44_100 });
    samplePath = path.join(dir, 'sample.wav');
    await writeFile(samplePath, sample);
    // 1.5 MiB of JSON against the 1 MiB limit of the synthesis routes.
    oversizedPath = path.join(dir, 'oversized.json');
    await writeFile(oversizedPath, JSON.stringify({ text: 'x'.repeat(1.5 * 1024 * 1024), model: 'ssfm-v21', voice_id: 'tc_62a8975e695ad26f7fb514d1' }));
  });
  after(async () => {
    await proxy?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const cloneUrl = () => `${proxy.url}/v1/custom-voices/instant-clone`;
  const form = () => {
    const body = new FormData();
    body.append('file', new Blob([Buffer.from(sample)], { type: 'audio/wav' }), 'sample.wav');
    body.append('name', 'mine');
    body.append('model', 'ssfm-v30');
    return body;
  };

  it('the official JS client throws its 403 error, not a network error', async () => {
    const client = new TypecastClient({ baseHost: proxy.url, apiKey: barredKey });
    // typecast-js 0.1.4 has no clone call: its own HTTP client (axios, with the key and the
    // interceptor that turns answers into TypecastAPIError) posts the form.
    const http = (client as unknown as { client: { post(url: string, body: unknown): Promise<unknown> } }).client;
    for (let round = 0; round < 5; round++) {
      await assert.rejects(http.post('/v1/custom-voices/instant-clone', form()), (error: unknown) => {
        assert.ok(error instanceof TypecastAPIError, `round ${round}: ${String(error)}`);
        assert.equal(error.statusCode, 403);
        assert.match(error.message, /not available on your plan/);
        return true;
      });
    }
  });

  it("Node's fetch reads the 403 and the 413", async () => {
    for (let round = 0; round < 5; round++) {
      const refused = await fetch(cloneUrl(), { method: 'POST', headers: { 'x-api-key': barredKey }, body: form() });
      assert.equal(refused.status, 403);
      assert.match((await refused.json()).detail, /not available on your plan/);
    }
    const { apiKey } = await server.createAccount('lite');
    const { readFile } = await import('node:fs/promises');
    const tooLarge = await fetch(`${proxy.url}/v1/text-to-speech`, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: await readFile(oversizedPath) });
    assert.equal(tooLarge.status, 413);
    assert.ok((await tooLarge.json()).detail);
  });

  it("Python's requests reads the 403 and the 413", async (t) => {
    if (!(await hasPythonRequests())) {
      if (process.env.CI) assert.fail('python3-requests is missing (.ci/run installs it)');
      return t.skip('python3 has no requests module');
    }
    for (let round = 0; round < 3; round++) {
      const { stdout } = await run('python3', ['-c', pythonClient, cloneUrl(), barredKey, samplePath, 'form']);
      assert.match(stdout, /^403 .*not available on your plan/, stdout);
    }
    const { apiKey } = await server.createAccount('lite');
    const { stdout } = await run('python3', ['-c', pythonClient, `${proxy.url}/v1/text-to-speech`, apiKey, oversizedPath, 'json']);
    assert.match(stdout, /^413 /, stdout);
  });

  it('curl reads the 403 and the 413', async () => {
    for (let round = 0; round < 3; round++) {
      const { stdout } = await run('curl', ['-sS', '-w', '\n%{http_code}', '-H', `X-API-KEY: ${barredKey}`, '-F', `file=@${samplePath};type=audio/wav`, '-F', 'name=mine', '-F', 'model=ssfm-v30', cloneUrl()]);
      assert.match(stdout, /not available on your plan.*\n403$/s, stdout);
    }
    const { apiKey } = await server.createAccount('lite');
    const { stdout } = await run('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code}', '-H', `X-API-KEY: ${apiKey}`, '-H', 'Content-Type: application/json', '--data-binary', `@${oversizedPath}`, `${proxy.url}/v1/text-to-speech`]);
    assert.equal(stdout, '413');
  });
});
