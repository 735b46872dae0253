import assert from 'node:assert/strict';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { documentedIds } from '../clients/documented-ids.js';
import { startTestServer, type TestServer } from '../http/test-server.js';
import { hasChromium, launchChromium } from './chromium.js';

// Outside CI a machine without Chromium skips this; in CI (.ci/run installs Chromium) it must run.
const skip = hasChromium() || process.env.CI ? false : 'Chromium is not installed (.ci/run installs it)';

/**
 * A browser app on another origin (a page served by a second local server, on another port)
 * calls Orator with fetch: the current interface with X-API-KEY, the OpenAI route with a Bearer
 * key. Chromium sends the preflights (custom headers, a JSON body), Orator answers them without a
 * key, and the page reads the audio, its X-Audio-Duration, and plays it.
 */
describe('CORS in Chromium: a page on another origin speaks through the API', { skip }, () => {
  let server: TestServer;
  let site: http.Server;
  let siteUrl: string;
  let browser: Browser;
  before(async () => {
    site = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>app</title><p>a browser app</p>'));
    site.listen(0, '127.0.0.1');
    await once(site, 'listening');
    // `localhost` vs the API's 127.0.0.1 and another port: a different origin twice over.
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
    server = await startTestServer({ startQueue: false, env: { CORS_ORIGINS: siteUrl } });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    site?.close();
  });

  it('text-to-speech (X-API-KEY): reads X-Audio-Duration and decodes audio of that length', { timeout: 120_000 }, async () => {
    const { apiKey } = await server.createAccount('lite');
    const page = await browser.newPage();
    await page.goto(siteUrl);
    const result = await page.evaluate(async ({ api, key, voice }) => {
      const response = await fetch(`${api}/v1/text-to-speech`, {
        method: 'POST',
        headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: 'A page on another origin speaks through Orator.', voice_id: voice, model: 'ssfm-v21' }),
      });
      const header = response.headers.get('X-Audio-Duration');
      const bytes = await response.arrayBuffer();
      const context = new OfflineAudioContext(1, 1, 44_100);
      const decoded = await context.decodeAudioData(bytes);
      return { status: response.status, header, decoded: decoded.duration, origin: location.origin };
    }, { api: server.url, key: apiKey, voice: documentedIds[0] });
    assert.equal(result.origin, siteUrl);
    assert.equal(result.status, 200);
    assert.ok(result.header, 'X-Audio-Duration is readable from the page');
    assert.ok(Number(result.header) > 1, result.header);
    assert.ok(Math.abs(result.decoded - Number(result.header)) < 0.05, `decoded ${result.decoded} s, header ${result.header} s`);
    await page.close();
  });

  it('the OpenAI route (Bearer): the page plays the answer to its end', { timeout: 120_000 }, async () => {
    const { apiKey } = await server.createAccount('lite');
    const page = await browser.newPage();
    await page.goto(siteUrl);
    const result = await page.evaluate(async ({ api, key }) => {
      const response = await fetch(`${api}/v1/audio/speech`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input: 'Played to its end.', response_format: 'wav' }),
      });
      if (response.status !== 200) return { status: response.status, duration: 0, ended: false };
      const audio = new Audio(URL.createObjectURL(await response.blob()));
      audio.muted = true;
      const ended = new Promise<boolean>((resolve, reject) => {
        audio.addEventListener('ended', () => resolve(true), { once: true });
        audio.addEventListener('error', () => reject(new Error(`media error ${audio.error?.code}`)), { once: true });
      });
      await audio.play();
      return { status: response.status, ended: await ended, duration: audio.duration };
    }, { api: server.url, key: apiKey });
    assert.equal(result.status, 200);
    assert.equal(result.ended, true);
    assert.ok(result.duration > 0.5, `${result.duration} s`);
    await page.close();
  });

  it('a refusal is readable from the page (401 with its detail), and another origin is blocked', { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl);
    const refused = await page.evaluate(async (api) => {
      const response = await fetch(`${api}/v1/text-to-speech`, { method: 'POST', headers: { 'X-API-KEY': 'wrong', 'Content-Type': 'application/json' }, body: '{}' });
      return { status: response.status, body: await response.json() };
    }, server.url);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.detail, 'Invalid API key');
    // The API's own origin (127.0.0.1:port) is not in CORS_ORIGINS: a page there calling with
    // another origin's fetch is what the browser blocks; here a page on a third origin.
    const third = await browser.newPage();
    await third.goto(siteUrl.replace('localhost', '127.0.0.1'));
    const blocked = await third.evaluate(async (api) => {
      try {
        await fetch(`${api}/v1/voices`, { headers: { 'X-API-KEY': 'any' } });
        return 'read';
      } catch (error) {
        return String(error);
      }
    }, server.url);
    assert.match(blocked, /TypeError/);
    await page.close();
    await third.close();
  });
});
