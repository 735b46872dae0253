import { startTestServer, type TestServer } from '../test-server.js';

export interface CurrentApi {
  server: TestServer;
  apiKey: string;
  uid: string;
  /** JSON request with this account's key (or `key`, or none when `key` is null). */
  call(method: string, path: string, options?: { body?: unknown; rawBody?: string; key?: string | null; headers?: Record<string, string> }): Promise<Response>;
  /** A built-in voice id by English name. */
  voiceId(name: string): Promise<string>;
  close(): Promise<void>;
}

/** A real Orator and one account on `plan`, driven over HTTP. */
export async function openCurrentApi(plan = 'custom'): Promise<CurrentApi> {
  const server = await startTestServer({ startQueue: false });
  const { apiKey, uid } = await server.createAccount(plan);
  const ids = new Map<string, string>();
  const api: CurrentApi = {
    server,
    apiKey,
    uid,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const key = options.key === undefined ? apiKey : options.key;
      if (key !== null) headers['x-api-key'] = key;
      let body: string | undefined;
      if (options.rawBody !== undefined) body = options.rawBody;
      else if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
      return fetch(`${server.url}${path}`, { method, headers, body });
    },
    async voiceId(name) {
      if (ids.size === 0) {
        const voices = (await (await api.call('GET', '/v3/voices')).json()) as { voice_id: string; voice_name: { eng: string } }[];
        for (const v of voices) ids.set(v.voice_name.eng, v.voice_id);
      }
      const id = ids.get(name);
      if (!id) throw new Error(`no voice ${name}`);
      return id;
    },
    close: () => server.close(),
  };
  return api;
}

/** The fields of a canonical 44-byte WAV header. */
export function wavHeader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  return {
    riff: tag(0),
    riffSize: view.getUint32(4, true),
    wave: tag(8),
    fmt: tag(12),
    format: view.getUint16(20, true),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    bitsPerSample: view.getUint16(34, true),
    data: tag(36),
    dataSize: view.getUint32(40, true),
  };
}

/** RMS of samples [from, to) seconds. */
export function rmsBetween(samples: Float32Array, sampleRate: number, from: number, to: number): number {
  const a = Math.max(0, Math.floor(from * sampleRate));
  const b = Math.min(samples.length, Math.ceil(to * sampleRate));
  if (b <= a) return 0;
  let sum = 0;
  for (let i = a; i < b; i++) sum += samples[i] * samples[i];
  return Math.sqrt(sum / (b - a));
}

/** The benchmarks' texts, so tests and benches speak the same words. */
export { english300, englishText } from '../../../bench/texts.js';
