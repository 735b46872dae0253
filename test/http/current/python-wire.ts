import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { gunzipSync, inflateSync } from 'node:zlib';

/**
 * The official Python client (typecast-python) on the wire, written from reading its source
 * (docs/current-interface.md lists every call): the headers `requests` and `aiohttp` send for it,
 * bodies as `model_dump(exclude_none=True)` then `json.dumps` write them, and the checks its
 * pydantic response models and its status → exception mapping make.
 */

/** A float field: `json.dumps(1.0)` writes "1.0", never "1". */
export class PyFloat {
  constructor(readonly value: number) {}
}
export const float = (value: number) => new PyFloat(value);

/** `json.dumps(value)` with Python's defaults: ", " and ": " separators, everything past ASCII escaped. */
export function pythonJson(value: unknown): string {
  if (value instanceof PyFloat) return Number.isInteger(value.value) ? `${value.value}.0` : String(value.value);
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  return `{${Object.entries(value as object).map(([k, v]) => `${pythonJson(k)}: ${pythonJson(v)}`).join(', ')}}`;
}

/** `requests.Session` headers of the sync client (its defaults, then the client's update). */
export function syncHeaders(apiKey: string): Record<string, string> {
  return {
    'User-Agent': 'typecast-python/dev Python/3.11 CPython/3.11.7 requests/2.32.3 (mode=sync; base=custom; transport=rest)',
    'Accept-Encoding': 'gzip, deflate',
    Accept: '*/*',
    Connection: 'keep-alive',
    // Set on the session, so it goes with every request: GETs and bodiless DELETEs too.
    'Content-Type': 'application/json',
    'X-API-KEY': apiKey,
  };
}

/** `aiohttp.ClientSession` headers of the async client; `json=` adds the content type on its own. */
export function asyncHeaders(apiKey: string, withJson: boolean): Record<string, string> {
  return {
    Accept: '*/*',
    'Accept-Encoding': 'gzip, deflate',
    'User-Agent': 'typecast-python/dev Python/3.11 CPython/3.11.7 aiohttp/3.9.5 (mode=async; base=custom; transport=rest)',
    'X-API-KEY': apiKey,
    ...(withJson ? { 'Content-Type': 'application/json' } : {}),
  };
}

/** A query string as `requests` encodes `params` (spaces as +, "/" as %2F); empty params add nothing. */
export function pythonQuery(params: Record<string, string | number> | null): string {
  if (!params || Object.keys(params).length === 0) return '';
  return `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;
}

/** `files=` and `data=` of `requests`: the data fields first, then the file, with a random hex boundary. */
export function requestsMultipart(fields: Record<string, string>, file: { name: string; filename: string; contentType: string; bytes: Uint8Array }): { contentType: string; body: Buffer } {
  const boundary = randomBytes(16).toString('hex');
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`));
  parts.push(Buffer.from(file.bytes), Buffer.from(`\r\n--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

export interface WireResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as the client library hands it over: decompressed, chunks joined. */
  body: Buffer;
  chunks: number;
  text(): string;
  json(): unknown;
}

/** One request with exactly these headers and body bytes (Content-Length added as both libraries do). */
export function send(baseUrl: string, method: string, pathAndQuery: string, headers: Record<string, string>, body?: string | Buffer): Promise<WireResponse> {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const all = { ...headers };
  // requests sends Content-Length: 0 on a bodiless DELETE/POST; aiohttp likewise.
  if (payload !== undefined || method !== 'GET') all['Content-Length'] = String(payload?.length ?? 0);
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(pathAndQuery, baseUrl), { method, headers: all }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('error', reject);
      res.on('end', () => {
        let raw = Buffer.concat(parts);
        const encoding = res.headers['content-encoding'];
        if (encoding === 'gzip') raw = gunzipSync(raw);
        else if (encoding === 'deflate') raw = inflateSync(raw);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: raw,
          chunks: parts.length,
          text: () => raw.toString('utf8'),
          json: () => JSON.parse(raw.toString('utf8')),
        });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** The client's `_handle_error`: which exception a status becomes. */
export function pythonException(status: number): string {
  const names: Record<number, string> = {
    400: 'BadRequestError',
    401: 'UnauthorizedError',
    402: 'PaymentRequiredError',
    404: 'NotFoundError',
    422: 'UnprocessableEntityError',
    429: 'RateLimitError',
    500: 'InternalServerError',
  };
  return names[status] ?? 'TypecastError';
}

/** A pydantic field check: throws with the path of the first value the model would refuse. */
export type Field = (value: unknown, at: string) => void;

const fail = (at: string, why: string, value: unknown): never => {
  throw new Error(`${at}: ${why} (got ${JSON.stringify(value)})`);
};
export const str: Field = (v, at) => void (typeof v === 'string' || fail(at, 'str', v));
export const int: Field = (v, at) => void ((typeof v === 'number' && Number.isInteger(v)) || fail(at, 'int', v));
export const num: Field = (v, at) => void ((typeof v === 'number' && Number.isFinite(v)) || fail(at, 'float', v));
export const atLeast = (min: number): Field => (v, at) => {
  num(v, at);
  if ((v as number) < min) fail(at, `float ≥ ${min}`, v);
};
export const oneOf = (values: readonly string[]): Field => (v, at) => void (values.includes(v as string) || fail(at, `one of ${values.join(', ')}`, v));
/** `Optional[X] = None`: absent, null, or an X. */
export const optional = (field: Field): Field => (v, at) => {
  if (v !== undefined && v !== null) field(v, at);
};
export const list = (item: Field): Field => (v, at) => {
  if (!Array.isArray(v)) fail(at, 'list', v);
  (v as unknown[]).forEach((x, i) => item(x, `${at}[${i}]`));
};
/** A model: every declared field checked (required ones must be there); other keys are ignored, as pydantic does by default. */
export const model = (fields: Record<string, Field>, after?: (v: Record<string, unknown>, at: string) => void): Field => (v, at) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(at, 'object', v);
  const record = v as Record<string, unknown>;
  for (const [name, field] of Object.entries(fields)) field(record[name], `${at}.${name}`);
  after?.(record, at);
};
export const required = (field: Field): Field => (v, at) => {
  if (v === undefined) fail(at, 'required field missing', v);
  field(v, at);
};

/** The client's response models, field by field (typecast/models/*.py). */
const TTSModel = ['ssfm-v21', 'ssfm-v30'];
const span = (v: Record<string, unknown>, at: string) => {
  if ((v.end as number) < (v.start as number)) fail(at, 'end must be greater than or equal to start', v);
};
export const models = {
  VoicesResponse: model({ voice_id: required(str), voice_name: required(str), model: required(str), emotions: required(list(str)) }),
  VoiceV2Response: model({
    voice_id: required(str),
    voice_name: required(str),
    models: required(list(model({ version: required(oneOf(TTSModel)), emotions: required(list(str)) }))),
    gender: optional(oneOf(['male', 'female'])),
    age: optional(oneOf(['child', 'teenager', 'young_adult', 'middle_age', 'elder'])),
    use_cases: optional(list(str)),
  }),
  RecommendedVoice: model({ voice_id: required(str), voice_name: required(str), score: required(num) }),
  SubscriptionResponse: model({
    plan: required(oneOf(['free', 'lite', 'plus', 'custom'])),
    credits: required(model({ plan_credits: required(int), used_credits: required(int) })),
    limits: required(model({ concurrency_limit: required(int) })),
  }),
  TTSWithTimestampsResponse: model({
    audio: required(str),
    audio_format: required(oneOf(['wav', 'mp3'])),
    audio_duration: required(num),
    words: optional(list(model({ text: required(str), start: required(atLeast(0)), end: required(atLeast(0)) }, span))),
    characters: optional(list(model({ text: required(str), start: required(atLeast(0)), end: required(atLeast(0)) }, span))),
  }),
  CustomVoice: model({ voice_id: required(str), name: required(str), model: required(str) }),
};

/** `TTSResponse(audio_data, duration=float(header or 0), format=content-type after "/")`. */
export function ttsResponse(res: WireResponse): { duration: number; format: string; audio: Buffer } {
  const header = res.headers['x-audio-duration'];
  const duration = Number(header ?? 0);
  if (typeof header !== 'string' || !Number.isFinite(duration)) throw new Error(`X-Audio-Duration ${String(header)} is not a float`);
  const format = String(res.headers['content-type'] ?? 'audio/wav').split('/').at(-1)!;
  return { duration, format, audio: res.body };
}
