import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { prosodyMetaOf } from '../../services/speaks/prosody-meta.js';
import { extensionOf } from '../../services/speaks/speak-order.js';
import { resolveLegacyLang } from '../../synthesis/text/languages.js';
import { errors } from '../api-error.js';
import { caller } from './auth.js';
import { bodyErrors, objectBody, oneOf, optionalString, requiredString } from './body-fields.js';

/**
 * `POST /api/speak/prosody-meta/{id}` `{language, version?}`: words, their character spans,
 * times and mean F0 of a finished speak. 403 when the plan lacks the feature; 404 when the speak is
 * unknown or another account's.
 */
export function registerProsodyMeta(api: FastifyInstance, services: Services): void {
  api.post<{ Params: { id: string } }>('/speak/prosody-meta/:id', async (request) => {
    const { account, plan } = caller(request);
    const body = objectBody(request.body);
    const language = requiredString(body, 'language', 32);
    if (resolveLegacyLang(language, 'audio_file') === null) throw bodyErrors.invalid('language', `language "${language}" is not known`);
    const requested = optionalString(body, 'version', 8);
    const version = oneOf('version', requested ?? 'v1', ['v1', 'v2'] as const);
    const speak = await services.earlier.speaks.find(request.params.id);
    // Another account's speak answers as an unknown one: a 403 would confirm that the id exists.
    if (!speak || speak.uid !== account.uid) throw errors.notFound('No speak at this address');
    if (!plan.prosodyMetaAllowed) throw errors.forbidden('Prosody metadata is not included in this plan');
    const prosody = await prosodyMetaOf(speak, version, requested, services.blobs);
    const { urls } = services.earlier;
    const done = speak.status === 'done';
    return {
      result: {
        _id: speak.id,
        prosody_meta: prosody,
        actor_id: speak.actorId,
        uid: speak.uid,
        query: speak.query,
        status: speak.status,
        task_id: speak.id,
        speak_url: urls.speakUrl(speak.id),
        audio: {
          url: done ? urls.audioDownloadUrl(speak) : null,
          extension: extensionOf(speak.format),
          content_type: speak.contentType,
          sample_rate: speak.sampleRate,
          duration: speak.duration,
        },
        audio_path: speak.audioKey,
        text_count: speak.textCount,
        duration: speak.synthesisSeconds,
        is_generated_by_api: true,
      },
    };
  });
}
