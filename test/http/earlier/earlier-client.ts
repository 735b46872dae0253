import type { TestServer } from '../test-server.js';

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  bytes: Buffer;
}

/** A tiny client of the earlier interface: what the public demo client does, with fetch. */
export function earlierClient(server: { url: string }, token: string | null) {
  async function call<T = any>(method: string, path: string, body?: unknown, init: { raw?: string; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let payload: string | undefined;
    if (init.raw !== undefined) payload = init.raw;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, { method, headers, body: payload });
    const bytes = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    const parsed = type.includes('json') ? JSON.parse(bytes.toString('utf8')) : undefined;
    return { status: response.status, headers: response.headers, body: parsed as T, bytes };
  }
  return {
    call,
    get: <T = any>(path: string) => call<T>('GET', path),
    post: <T = any>(path: string, body?: unknown) => call<T>('POST', path, body),
    put: <T = any>(path: string, body?: unknown) => call<T>('PUT', path, body),
  };
}

export type EarlierClient = ReturnType<typeof earlierClient>;

/** Polls a speak_v2_url (at most once a second, as the document asks) until it leaves `progress`. */
export async function pollUntilFinished(client: EarlierClient, speakV2Url: string, intervalMs = 1000, timeoutMs = 60_000): Promise<any> {
  const path = new URL(speakV2Url).pathname;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await client.get(path);
    if (answer.status !== 200) throw new Error(`poll answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    if (answer.body.result.status !== 'progress') return answer.body.result;
    if (Date.now() > deadline) throw new Error('speak still in progress');
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** An actor id of a built-in voice by its slug, via the catalog (tests only). */
export { findVoiceByAnyName } from '../../../src/synthesis/catalog/find-voice.js';

export async function createAccount(server: TestServer, plan = 'plus') {
  return server.createAccount(plan);
}
