import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.js';
import { embedPath, noRedirectPath } from '../../services/speaks/speak-urls.js';
import { ApiError } from '../api-error.js';
import { speakForFile, type SignedQuery } from './speak-file-access.js';

/**
 * `GET /files/speak/{name}/embed` (`share.embed_url`): a small page that plays the speech. Its
 * audio link is signed to expire with the page's own link.
 */
export function registerSpeakEmbed(files: FastifyInstance, services: Services): void {
  files.get('/speak/:name/embed', async (request: FastifyRequest<{ Params: { name: string }; Querystring: SignedQuery }>, reply) => {
    const { name } = request.params;
    const speak = await speakForFile(request, services, name, embedPath(name));
    const audioExpires = expiresOf(request.query.expires) ?? Math.ceil(services.clock.now() / 1000) + 3600;
    const signed = services.urlSigner.signUntil(noRedirectPath(name), audioExpires);
    const src = `${noRedirectPath(name)}?${signed.query}`;
    const seconds = speak.duration?.toFixed(1) ?? '';
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .send(page(escapeHtml(src), escapeHtml(speak.contentType ?? 'audio/wav'), seconds));
  });
}

/**
 * The page link's `expires`, which the audio link copies: whole unix seconds, at most 15 digits
 * (as signed links carry it; the signer then cuts it to 24 h from now). Absent → null; anything
 * else (negative, fractional, longer, repeated) is the caller's mistake, a 400.
 */
function expiresOf(value: unknown): number | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) throw new ApiError(400, 'app/invalid/expires', 'expires must be whole unix seconds (at most 15 digits)');
  return Number(value);
}

function page(src: string, type: string, seconds: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Speech</title>
<style>body{margin:0;display:flex;align-items:center;justify-content:center;min-height:100vh;font-family:system-ui,sans-serif;background:#f6f6f4}figure{margin:0;text-align:center}figcaption{color:#555;font-size:14px;margin-top:8px}</style>
</head>
<body>
<figure>
<audio controls preload="metadata" src="${src}" type="${type}"></audio>
<figcaption>${seconds ? `${seconds} s · ` : ''}spoken by Orator</figcaption>
</figure>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
