import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { deleteVoiceHandler, deleteVoiceOptions } from './delete-custom-voice.js';

/** `DELETE /v1/voices/{voice_id}`: the same deletion under the voices address the official flow uses. */
export function registerDeleteVoice(app: FastifyInstance, services: Services): void {
  app.delete('/v1/voices/:voice_id', deleteVoiceOptions('Delete a custom voice'), deleteVoiceHandler(services));
}
