import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../http/test-server.js';
import { hasChromium, launchChromium } from './chromium.js';

/** The `share.embed_url` page, opened in a real browser: the speech loads and plays. */
// Outside CI a machine without Chromium skips this; in CI (.ci/run installs Chromium) it must run.
const skip = hasChromium() || process.env.CI ? false : 'Chromium is not installed (.ci/run installs it)';

describe('embed page in Chromium', { skip }, () => {
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function finishedSpeak(format: 'wav' | 'mp3'): Promise<{ embedUrl: string; duration: number }> {
    const { apiToken } = await server.createAccount('lite');
    const headers = { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json' };
    const actors = (await (await fetch(`${server.url}/api/actor`, { headers })).json()).result;
    const created = await fetch(`${server.url}/api/speak`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text: 'This page plays the speech in a browser.', lang: 'auto', actor_id: actors[0].actor_id, tts_mode: 'actor', xapi_audio_format: format }),
    });
    assert.equal(created.status, 200);
    const { speak_v2_url } = (await created.json()).result;
    for (let i = 0; i < 100; i++) {
      const { result } = await (await fetch(speak_v2_url, { headers })).json();
      if (result.status === 'done') {
        const speak = await server.services.earlier.speakStore.get(result._id);
        return { embedUrl: server.services.earlier.urls.embedUrl(speak!), duration: result.duration };
      }
      assert.notEqual(result.status, 'failed');
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('speak did not finish');
  }

  for (const format of ['wav', 'mp3'] as const) {
    it(`loads the ${format} speech, knows its length and plays it`, async () => {
      const { embedUrl, duration } = await finishedSpeak(format);
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      const response = await page.goto(embedUrl);
      assert.equal(response?.status(), 200);
      const audio = page.locator('audio');
      await audio.evaluate((el: HTMLAudioElement) => new Promise((resolve, reject) => {
        if (el.readyState >= 1) return resolve(null);
        el.addEventListener('loadedmetadata', () => resolve(null), { once: true });
        el.addEventListener('error', () => reject(new Error(`media error ${el.error?.code}`)), { once: true });
      }));
      const loaded = await audio.evaluate((el: HTMLAudioElement) => el.duration);
      assert.ok(Math.abs(loaded - duration) < 0.15, `browser says ${loaded} s, the API ${duration} s`);
      // Waits for the playhead to pass 0.1 s (a busy machine only makes that later, never false).
      const played = await audio.evaluate((el: HTMLAudioElement) => new Promise<number>((resolve, reject) => {
        el.muted = true;
        const timer = setTimeout(() => reject(new Error(`playback stuck at ${el.currentTime} s`)), 30_000);
        el.addEventListener('timeupdate', function advanced() {
          if (el.currentTime <= 0.1) return;
          clearTimeout(timer);
          el.removeEventListener('timeupdate', advanced);
          resolve(el.currentTime);
        });
        el.play().catch(reject);
      }));
      assert.ok(played > 0.1, `playback advanced only to ${played} s`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
