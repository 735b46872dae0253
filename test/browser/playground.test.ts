import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { listBuiltinVoices } from '../../src/synthesis/catalog/catalog.js';
import { decodeAudio } from '../../src/synthesis/decoders/index.js';
import { startTestServer, type TestServer } from '../http/test-server.js';
import { hasChromium, launchChromium } from './chromium.js';

const run = promisify(execFile);
// Outside CI a machine without Chromium skips this; in CI (.ci/run installs Chromium) it must run.
const skip = hasChromium() || process.env.CI ? false : 'Chromium is not installed (.ci/run installs it)';
/**
 * The screenshots are always taken (a page that cannot render fails here), but they replace the
 * pictures in docs/ only when asked (UPDATE_SCREENSHOTS=1): a test run leaves the checkout as it was.
 */
const screenshots = process.env.UPDATE_SCREENSHOTS === '1' ? path.resolve(process.cwd(), 'docs') : path.join(os.tmpdir(), 'orator-playground-screenshots');
const seconds = (pcm: { samples: Float32Array; sampleRate: number }) => pcm.samples.length / pcm.sampleRate;

/** The playground page at `/`, driven in Debian's Chromium against a real server. */
describe('playground in Chromium', { skip }, () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let account: { uid: string; apiKey: string; apiToken: string };
  const pageErrors: string[] = [];
  const foreignRequests: string[] = [];
  let downloaded = 0;

  before(async () => {
    server = await startTestServer();
    account = await server.createAccount('lite');
    browser = await launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
    context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write', 'microphone'], { origin: server.url });
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    context.on('request', (r) => {
      if (!r.url().startsWith(server.url) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) foreignRequests.push(r.url());
    });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('serves the page itself, gzipped, with an ETag answered by 304', async () => {
    const first = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(first.status, 200);
    assert.match(first.headers.get('content-type')!, /text\/html/);
    assert.ok(first.headers.get('etag'));
    assert.match(first.headers.get('content-security-policy')!, /default-src 'self'/);
    const again = await fetch(`${server.url}/`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    assert.equal(again.status, 304);
    const script = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      http.get(`${server.url}/playground/playground.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c)).on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) })).on('error', reject);
      });
    });
    assert.equal(script.encoding, 'gzip');
    assert.match(gunzipSync(script.body).toString(), /X-API-KEY|x-api-key/);
    const catalog = await (await fetch(`${server.url}/playground/catalog.json`)).json();
    assert.equal(Object.keys(catalog.voiceLanguages).length, listBuiltinVoices().length);
    assert.equal((await fetch(`${server.url}/playground/nothing.js`)).status, 404);
  });

  it('signs in with a key and shows the plan, credits left and limits', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('#api-key').fill('not-a-key');
    await page.locator('#api-key').press('Enter');
    await page.locator('#sign-in-error').getByText('refused').waitFor();
    assert.equal(await page.locator('#api-key').getAttribute('aria-invalid'), 'true');
    await page.locator('#api-key').fill(account.apiKey);
    await page.locator('#sign-in-form button').click();
    await page.locator('#account').waitFor();
    assert.equal(await page.locator('#acct-plan').textContent(), 'lite');
    assert.equal(await page.locator('#acct-credits').textContent(), '100,000 of 100,000');
    assert.equal(await page.locator('#acct-concurrency').textContent(), '5');
    assert.equal(await page.locator('#acct-slots').textContent(), '3');
    // Kept in the browser's storage, never in the address.
    assert.equal(await page.evaluate(() => localStorage.getItem('orator.apiKey')), account.apiKey);
    assert.ok(!page.url().includes(account.apiKey));
  });

  it('filters the catalog to one language and gender, and every card matches', async () => {
    await page.locator('#f-language').selectOption('kor');
    await page.locator('#f-gender').selectOption('female');
    const expected = listBuiltinVoices().filter((v) => v.language === 'kor' && v.gender === 'female').length;
    assert.ok(expected >= 2);
    await until('the filtered list', async () => (await page.locator('#voice-list li').count()) === expected);
    for (const card of await page.locator('#voice-list li').all()) {
      assert.equal(await card.getAttribute('data-language'), 'kor');
      assert.equal(await card.getAttribute('data-gender'), 'female');
    }
    // Names in Korean, then a preview one click away.
    await page.locator('#name-lang').selectOption('kor');
    assert.match((await page.locator('#voice-list .voice-name').first().textContent())!, /\p{Script=Hangul}/u);
    await page.locator('#name-lang').selectOption('eng');
    const preview = page.waitForResponse((r) => r.url().includes('/previews/'));
    await page.locator('#voice-list button.preview').first().click();
    const answer = await preview;
    assert.equal(answer.status(), 200);
    assert.equal(answer.headers()['content-type'], 'audio/mpeg');
    // A filter nothing matches says so.
    await page.locator('#f-age').selectOption('child');
    await page.locator('#voices-status').getByText('No voice matches').waitFor();
    await page.locator('#f-age').selectOption('');
  });

  it('speaks from the stream: the audio plays, the highlighted word moves, the file downloads and decodes', async () => {
    await page.locator('#f-language').selectOption('eng');
    await page.locator('#f-gender').selectOption('');
    await until('English voices', async () => (await page.locator('#voice-list li[data-language=eng]').count()) > 3);
    // Keyboard only: focus the voice's Use button and the Speak button, press Enter.
    await page.locator('#voice-list button.choose').first().focus();
    await page.keyboard.press('Enter');
    await page.locator('#text').fill('The quick brown fox jumps over the lazy dog. Then it runs into the forest and sleeps until the morning comes.');
    await page.locator('#speak-button').focus();
    await page.keyboard.press('Enter');
    await until('first sound', () => page.locator('#player').evaluate((el) => el.dataset.firstSoundMs));
    await until('the words', async () => (await page.locator('#words .word').count()) > 10);
    // The words come from a second synthesis, asked for once the first sound arrived; on a busy
    // machine a short speech may have finished by then, so play it again from its first word.
    await page.locator('#words .word').first().click();
    const seen = new Set<string>();
    const times: number[] = [];
    let last: unknown = null;
    await until('the highlight to move while playing', async () => {
      const state = await page.evaluate(() => {
        const audio = document.querySelector('audio#player') as HTMLAudioElement;
        const on = document.querySelector('#words .word[aria-current=true]');
        return { time: audio.currentTime, paused: audio.paused, ended: audio.ended, duration: audio.duration, word: on ? `${on.getAttribute('data-start')}:${on.textContent}` : null };
      });
      last = state;
      times.push(state.time);
      if (state.word) seen.add(state.word);
      assert.ok(!state.ended || seen.size >= 2, `playback ended before two words lit up: ${JSON.stringify(state)}`);
      return seen.size >= 3;
    }).catch((error: Error) => {
      throw new Error(`${error.message}; last state ${JSON.stringify(last)}, seen ${[...seen].join(' ')}`);
    });
    assert.ok(times.at(-1)! > times[0], `currentTime did not advance: ${times[0]} → ${times.at(-1)}`);
    const duration = await until('the stream to end', () =>
      page.locator('#player').evaluate((el: HTMLAudioElement) => el.dataset.state === 'done' && Number.isFinite(el.duration) && el.duration),
    );
    assert.ok(duration > 0.5, `duration ${duration}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#download').click()]);
    assert.match(download.suggestedFilename(), /\.wav$/);
    const file = await decodeAudio(await readFile((await download.path())!));
    assert.equal(file.format, 'wav');
    assert.equal(file.sampleRate, 44100);
    downloaded = seconds(file);
    // The streamed speech and the file are the same speech.
    assert.ok(Math.abs(downloaded - duration) < 0.1 * downloaded, `file ${downloaded} s, stream ${duration} s`);
  });

  it('a click on a word plays from there', async () => {
    const word = page.locator('#words .word').nth(8);
    const start = Number(await word.getAttribute('data-start'));
    await word.click();
    const time = await page.locator('#player').evaluate((el: HTMLAudioElement) => el.currentTime);
    assert.ok(time >= start - 0.05 && time < start + 0.5, `seeked to ${time}, the word starts at ${start}`);
    await page.locator('#stop-button').click();
  });

  it('takes screenshots at 1440 and 375 px, light and dark', async () => {
    await mkdir(screenshots, { recursive: true });
    const steady = async (p: Page) => {
      // The port is random and the timings vary: keep them out of the pictures.
      await p.evaluate((origin) => {
        const code = document.getElementById('snippet-code')!;
        code.textContent = code.textContent!.split(origin).join('http://localhost:8080');
        document.getElementById('speak-status')!.hidden = true;
      }, server.url);
    };
    await page.evaluate(() => window.scrollTo(0, 0));
    await steady(page);
    await page.screenshot({ path: path.join(screenshots, 'playground-1440.png') });
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    await phone.emulateMedia({ colorScheme: 'dark' });
    await phone.goto(`${server.url}/`);
    await phone.locator('#voice-list li').first().waitFor();
    await steady(phone);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `the page is ${width} px wide at 375`);
    await phone.screenshot({ path: path.join(screenshots, 'playground-375-dark.png'), fullPage: false });
    await phone.close();
  });

  it('the copied curl snippet, run against the server, gives audio of the same length ±5 %', async () => {
    await page.locator('#snip-curl').click();
    await page.locator('#copy-snippet').click();
    await page.locator('#copy-status').getByText('Copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /^curl /);
    assert.ok(!copied.includes(account.apiKey), 'the key is read from the environment, not written in the snippet');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'orator-snippet-'));
    try {
      await run('bash', ['-c', copied], { cwd: dir, env: { ...process.env, TYPECAST_API_KEY: account.apiKey } });
      const made = seconds(await decodeAudio(await readFile(path.join(dir, 'speech.wav'))));
      assert.ok(Math.abs(made - downloaded) <= 0.05 * downloaded, `curl made ${made} s, the page ${downloaded} s`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the JavaScript snippet runs with @neosapience/typecast-js against the server', async () => {
    await page.locator('#snip-js').click();
    const code = (await page.locator('#snippet-code').textContent())!;
    assert.match(code, /TypecastClient/);
    // Written inside the project so that the package resolves from its node_modules.
    const dir = await mkdtemp(path.join(process.cwd(), 'dist', 'snippet-'));
    try {
      await writeFile(path.join(dir, 'speak.mjs'), code);
      await run(process.execPath, ['speak.mjs'], { cwd: dir, env: { ...process.env, TYPECAST_API_KEY: account.apiKey } });
      const made = seconds(await decodeAudio(await readFile(path.join(dir, 'speech.wav'))));
      assert.ok(Math.abs(made - downloaded) <= 0.05 * downloaded, `the client made ${made} s, the page ${downloaded} s`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await page.locator('#snip-python').click();
    assert.match((await page.locator('#snippet-code').textContent())!, /from typecast\.client import Typecast/);
  });

  it('the ElevenLabs snippet runs with @elevenlabs/elevenlabs-js against the server', async () => {
    await page.locator('#snip-elevenlabs').click();
    const code = (await page.locator('#snippet-code').textContent())!;
    assert.match(code, /ElevenLabsClient/);
    assert.ok(!code.includes(account.apiKey), 'the key is read from the environment, not written in the snippet');
    const dir = await mkdtemp(path.join(process.cwd(), 'dist', 'snippet-'));
    try {
      await writeFile(path.join(dir, 'speak.mjs'), code);
      await run(process.execPath, ['speak.mjs'], { cwd: dir, env: { ...process.env, TYPECAST_API_KEY: account.apiKey } });
      // The ElevenLabs route streams (each sentence set apart), the page's file may join sentences: near, not equal.
      const made = seconds(await decodeAudio(await readFile(path.join(dir, 'speech.wav'))));
      assert.ok(Math.abs(made - downloaded) <= 0.25 * downloaded, `the client made ${made} s, the page ${downloaded} s`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await page.locator('#snip-curl').click();
  });

  it('shows a 422 with the field it concerns', async () => {
    await page.locator('#seed').fill('-5');
    await page.locator('#speak-button').click();
    await page.locator('#speak-error').getByText('seed').waitFor();
    assert.equal(await page.locator('#seed').getAttribute('aria-invalid'), 'true');
    await page.locator('#seed').fill('');
  });

  it('shows a 429 when the plan’s simultaneous requests are all taken', async () => {
    const held = [];
    for (let i = 0; i < 5; i++) held.push(await server.services.limiters.concurrency.tryAcquire(`synthesis:${account.uid}`, 5));
    try {
      await page.locator('#speak-button').click();
      await page.locator('#speak-error').getByText('Too many requests').waitFor();
    } finally {
      for (const release of held) await release?.();
    }
  });

  it('lights up characters, not words, for text written without spaces', async () => {
    await page.locator('#f-language').selectOption('jpn');
    await until('Japanese voices', async () => (await page.locator('#voice-list li[data-language=jpn]').count()) > 0);
    await page.locator('#voice-list li[data-language=jpn] button.choose').first().click();
    await page.locator('#text').fill('今日はとても良い天気ですね。散歩に行きましょう。');
    await page.locator('#speak-button').click();
    await until('the characters', async () => (await page.locator('#words.characters .word').count()) > 10);
    const texts = await page.locator('#words .word').allTextContents();
    assert.ok(texts.every((t) => [...t].length === 1), `not one character each: ${texts.join('|')}`);
    await until('the speech to be whole', () => page.locator('#player').evaluate((el: HTMLAudioElement) => el.dataset.state === 'done'));
    await page.locator('#words .word').first().click();
    const seen = new Set<string>();
    await until('the highlight to move', async () => {
      const on = await page.evaluate(() => document.querySelector('#words .word[aria-current=true]')?.getAttribute('data-start') ?? null);
      if (on) seen.add(on);
      return seen.size >= 2;
    });
    await page.locator('#stop-button').click();
  });

  it('records from the microphone (Chromium’s fake device) into a WAV ready to clone', async () => {
    await page.locator('#tab-clone').click();
    await page.locator('#record').click();
    await page.locator('#record-status').getByText('Recording… 6 s').waitFor({ timeout: 20_000 });
    await page.locator('#record').click();
    await page.locator('#record-status').getByText('recording.wav').waitFor();
    const length = await until('the sample to load', () =>
      page.locator('#sample').evaluate((el: HTMLAudioElement) => (el.readyState >= 1 && Number.isFinite(el.duration) ? el.duration : null)),
    );
    assert.ok(length > 5.5, `recorded ${length} s`);
    assert.equal(await page.locator('#clone-name').inputValue(), 'recording');
    await page.locator('#clone-name').fill('');
  });

  it('clones from a file, speaks with the new voice at once, shows the server’s errors, deletes it', async () => {
    const headers = { 'x-api-key': account.apiKey, 'content-type': 'application/json' };
    const voiceId = listBuiltinVoices().find((v) => v.language === 'eng')!.id;
    const sample = await fetch(`${server.url}/v1/text-to-speech`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ voice_id: `tc_${voiceId}`, model: 'ssfm-v30', text: 'This is a sample of my voice. I read it slowly and clearly, so that a copy of it can be made. Then the copy speaks for me.' }),
    });
    assert.equal(sample.status, 200);
    const wav = Buffer.from(await sample.arrayBuffer());
    await page.locator('#tab-clone').click();
    // Too short: the server's own message.
    const short = Buffer.from(wav.subarray(0, 44 + 44100 * 2));
    short.writeUInt32LE(short.length - 8, 4);
    short.writeUInt32LE(short.length - 44, 40);
    await page.locator('#clone-file').setInputFiles({ name: 'short.wav', mimeType: 'audio/wav', buffer: short });
    await page.locator('#clone-name').fill('Too short');
    await page.locator('#clone-button').click();
    await page.locator('#clone-error').getByText(/at least 5 s/).waitFor();
    await page.locator('#clone-file').setInputFiles({ name: 'sample.wav', mimeType: 'audio/wav', buffer: wav });
    await page.locator('#clone-name').fill('Browser clone');
    await page.locator('#clone-button').click();
    // An instant clone analyses the sample before it answers: slow on a busy machine.
    await page.locator('#chosen-voice').getByText('Browser clone').waitFor({ timeout: 150_000 });
    assert.equal(await page.locator('#panel-speak').isVisible(), true);
    // The filters went back to “Any”: the new voice is listed, and chosen.
    await page.locator('#voice-list li[data-type=custom] button.choose[aria-pressed=true]').waitFor();
    await page.locator('#text').fill('Now the copy of my voice speaks.');
    await page.locator('#speak-button').click();
    await until('the cloned voice to speak', () => page.locator('#player').evaluate((el: HTMLAudioElement) => el.dataset.state === 'done' && el.duration > 0.5));
    assert.equal(await page.locator('#speak-error').isVisible(), false);
    await page.locator('#tab-clone').click();
    const item = page.locator('#custom-list li', { hasText: 'Browser clone' });
    await item.getByRole('button', { name: 'Delete Browser clone' }).click();
    await item.getByRole('button', { name: 'Delete Browser clone' }).click();
    await page.locator('#custom-status').getByText('No custom voice yet').waitFor();
    const left = await (await fetch(`${server.url}/v1/custom-voices`, { headers })).json();
    assert.deepEqual(left, []);
  });

  it('earlier interface: an async speak goes progress → done, with the webhook registered, and plays', async () => {
    const hooks: unknown[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c)).on('end', () => {
        hooks.push(JSON.parse(Buffer.concat(chunks).toString()));
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    try {
      await page.locator('#tab-earlier').click();
      await page.locator('#api-token').fill(account.apiToken);
      await page.locator('#api-token').press('Enter');
      await until('actors', async () => (await page.locator('#actor option').count()) > 3);
      await page.locator('#callback-url').fill(hookUrl);
      await page.locator('#callback-form button').click();
      await page.locator('#earlier-me').getByText(hookUrl).waitFor();
      await page.locator('#earlier-button').click();
      await page.locator('#earlier-log').getByText('Status: done').waitFor({ timeout: 30_000 });
      const log = await page.locator('#earlier-log li').allTextContents();
      assert.ok(log.some((l) => l.includes(`Webhook registered: ${hookUrl}`)));
      const statuses = log.filter((l) => l.startsWith('Status:'));
      assert.equal(statuses.at(-1), 'Status: done');
      assert.ok(statuses.every((s) => s === 'Status: progress' || s === 'Status: done'));
      const played = await until('the download to play', () =>
        page.locator('#earlier-player').evaluate((el: HTMLAudioElement) => el.currentTime > 0.2 && el.duration),
      );
      assert.ok(played > 0.5);
      await until('the webhook', async () => hooks.length > 0);
      assert.equal((hooks[0] as { status: string }).status, 'done');
    } finally {
      receiver.close();
    }
  });

  it('earlier interface: a 429 shows its Retry-After', async () => {
    for (let i = 0; i < 60; i++) await server.services.limiters.rate.hit(`earlier-speak:${account.uid}`, 60, 60_000);
    await page.locator('#earlier-button').click();
    await page.locator('#earlier-error').getByText(/Try again in \d+ s/).waitFor();
  });

  it('signs out: both credentials are forgotten', async () => {
    await page.locator('#sign-out').click();
    await page.locator('#sign-in-form').waitFor();
    assert.equal(await page.locator('#app').isVisible(), false);
    assert.deepEqual(await page.evaluate(() => [localStorage.getItem('orator.apiKey'), localStorage.getItem('orator.apiToken')]), [null, null]);
  });

  it('loaded nothing from elsewhere and raised no script error', () => {
    assert.deepEqual(foreignRequests, []);
    assert.deepEqual(pageErrors, []);
  });
});
