import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { extensionOf } from '../../services/speaks/speak-order.js';
import { caller } from './auth.js';
import { parseSpeakBody } from './speak-body.js';

/** `POST /api/text-to-speech`: the body of /api/speak, the same charge and limits; answers the audio itself. */
export function registerTextToSpeech(api: FastifyInstance, services: Services): void {
  api.post('/text-to-speech', async (request, reply) => {
    const { account, plan } = caller(request);
    const { order } = parseSpeakBody(request.body);
    const speech = await services.earlier.speaks.speakNow(account, plan, order);
    return reply
      .header('content-type', speech.contentType)
      .header('content-disposition', `inline; filename="speech.${extensionOf(order.format)}"`)
      .header('x-audio-duration', speech.duration.toFixed(3))
      .send(Buffer.from(speech.audio.buffer, speech.audio.byteOffset, speech.audio.byteLength));
  });
}
