import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Pcm } from '../../../../src/synthesis/audio.js';
import { decodeWav } from '../../../../src/synthesis/decoders/wav.js';
import { encodeWavPcm16 } from '../../../../src/synthesis/encoders/wav.js';
import { makeSpeaker, sampleSentences, speakers, type SpeakerRecipe } from '../../../synthesis/adaptation/speakers.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../../test-server.js';

export interface FormFile {
  bytes: Uint8Array;
  filename?: string;
  type?: string;
}

/** A real Orator and helpers to drive its custom-voice routes over HTTP, as a client would. */
export async function openCustomVoiceServer(options: TestServerOptions = {}) {
  const server: TestServer = await startTestServer(options);
  const samples = new Map<string, Pcm>();
  const tmpDir = path.join(server.dataDir, 'tmp', 'custom-voices');

  /** multipart/form-data from fields and files, built by fetch's own FormData (random boundary). */
  function form(fields: Record<string, string | FormFile | undefined>): FormData {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      if (typeof value === 'string') body.append(name, value);
      else body.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type ?? 'audio/wav' }), value.filename ?? 'sample.wav');
    }
    return body;
  }

  async function call(method: string, route: string, key: string | null, body?: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${server.url}${route}`, { method, body, headers: { ...headers, ...(key === null ? {} : { 'x-api-key': key }) } });
  }

  return {
    server,
    tmpDir,
    form,
    call,
    /** POSTs a clone form; answers status and parsed JSON body. */
    async clone(key: string, fields: Record<string, string | FormFile | undefined>, route = '/v1/custom-voices/instant-clone') {
      const res = await call('POST', route, key, form(fields));
      const text = await res.text();
      return { status: res.status, type: res.headers.get('content-type'), body: text ? JSON.parse(text) : null };
    },
    async json(method: string, route: string, key: string, body?: unknown) {
      const res = await call(method, route, key, body === undefined ? undefined : JSON.stringify(body), body === undefined ? {} : { 'content-type': 'application/json' });
      const bytes = new Uint8Array(await res.arrayBuffer());
      const isJson = res.headers.get('content-type')?.startsWith('application/json');
      return { status: res.status, headers: res.headers, bytes, body: isJson && bytes.length > 0 ? JSON.parse(Buffer.from(bytes).toString('utf8')) : null };
    },
    /** Synthesizes with POST /v1/text-to-speech and decodes the WAV; throws with the answer when not 200. */
    async speak(key: string, body: Record<string, unknown>): Promise<Pcm> {
      const res = await this.json('POST', '/v1/text-to-speech', key, { model: 'ssfm-v30', language: 'eng', ...body });
      if (res.status !== 200) throw new Error(`text-to-speech ${res.status}: ${JSON.stringify(res.body)}`);
      return decodeWav(res.bytes);
    },
    /** A synthetic speaker's reading (made once per recipe by the server's own engine pool). */
    async speaker(recipe: SpeakerRecipe = speakers[0]): Promise<Pcm> {
      let pcm = samples.get(recipe.name);
      if (!pcm) {
        pcm = await makeSpeaker(server.services.pool, recipe, sampleSentences);
        samples.set(recipe.name, pcm);
      }
      return pcm;
    },
    wav: (pcm: Pcm) => encodeWavPcm16(pcm),
    /** Files in the upload temp folder (none once requests and background work are over). */
    leftovers(): string[] {
      try {
        return readdirSync(tmpDir);
      } catch {
        return [];
      }
    },
    async blobKeys(prefix = 'custom-voices/'): Promise<string[]> {
      const keys: string[] = [];
      for await (const key of server.services.blobs.list(prefix)) keys.push(key);
      return keys;
    },
    close: () => server.close(),
  };
}

export type CustomVoiceServer = Awaited<ReturnType<typeof openCustomVoiceServer>>;

/** `pcm` cut to its first `seconds`. */
export function head(pcm: Pcm, seconds: number): Pcm {
  return { samples: pcm.samples.slice(0, Math.round(seconds * pcm.sampleRate)), sampleRate: pcm.sampleRate };
}

export const semitones = (from: number, to: number) => 12 * Math.log2(to / from);
