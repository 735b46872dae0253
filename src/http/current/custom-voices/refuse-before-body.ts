import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../../app/services.js';
import type { CustomVoiceSource } from '../../../services/custom-voices/custom-voice.js';
import { accountOf } from '../authenticate.js';
import { toApiError } from './custom-voice-errors.js';

/**
 * onRequest hook of the clone routes: the plan, the slots and the clones-at-once are checked
 * before a byte of the (up to 1 GiB) form is read. A refusal is answered at once with
 * `Connection: close`, so the server stops reading the upload and closes the connection instead
 * of draining what the client is still sending.
 */
export function refuseCloneBeforeBody(services: Services, kind: CustomVoiceSource) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      await services.customVoices.refuseEarly(accountOf(request).uid, kind);
    } catch (error) {
      if (hasBody(request)) reply.header('connection', 'close');
      throw toApiError(error);
    }
  };
}

function hasBody(request: FastifyRequest): boolean {
  return request.headers['content-length'] !== undefined ? request.headers['content-length'] !== '0' : request.headers['transfer-encoding'] !== undefined;
}
