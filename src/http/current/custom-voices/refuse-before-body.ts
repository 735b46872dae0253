import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../../app/services.js';
import type { CustomVoiceSource } from '../../../services/custom-voices/custom-voice.js';
import { accountOf } from '../authenticate.js';
import { toApiError } from './custom-voice-errors.js';

/**
 * onRequest hook of the clone routes: the plan, the slots and the clones-at-once are checked
 * before a byte of the (up to 1 GiB) form is read. A refusal is answered at once; the rest of
 * the upload is then read and dropped, within bounds, so the client reads the refusal instead of
 * a reset connection (http/request-bodies/drain-refused-body.ts).
 */
export function refuseCloneBeforeBody(services: Services, kind: CustomVoiceSource) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    try {
      await services.customVoices.refuseEarly(accountOf(request).uid, kind);
    } catch (error) {
      throw toApiError(error);
    }
  };
}
