import type { TObject } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { SavedUpload } from '../../../services/custom-voices/index.js';
import { checkCloneForm, type CheckedFields } from './clone-forms.js';
import { readCloneForm, type FormSpec } from './multipart-form.js';

/**
 * A clone request's form, in the order decisions §1 gives: read it whole (file to a temp file),
 * check its fields (422), then the file's size (400), and hand fields and file to `work`, which
 * owns the file from then on (the service removes it). Refused before that, the file is removed here.
 */
export async function withCloneForm<T>(
  request: FastifyRequest,
  spec: FormSpec,
  schema: TObject,
  work: (fields: CheckedFields, upload: SavedUpload) => Promise<T>,
): Promise<T> {
  const form = await readCloneForm(request, spec);
  const upload = form?.upload;
  let handedOver = false;
  try {
    const fields = checkCloneForm(schema, spec.fileField, form);
    if (upload && 'refused' in upload) throw upload.refused;
    if (!upload || !('saved' in upload)) throw new Error('a checked form has its file');
    handedOver = true;
    return await work(fields, upload.saved);
  } finally {
    if (!handedOver && upload && 'saved' in upload) await spec.discard(upload.saved);
  }
}
