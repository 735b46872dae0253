/**
 * Voice-agent benchmark (issue 31): the stream-input WebSocket as an agent drives it.
 *
 * 1. Latency of the first sentence: from the last token of the first sentence (sent with the
 *    space after its full stop, as ElevenLabs' clients send text) to its first audio message,
 *    against a POST convert of that sentence alone (the whole answer), same voice, model and
 *    output_format, interleaved, median of `runs`; for an eSpeak, a Flite and a neural voice (the
 *    tiny Piper model the tests build). The response cache is off, so both sides synthesize.
 * 2. 32 sockets at once, each an agent sending a 4-sentence answer a token every 30 ms: audio
 *    seconds delivered per wall second, and the server's resident memory at its peak.
 *
 * Run: npm run bench -- agents
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { voiceIdFromSlug } from '../src/synthesis/catalog/builtin-voices.js';
import { piperSlug } from '../src/synthesis/engines/piper/piper-catalog.js';
import { tempModelsDir, writeTinyVoice } from '../test/synthesis/engines/piper/tiny-voice.js';
import { startBenchServer, type BenchServer } from './in-process-server.js';
import { atLeast, atMost, below, median, type BenchSection } from './sections.js';

const runs = 5;
const format = 'pcm_16000';
const bytesPerSecond = 32000;
const sockets = 32;
const agentAnswer =
  'The weather today is sunny and warm. We could take a walk along the river after lunch. Remember to bring a hat and some water. I will meet you at the bridge at two.';

interface Session {
  socket: WebSocket;
  /** Resolves with the time of the next audio message. */
  nextAudio(): Promise<number>;
  audioBytes: number;
  closed: Promise<void>;
}

async function connect(server: BenchServer, voiceId: string, modelId: string): Promise<Session> {
  const url = `${server.url.replace(/^http/, 'ws')}/v1/text-to-speech/${voiceId}/stream-input?model_id=${modelId}&output_format=${format}`;
  const socket = new WebSocket(url, { headers: { 'xi-api-key': server.apiKey } });
  const waiting: ((t: number) => void)[] = [];
  const session: Session = {
    socket,
    audioBytes: 0,
    nextAudio: () => new Promise((resolve) => waiting.push(resolve)),
    closed: new Promise((resolve) => socket.on('close', () => resolve())),
  };
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as { audio?: string; error?: string; message?: string };
    if (message.error) throw new Error(`${message.error}: ${message.message}`);
    if (!message.audio) return;
    session.audioBytes += Buffer.byteLength(message.audio, 'base64');
    waiting.shift()?.(performance.now());
  });
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  return session;
}

const send = (session: Session, message: object) => session.socket.send(JSON.stringify(message));

/** Milliseconds from the first sentence's last token to its first audio message. */
async function firstSentenceMs(server: BenchServer, voiceId: string, modelId: string, sentence: string): Promise<number> {
  const session = await connect(server, voiceId, modelId);
  send(session, { text: ' ' });
  const tokens = `${sentence} `.match(/\s*\S+\s*$|\s*\S+/gu)!;
  for (const token of tokens.slice(0, -1)) send(session, { text: token });
  const audio = session.nextAudio();
  const started = performance.now();
  send(session, { text: tokens.at(-1)! });
  const ms = (await audio) - started;
  send(session, { text: '' });
  await session.closed;
  return ms;
}

/** Milliseconds of a POST convert of the sentence alone, to the end of its answer. */
async function convertMs(server: BenchServer, voiceId: string, modelId: string, sentence: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${server.url}/v1/text-to-speech/${voiceId}?output_format=${format}`, {
    method: 'POST',
    headers: { 'xi-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ text: sentence, model_id: modelId }),
  });
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return performance.now() - started;
}

/** One agent: the answer a token every 30 ms, then the end; resolves with the audio seconds received. */
async function agent(server: BenchServer, voiceId: string, modelId: string): Promise<number> {
  const session = await connect(server, voiceId, modelId);
  send(session, { text: ' ' });
  for (const token of agentAnswer.match(/\s*\S+/gu)!) {
    send(session, { text: token });
    await sleep(30);
  }
  send(session, { text: ' ' });
  send(session, { text: '' });
  await session.closed;
  return session.audioBytes / bytesPerSecond;
}

export async function agentsSection(): Promise<BenchSection[]> {
  const models = tempModelsDir();
  const name = 'en_US-tiny-x_low';
  writeTinyVoice(models.dir, name);
  const server = await startBenchServer('agents', { MODELS_DIR: models.dir, CACHE_MAX_BYTES: '0' });
  const neural = `tc_${voiceIdFromSlug(piperSlug(name, null))}`;
  const voices = [
    { label: 'eSpeak (Olivia, ssfm-v21)', voiceId: server.olivia, modelId: 'ssfm-v21' },
    { label: 'Flite (Olivia, eleven_flash_v2_5)', voiceId: server.olivia, modelId: 'eleven_flash_v2_5' },
    { label: 'neural (tiny Piper, eleven_flash_v2_5)', voiceId: neural, modelId: 'eleven_flash_v2_5' },
  ];
  try {
    const latency: BenchSection = { title: `stream-input: first sentence's audio after its last token, against a POST of it alone (${format}, median of ${runs})`, rows: [] };
    for (const voice of voices) {
      const sentence = (i: number) => `The weather today is sunny and warm, so we could walk along the river number ${i + 1}.`;
      await firstSentenceMs(server, voice.voiceId, voice.modelId, sentence(99));
      await convertMs(server, voice.voiceId, voice.modelId, sentence(98));
      const ws: number[] = [];
      const post: number[] = [];
      for (let i = 0; i < runs; i++) {
        ws.push(await firstSentenceMs(server, voice.voiceId, voice.modelId, sentence(i)));
        post.push(await convertMs(server, voice.voiceId, voice.modelId, sentence(i)));
      }
      const [w, p] = [median(ws), median(post)];
      latency.rows.push(atMost(`first audio / POST, ${voice.label}`, w / p, 1.2, { detail: `${w.toFixed(0)} / ${p.toFixed(0)} ms` }));
    }

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const flite = voices[1];
    const seconds = await Promise.all(Array.from({ length: sockets }, () => agent(server, flite.voiceId, flite.modelId)));
    const wall = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const audio = seconds.reduce((a, b) => a + b, 0);
    const throughput: BenchSection = {
      title: `stream-input: ${sockets} agents at once (Flite, a token every 30 ms, ${format})`,
      rows: [
        atLeast(`audio s per wall s, ${sockets} sockets`, audio / wall, sockets, { unit: 's/s', detail: `${audio.toFixed(1)} s of audio in ${wall.toFixed(1)} s` }),
        below('server RSS at peak', peak / 1048576, 1024, { unit: 'MB', detail: `${(before / 1048576).toFixed(0)} MB before` }),
      ],
    };
    return [latency, throughput];
  } finally {
    await server.close();
    models.remove();
  }
}
