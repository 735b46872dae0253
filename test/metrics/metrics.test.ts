import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { metricsExposed } from '../../src/metrics/metrics-route.js';
import { startTestServer, type TestServer } from '../http/test-server.js';

type Labels = Record<string, string>;

/**
 * One scrape, parsed by a Prometheus text-format parser: as typed families, and once more without
 * the comment lines as plain samples, because the parser folds labelled histograms into one
 * (their `_count` series are read from the plain samples).
 */
class Scrape {
  readonly families: ParsedFamily[];
  private readonly plain: ParsedFamily[];

  constructor(text: string) {
    this.families = parsePrometheusTextFormat(text);
    this.plain = parsePrometheusTextFormat(text.split('\n').filter((line) => !line.startsWith('#')).join('\n'));
  }

  family(name: string): ParsedFamily {
    const found = this.families.find((f) => f.name === name);
    assert.ok(found, `no metric ${name}`);
    return found;
  }

  /** A counter or gauge sample (0 when no sample has these labels). */
  value(name: string, labels: Labels = {}): number {
    const sample = this.families.find((f) => f.name === name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
    return sample ? Number(sample.value) : 0;
  }

  /** A histogram's observation count summed over the samples matching `labels`. */
  count(name: string, labels: Labels = {}): number {
    assert.equal(this.family(name).type, 'HISTOGRAM');
    const samples = this.plain.filter((f) => f.name === `${name}_count`).flatMap((f) => f.metrics.filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v)));
    return samples.reduce((sum, m) => sum + Number(m.value), 0);
  }
}

describe('GET /metrics', () => {
  let server: TestServer;
  let apiKey: string;

  const scrape = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}/metrics`, { headers });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return new Scrape(await res.text());
  };
  const speech = (body: Record<string, unknown>) =>
    fetch(`${server.url}/v1/audio/speech`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  before(async () => {
    server = await startTestServer({ startQueue: false });
    ({ apiKey } = await server.createAccount('plus'));
  });
  after(() => server.close());

  it('counters move by exactly the requests made', async () => {
    const first = await scrape();
    const inputs = ['The first sentence. And a second one.', 'Another request, one sentence.'];
    for (const input of inputs) {
      const res = await speech({ model: 'tts-1', voice: 'alloy', input, response_format: 'wav' });
      assert.equal(res.status, 200);
      await res.arrayBuffer();
    }
    const bad = await speech({ model: 'tts-1', voice: 'nobody', input: 'Hello.' });
    assert.equal(bad.status, 400);
    await bad.arrayBuffer();
    const models = await fetch(`${server.url}/v1/models`, { headers: { authorization: `Bearer ${apiKey}` } });
    assert.equal(models.status, 200);
    await models.arrayBuffer();
    const voices = (await (await fetch(`${server.url}/v3/voices`, { headers: { 'x-api-key': apiKey } })).json()) as { voice_id: string }[];
    const currentText = 'Through the current interface.';
    const current = await fetch(`${server.url}/v1/text-to-speech`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ voice_id: voices[0].voice_id, text: currentText, model: 'ssfm-v21' }),
    });
    assert.equal(current.status, 200);
    await current.arrayBuffer();

    const second = await scrape();
    const delta = (name: string, labels: Labels = {}) => second.value(name, labels) - first.value(name, labels);
    const requests = 'orator_http_requests_total';
    assert.equal(delta(requests, { method: 'POST', route: '/v1/audio/speech', status: '200' }), 2);
    assert.equal(delta(requests, { method: 'POST', route: '/v1/audio/speech', status: '400' }), 1);
    assert.equal(delta(requests, { method: 'GET', route: '/v1/models', status: '200' }), 1);
    assert.equal(delta(requests, { method: 'GET', route: '/v3/voices', status: '200' }), 1);
    assert.equal(delta(requests, { method: 'POST', route: '/v1/text-to-speech', status: '200' }), 1);
    // The first scrape is counted once it has been answered; the second one is not yet.
    assert.equal(delta(requests, { method: 'GET', route: '/metrics', status: '200' }), 1);
    assert.equal(second.count('orator_http_request_duration_seconds', { route: '/v1/audio/speech' }) - first.count('orator_http_request_duration_seconds', { route: '/v1/audio/speech' }), 3);
    // Streamed answers: the two OpenAI answers (the 400 and the file answer are not streams).
    assert.equal(second.count('orator_stream_ttfb_seconds') - first.count('orator_stream_ttfb_seconds'), 2);
    assert.equal(delta('orator_credits_charged_total'), inputs[0].length + inputs[1].length + currentText.length);
    assert.equal(delta('orator_credits_refunded_total'), 0);
    // Olivia on tts-1 speaks on the Flite tier, the ssfm-v21 request on eSpeak.
    for (const tier of ['flite', 'espeak']) {
      assert.ok(delta('orator_synthesis_seconds_total', { tier }) > 0, tier);
      assert.ok(delta('orator_audio_seconds_total', { tier }) > 0.5, tier);
    }
    assert.equal(second.family('orator_webhook_deliveries').type, 'GAUGE');
    assert.equal(second.value('orator_webhook_deliveries', { outcome: 'failed' }), 0);
    assert.equal(second.family('orator_process_cpu_user_seconds_total').type, 'COUNTER');
    assert.equal(second.family('orator_limiter_refusals_total').type, 'COUNTER');
  });

  it('a refusal past the concurrency limit is counted', async () => {
    const { apiKey: freeKey, uid } = await server.createAccount('free');
    const before = await scrape();
    // Take both of the free plan's slots as a synthesis would, then ask.
    const held = await Promise.all([1, 2].map(() => server.services.limiters.concurrency.tryAcquire(`synthesis:${uid}`, 2)));
    const res = await fetch(`${server.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${freeKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input: 'Hello.' }),
    });
    assert.equal(res.status, 429);
    await res.arrayBuffer();
    for (const release of held) await release?.();
    const after = await scrape();
    assert.equal(after.value('orator_limiter_refusals_total', { kind: 'concurrency' }) - before.value('orator_limiter_refusals_total', { kind: 'concurrency' }), 1);
  });
});

describe('GET /metrics exposure', () => {
  it('is served without a token only on a loopback bind', () => {
    assert.equal(metricsExposed('127.0.0.1', null), true);
    assert.equal(metricsExposed('::1', null), true);
    assert.equal(metricsExposed('0.0.0.0', null), false);
    assert.equal(metricsExposed('192.0.2.10', null), false);
    assert.equal(metricsExposed('0.0.0.0', 'secret'), true);
  });

  it('on a public bind without METRICS_TOKEN it does not exist; with it, the bearer token is required', async () => {
    const closed = await startTestServer({ startQueue: false, env: { HOST: '0.0.0.0' } });
    try {
      assert.equal((await fetch(`${closed.url}/metrics`)).status, 404);
    } finally {
      await closed.close();
    }
    const guarded = await startTestServer({ startQueue: false, env: { HOST: '0.0.0.0', METRICS_TOKEN: 'a-long-metrics-token' } });
    try {
      assert.equal((await fetch(`${guarded.url}/metrics`)).status, 401);
      assert.equal((await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status, 401);
      const ok = await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer a-long-metrics-token' } });
      assert.equal(ok.status, 200);
      assert.ok(parsePrometheusTextFormat(await ok.text()).some((f) => f.name === 'orator_http_requests_total'));
    } finally {
      await guarded.close();
    }
  });
});
