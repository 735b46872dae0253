import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.js';
import { embedPath, noRedirectPath } from '../../services/speaks/speak-urls.js';
import { speakForFile, type SignedQuery } from './speak-file-access.js';

/**
 * `GET /files/speak/{name}/embed` (`share.embed_url`): a small page that plays the speech. Its
 * audio link is signed to expire with the page's own link.
 */
export function registerSpeakEmbed(files: FastifyInstance, services: Services): void {
  files.get('/speak/:name/embed', async (request: FastifyRequest<{ Params: { name: string }; Querystring: SignedQuery }>, reply) => {
    const { name } = request.params;
    const speak = await speakForFile(request, services, name, embedPath(name));
    const expires = Number(request.query.expires);
    const audioExpires = Number.isSafeInteger(expires) ? expires : Math.ceil(services.clock.now() / 1000) + 3600;
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
