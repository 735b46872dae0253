/**
 * Playground benchmark (issue 14): in Debian's Chromium, the time from pressing Speak to the
 * audio element's `playing` event for a 600-character text, against the time the server takes
 * to synthesize that whole text (`POST /v1/text-to-speech`, measured in the same run), as a
 * ratio; and the bytes the page transfers on its first load (signed out, and signed in with the
 * catalog listed).
 *
 * The server runs in a child process (`orator serve` on a temporary data directory).
 * Run: npm run bench:playground (npm run build && node dist/bench/playground.js)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../test/browser/chromium.js';
import { fixed, percentile, printTable } from './table.js';
import { englishText } from './texts.js';

const runs = 5;
const text = englishText(600);
const cli = fileURLToPath(new URL('../src/start/cli.js', import.meta.url));

interface Server {
  url: string;
  apiKey: string;
  child: ChildProcess;
  dataDir: string;
}

async function startServer(): Promise<Server> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orator-bench-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
  const created = JSON.parse(execFileSync(process.execPath, [cli, 'accounts', 'create', '--plan', 'custom', '--json'], { env, encoding: 'utf8' })) as { api_key: string };
  const child = spawn(process.execPath, [cli, 'serve'], { env, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      if (i > 400) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, apiKey: created.api_key, child, dataDir };
}

/** Bytes on the wire (headers and encoded bodies) of every response until the page says it is ready. */
async function firstLoadBytes(browser: Browser, server: Server, signedIn: boolean): Promise<{ bytes: number; requests: number }> {
  const context = await browser.newContext();
  if (signedIn) await context.addInitScript((key) => localStorage.setItem('orator.apiKey', key), server.apiKey);
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => sizes.push(request.sizes().then((s) => s.responseHeadersSize + s.responseBodySize)));
  await page.goto(`${server.url}/`);
  await page.waitForSelector('body[data-ready=true]');
  if (signedIn) await page.waitForSelector('#voice-list li');
  await page.waitForLoadState('networkidle');
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await context.close();
  return { bytes, requests: sizes.length };
}

async function clickToPlaying(page: Page): Promise<{ firstSound: number; wholeFile: number }> {
  await page.locator('#speak-button').click();
  const result = await page.waitForFunction(() => {
    const audio = document.getElementById('player') as HTMLAudioElement;
    return audio.dataset.state === 'done' && audio.dataset.firstSoundMs ? { firstSound: Number(audio.dataset.firstSoundMs), wholeFile: Number(audio.dataset.fileMs) } : null;
  }, undefined, { timeout: 120_000, polling: 20 });
  const value = (await result.jsonValue())!;
  await page.locator('#stop-button').click().catch(() => undefined);
  await page.evaluate(() => (document.getElementById('player') as HTMLAudioElement).pause());
  return value;
}

async function fullSynthesis(server: Server, voiceId: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/v1/text-to-speech`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ voice_id: voiceId, text, model: 'ssfm-v30', prompt: { emotion_type: 'preset', emotion_preset: 'normal', emotion_intensity: 1 }, output: { volume: 100, audio_pitch: 0, audio_tempo: 1, audio_format: 'wav' } }),
  });
  if (!response.ok) throw new Error(`synthesis failed: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now() - started;
}

/** The stream's first byte seen by a plain client: what the browser adds on top is the rest. */
async function streamFirstByte(server: Server, voiceId: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/v1/text-to-speech/stream`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ voice_id: voiceId, text, model: 'ssfm-v30', output: { audio_format: 'mp3' } }),
  });
  const reader = response.body!.getReader();
  await reader.read();
  const first = performance.now() - started;
  while (!(await reader.read()).done);
  return first;
}

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const signedOut = await firstLoadBytes(browser, server, false);
    const signedIn = await firstLoadBytes(browser, server, true);

    const context = await browser.newContext();
    await context.addInitScript((key) => localStorage.setItem('orator.apiKey', key), server.apiKey);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.waitForSelector('#voice-list li');
    await page.locator('#f-language').selectOption('eng');
    await page.locator('#voice-list li[data-language=eng] button.choose').first().click();
    await page.locator('#model').selectOption('ssfm-v30');
    await page.locator('#text').fill(text);
    const voiceId = (await page.locator('#voice-list li[data-language=eng]').first().getAttribute('data-voice-id'))!;

    // Warm-up: engines loaded, V8's tiers warm, on both paths.
    await fullSynthesis(server, voiceId);
    await clickToPlaying(page);

    const first: number[] = [];
    const file: number[] = [];
    const full: number[] = [];
    const firstByte: number[] = [];
    for (let i = 0; i < runs; i++) {
      full.push(await fullSynthesis(server, voiceId));
      firstByte.push(await streamFirstByte(server, voiceId));
      const measured = await clickToPlaying(page);
      first.push(measured.firstSound);
      file.push(measured.wholeFile);
    }
    const median = (values: number[]) => percentile(values, 50);
    printTable(`Time to first sound in Chromium, ${text.length} characters (median of ${runs})`, ['measure', 'ms', 'ratio to full synthesis'], [
      ['full synthesis, POST /v1/text-to-speech (yardstick)', fixed(median(full), 0), '1.00'],
      ['stream first byte, fetch from Node (no browser)', fixed(median(firstByte), 0), fixed(median(firstByte) / median(full), 2)],
      ['click → playing in Chromium (streaming route, MP3 through MSE)', fixed(median(first), 0), fixed(median(first) / median(full), 2)],
      ['click → words and file ready (with-timestamps)', fixed(median(file), 0), fixed(median(file) / median(full), 2)],
    ]);
    printTable('First load of the page (bytes on the wire, gzip)', ['load', 'requests', 'bytes'], [
      ['signed out: page, script, style, catalog.json', signedOut.requests, signedOut.bytes],
      ['signed in: the above + subscription + /v3/voices', signedIn.requests, signedIn.bytes],
    ]);
    await context.close();
  } finally {
    await browser.close();
    server.child.kill();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await main();
