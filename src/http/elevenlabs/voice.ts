import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { oratorVoiceIdOf } from '../../services/elevenlabs-speech/voice-ids.js';
import { elevenLabsSignInOf } from './authenticate.js';
import { onSharedPath } from './credential-constraint.js';
import { elevenLabsErrors } from './elevenlabs-error.js';
import { elevenLabsVoice } from './voice-shape.js';

/** `GET /v1/voices/{voice_id}` (xi-api-key): one voice; a premade ElevenLabs id answers with its stand-in, under the id asked for. */
export function registerVoice(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { voice_id: string } }>('/v1/voices/:voice_id', { ...onSharedPath, schema: { hide: true } }, async (request) => {
    const { account, voicesVersion } = elevenLabsSignInOf(request);
    const asked = request.params.voice_id;
    const entry = await services.voiceCatalog.find(account.uid, oratorVoiceIdOf(asked), voicesVersion);
    if (!entry) throw elevenLabsErrors.notFound('voice_not_found', `A voice with the voice_id ${asked} was not found.`);
    return elevenLabsVoice(entry, services.config.publicUrl, asked);
  });
}
