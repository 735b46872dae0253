import type { FastifyInstance } from 'fastify';
import type { OpenAiSpeechService } from '../../services/openai-speech/openai-speech-service.js';
import { openAiAccountOf } from './authenticate.js';

/**
 * `GET /v1/audio/voices`: every voice name `/v1/audio/speech` takes for this key, as
 * `{voices: [{id, name, kind}]}` (the shape Open WebUI reads): OpenAI's names, the account's
 * completed custom voices, the built-in voice ids.
 */
export function registerVoices(app: FastifyInstance, speech: OpenAiSpeechService): void {
  app.get('/v1/audio/voices', { schema: { hide: true } }, async (request) => {
    return { voices: await speech.listVoices(openAiAccountOf(request).uid) };
  });
}
