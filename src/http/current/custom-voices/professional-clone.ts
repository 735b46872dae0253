import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { professionalUpload, type SavedUpload } from '../../../services/custom-voices/index.js';
import { accountOf } from '../authenticate.js';
import { security } from '../schemas/common.js';
import { ProfessionalCloneForm } from './clone-forms.js';
import { withCloneForm } from './clone-form-request.js';
import { answering } from './custom-voice-errors.js';
import { cloneErrorMeanings, cloneUploadRoute, documentedErrors, formValidatorCompiler } from './form-route.js';
import { refuseCloneBeforeBody } from './refuse-before-body.js';
import { ProfessionalCloneResponse, professionalCloneResponse } from './shapes.js';

/**
 * `POST /v1/custom-voices/professional-clone`: one recording of 5 min – 3 h (≤ 1 GiB, ≥ 16 kHz)
 * streamed to disk, checked, stored, and trained by a queued job; the answer comes at once with
 * status `pending`, and the voice moves to `training`, then `completed` or `failed`.
 */
export function registerProfessionalClone(app: FastifyInstance, services: Services): void {
  app.post(
    '/v1/custom-voices/professional-clone',
    {
      ...cloneUploadRoute(professionalUpload.maxBytes),
      onRequest: refuseCloneBeforeBody(services, 'professional'),
      validatorCompiler: formValidatorCompiler,
      schema: {
        summary: 'Train a voice from a long recording',
        description:
          'multipart/form-data: name, model, language (ISO 639-3) and one recording in `files`. Answers with status pending; ' +
          'poll GET /v1/custom-voices/{voice_id} until completed. 403 also when the plan has no professional slot or training left.',
        tags: ['custom-voices'],
        security,
        consumes: ['multipart/form-data'],
        body: ProfessionalCloneForm,
        response: { 200: ProfessionalCloneResponse, ...documentedErrors(cloneErrorMeanings) },
      },
    },
    async (request, reply) =>
      answering(async () => {
        const { uid } = accountOf(request);
        const voices = services.customVoices;
        const spec = {
          fileField: 'files',
          fileSizeCap: professionalUpload.maxBytes + 1,
          receive: (file: Readable) => voices.receiveUpload(file, 'professional'),
          discard: (upload: SavedUpload) => voices.discardUpload(upload),
        };
        return withCloneForm(request, spec, ProfessionalCloneForm, async (fields, upload) => {
          const voice = await voices.createProfessionalClone({ accountUid: uid, name: fields.name, model: fields.model, language: fields.language, file: upload });
          return reply.send(professionalCloneResponse(voice));
        });
      }),
  );
}
