import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { errors } from '../../api-error.js';
import { signedInOf } from '../authenticate.js';
import { errorResponses, security } from '../schemas/common.js';
import { V2Voice, VoiceIdParams } from '../schemas/voices.js';
import type { VoiceEntry } from '../../../services/voices/voice-catalog.js';
import { SerializedBodies } from '../../serialized-bodies.js';
import { v2Voice } from './voice-shapes.js';

/** `GET /v2/voices/{voice_id}`: one voice in the v2 shape. */
export function registerV2Voice(app: FastifyInstance, services: Services): void {
  // Entries are never changed, only replaced (a model installed, a custom voice changed): one body each.
  const bodies = new SerializedBodies<VoiceEntry>();
  app.get<{ Params: Static<typeof VoiceIdParams> }>(
    '/v2/voices/:voice_id',
    {
      schema: { summary: 'Get a voice (deprecated)', tags: ['voices'], deprecated: true, security, params: VoiceIdParams, response: { 200: V2Voice, ...errorResponses([401, 404]) } },
    },
    // Not async: when the voice needs no read (a built-in id, or the account's custom voices
    // cached), the answer goes out in the same tick as the sign-in, without the promise and
    // microtask turns an async handler costs every request (bench/light-routes.ts).
    (request, reply) => {
      const { account, voicesVersion } = signedInOf(request);
      const voiceId = request.params.voice_id;
      const answer = (entry: VoiceEntry | null): void => {
        if (!entry) throw errors.notFound(`Voice not found: ${voiceId}`);
        bodies.send(reply, entry, v2Voice);
      };
      const kept = services.voiceCatalog.findKept(account.uid, voiceId, voicesVersion);
      if (kept !== undefined) return answer(kept);
      return services.voiceCatalog.find(account.uid, voiceId, voicesVersion).then(answer);
    },
  );
}
