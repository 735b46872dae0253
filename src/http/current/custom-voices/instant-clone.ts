import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Services } from '../../../app/services.js';
import { instantUpload, type SavedUpload } from '../../../services/custom-voices/index.js';
import { ApiError } from '../../api-error.js';
import { accountOf } from '../authenticate.js';
import { security } from '../schemas/common.js';
import { InstantCloneForm } from './clone-forms.js';
import { withCloneForm } from './clone-form-request.js';
import { answering } from './custom-voice-errors.js';
import { cloneErrorMeanings, cloneUploadRoute, documentedErrors, formValidatorCompiler } from './form-route.js';
import { refuseCloneBeforeBody } from './refuse-before-body.js';
import { CustomVoiceResponse, customVoiceResponse } from './shapes.js';

/** Route options shared by the instant-clone route and its deprecated twin `/v1/voices/clone`. */
export function instantCloneOptions(services: Services, summary: string, deprecated: boolean): RouteShorthandOptions {
  return {
    ...cloneUploadRoute(instantUpload.maxBytes),
    onRequest: refuseCloneBeforeBody(services, 'instant'),
    validatorCompiler: formValidatorCompiler,
    schema: {
      summary,
      description:
        'Makes a custom voice from a 5–150 s sample (multipart/form-data: file, name, model) and answers once it can speak: ' +
        'pass voice_id with its model to text-to-speech at once. The upload is stored in the background after the answer.',
      tags: ['custom-voices'],
      security,
      deprecated,
      consumes: ['multipart/form-data'],
      body: InstantCloneForm,
      response: { 200: CustomVoiceResponse, ...documentedErrors(cloneErrorMeanings) },
    },
  };
}

/**
 * The instant clone: the plan, slots (403) and clones-at-once (429) are checked before the body
 * is read (refuseCloneBeforeBody); then the form is read with the file streamed to a temp file,
 * the fields checked (422) and the size (400), then the service checks the audio (400), the plan
 * and slots again, takes a clone slot, and makes the voice while the client waits.
 */
export function instantCloneHandler(services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply) =>
    answering(async () => {
      const { uid } = accountOf(request);
      const voices = services.customVoices;
      const spec = {
        fileField: 'file',
        fileSizeCap: instantUpload.maxBytes + 1,
        receive: (file: Readable) => voices.receiveUpload(file, 'instant'),
        discard: (upload: SavedUpload) => voices.discardUpload(upload),
      };
      return withCloneForm(request, spec, InstantCloneForm, async (fields, upload) => {
        const voice = await voices.createInstantClone({ accountUid: uid, name: fields.name, model: fields.model, file: upload });
        // Our side failed (the voice is listed as failed with the reason): not a usable voice, so no 200.
        if (voice.status !== 'completed') throw new ApiError(500, 'custom-voice/failed', voice.error ?? 'The voice could not be made.');
        return reply.send(customVoiceResponse(voice));
      });
    });
}

/** `POST /v1/custom-voices/instant-clone`. */
export function registerInstantClone(app: FastifyInstance, services: Services): void {
  app.post('/v1/custom-voices/instant-clone', instantCloneOptions(services, 'Clone a voice from a sample', false), instantCloneHandler(services));
}
