import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { characterTimestamps, wordTimestamps } from '../../../services/speech/timestamps.js';
import { captionFile, type CaptionFormat } from '../../../text/captions/caption-file.js';
import { accountOf } from '../authenticate.js';
import { errorResponses, security } from '../schemas/common.js';
import { SpeechBody, TimestampsQuery, TimestampsResponse, type SpeechBodyValue } from '../schemas/speech-body.js';
import { durationHeader } from './audio-reply.js';
import { speechOrderOf } from './speech-order.js';

/**
 * `POST /v1/text-to-speech/with-timestamps?granularity=word|char&captions=srt,vtt`: the audio as base64 and the
 * timing of each word (split at whitespace as the real service splits them, timed by the engine
 * words inside) and each character (the characters joined are the text); `granularity` keeps one
 * list and nulls the other; `captions` adds the SRT and/or WebVTT files of those timings.
 */
export function registerTextToSpeechWithTimestamps(app: FastifyInstance, services: Services): void {
  app.post<{ Body: SpeechBodyValue; Querystring: Static<typeof TimestampsQuery> }>(
    '/v1/text-to-speech/with-timestamps',
    {
      schema: {
        summary: 'Synthesize speech with word and character timings',
        tags: ['text-to-speech'],
        security,
        querystring: TimestampsQuery,
        body: SpeechBody,
        response: { 200: TimestampsResponse, ...errorResponses([400, 401, 402, 404, 429], { synthesis: true }) },
      },
    },
    async (request, reply) => {
      const order = speechOrderOf(request.body);
      const speech = await services.speech.synthesize(accountOf(request).uid, order);
      const { granularity } = request.query;
      reply.header('x-audio-duration', durationHeader(speech.duration));
      const timings = {
        words: granularity === 'char' ? null : wordTimestamps(speech.text, speech.words, speech.duration),
        characters: granularity === 'word' ? null : characterTimestamps(speech.text, speech.words, speech.duration),
      };
      // Built from the very lists of this answer, so the client's own helper gives the same files.
      const formats = (request.query.captions?.split(',') ?? []) as CaptionFormat[];
      const captions = formats.length > 0 ? Object.fromEntries(formats.map((format) => [format, captionFile(timings, format)])) : undefined;
      return {
        audio: Buffer.from(speech.audio.buffer, speech.audio.byteOffset, speech.audio.byteLength).toString('base64'),
        audio_format: order.output.format,
        audio_duration: Math.round(speech.duration * 1000) / 1000,
        ...timings,
        ...(captions ? { captions } : {}),
      };
    },
  );
}
