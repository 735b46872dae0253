import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { accountOf } from '../authenticate.js';
import { errorResponses, security } from '../schemas/common.js';
import { audioResponse, SpeechBody, type SpeechBodyValue } from '../schemas/speech-body.js';
import { sendAudio } from './audio-reply.js';
import { speechOrderOf } from './speech-order.js';

/** `POST /v1/text-to-speech`: the whole audio file at once. */
export function registerTextToSpeech(app: FastifyInstance, services: Services): void {
  app.post<{ Body: SpeechBodyValue }>(
    '/v1/text-to-speech',
    {
      schema: {
        summary: 'Synthesize speech',
        description: 'Debits credits equal to the text length; refused at once (429) past the plan\'s concurrency_limit.',
        tags: ['text-to-speech'],
        security,
        body: SpeechBody,
        response: { 200: audioResponse, ...errorResponses([400, 401, 402, 404, 429], { synthesis: true }) },
      },
    },
    async (request, reply) => {
      const order = speechOrderOf(request.body);
      const speech = await services.speech.synthesize(accountOf(request).uid, order);
      return sendAudio(reply, speech.audio, speech.contentType, speech.duration);
    },
  );
}
