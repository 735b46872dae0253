/**
 * What never reaches a log line: keys, tokens, signatures, passwords, webhook secrets. Headers
 * and fields by name (pino's `redact`), and secret query parameters of every URL logged (signed
 * download links carry their signature there; callback URLs may carry the receiver's token).
 */

/** Field names whose values are secret wherever they appear. */
const secretFields = ['authorization', 'x-api-key', 'cookie', 'set-cookie', 'api_key', 'apiKey', 'api_token', 'apiToken', 'token', 'password', 'secret', 'webhook_secret', 'webhookSecret', 'signature', 'x-webhook-signature', 'x-typecast-signature'];

/**
 * pino `redact` paths: these fields at the top, one level down, and in any object's `headers`
 * one level down (request and response headers, wherever a log line carries them).
 */
export const redactPaths = [
  ...secretFields.map((f) => `["${f}"]`),
  ...secretFields.map((f) => `*["${f}"]`),
  ...secretFields.map((f) => `*.headers["${f}"]`),
];

/** Query parameters whose values are secret (matched without regard to case; `key` matches `api_key`, `apiKey`). */
const secretParameter = /(signature|sig|token|key|secret|password|auth)/i;

export const redacted = '[redacted]';

/** `url` with the values of secret query parameters (and any user:password@) replaced. */
export function scrubUrl(url: string): string {
  const query = url.indexOf('?');
  const withoutUserInfo = url.replace(/\/\/[^/@?#]*@/, '//[redacted]@');
  if (query < 0) return withoutUserInfo;
  const head = withoutUserInfo.slice(0, withoutUserInfo.indexOf('?'));
  const tail = withoutUserInfo.slice(withoutUserInfo.indexOf('?') + 1);
  const [search, hash] = tail.split('#', 2);
  const scrubbed = search
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      return secretParameter.test(decodeURIComponentSafe(name)) ? `${name}=${redacted}` : pair;
    })
    .join('&');
  return `${head}?${scrubbed}${hash !== undefined ? `#${hash}` : ''}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Secrets written inside free text (error messages): URLs are scrubbed, Bearer/key values hidden. */
export function scrubText(text: string): string {
  return text
    .replace(/[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, (url) => scrubUrl(url))
    .replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]+/g, `$1${redacted}`)
    .replace(/(whsec_)[A-Za-z0-9_-]+/g, `$1${redacted}`);
}
