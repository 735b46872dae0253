import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { instantUpload, type SavedUpload } from '../../services/custom-voices/index.js';
import { readCloneForm } from '../current/custom-voices/multipart-form.js';
import { cloneUploadRoute } from '../current/custom-voices/form-route.js';
import { elevenLabsAccountOf } from './authenticate.js';
import { ElevenLabsApiError, elevenLabsErrors } from './elevenlabs-error.js';

/** The model an instant clone made here speaks on (a custom voice is bound to one; ssfm-v30 has the inferred emotions). */
export const addedVoiceModel = 'ssfm-v30';

/**
 * `POST /v1/voices/add` (the client's `voices.ivc.create`): an instant clone from the first of
 * `files[]` (a 5–150 s WAV or MP3 sample; further files are read and dropped), named `name`, on
 * the same cloning machinery, plan rules and limits as the Typecast interface: the plan and its
 * slots are checked before the upload is read. `description`, `labels` and
 * `remove_background_noise` are accepted and not kept. Answers `{voice_id, requires_verification: false}`.
 */
export function registerAddVoice(app: FastifyInstance, services: Services): void {
  app.register(async (scope) => {
    // The form is streamed by the handler (the file to a temp file), not parsed by Fastify.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.post(
      '/v1/voices/add',
      {
        ...cloneUploadRoute(instantUpload.maxBytes),
        schema: { hide: true },
        onRequest: async (request) => services.customVoices.refuseEarly(elevenLabsAccountOf(request).uid, 'instant'),
      },
      async (request) => {
        const { uid } = elevenLabsAccountOf(request);
        const voices = services.customVoices;
        const form = await readCloneForm(request, {
          fileField: 'files',
          fileSizeCap: instantUpload.maxBytes + 1,
          receive: (file: Readable) => voices.receiveUpload(file, 'instant'),
          discard: (upload: SavedUpload) => voices.discardUpload(upload),
        });
        if (!form) throw elevenLabsErrors.invalid('invalid_request', 'The body must be a multipart/form-data form with name and files.');
        const upload = form.upload;
        const name = form.fields.get('name');
        if (!name || !upload || !('saved' in upload)) {
          if (upload && 'saved' in upload) await voices.discardUpload(upload.saved);
          if (upload && 'refused' in upload) throw upload.refused;
          throw elevenLabsErrors.invalid('invalid_request', name ? "Field required: 'files'" : "Field required: 'name'");
        }
        const voice = await voices.createInstantClone({ accountUid: uid, name, model: addedVoiceModel, file: upload.saved });
        if (voice.status !== 'completed') throw new ElevenLabsApiError(500, 'voice_creation_failed', voice.error ?? 'The voice could not be made.');
        return { voice_id: voice.voiceId, requires_verification: false };
      },
    );
  });
}
