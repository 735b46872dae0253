import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { captionContentTypes, captionFile } from '../../../text/captions/caption-file.js';
import { defaultCueLimits } from '../../../text/captions/caption-cues.js';
import { errorResponses, security } from '../schemas/common.js';
import { CaptionsBody, CaptionsQuery, captionsResponse } from '../schemas/captions.js';

/** The largest with-timestamps answer (2,000 characters of WAV, base64) fits with room to spare. */
const bodyLimit = 48 * 1024 * 1024;

/**
 * `POST /v1/captions?format=srt|vtt[&max_seconds=&max_chars=]`: the caption file of a
 * with-timestamps answer sent back as the body, by the official SDKs' rules. Nothing is
 * synthesized and nothing is charged: the file is a rendering of timings the caller already has.
 */
export function registerCaptions(app: FastifyInstance): void {
  app.post<{ Body: Static<typeof CaptionsBody>; Querystring: Static<typeof CaptionsQuery> }>(
    '/v1/captions',
    {
      bodyLimit,
      schema: {
        summary: 'Caption file (SRT or WebVTT) from a with-timestamps answer',
        tags: ['text-to-speech'],
        security,
        querystring: CaptionsQuery,
        body: CaptionsBody,
        response: { 200: captionsResponse, ...errorResponses([401, 413]) },
      },
    },
    async (request, reply) => {
      const { format, max_seconds, max_chars } = request.query;
      const limits = { maxSeconds: max_seconds ?? defaultCueLimits.maxSeconds, maxChars: max_chars ?? defaultCueLimits.maxChars };
      const file = captionFile(request.body, format, limits);
      return reply.type(`${captionContentTypes[format]}; charset=utf-8`).send(file);
    },
  );
}
