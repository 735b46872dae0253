import { finished, type Readable } from 'node:stream';
import busboy, { type Busboy } from 'busboy';
import type { FastifyRequest } from 'fastify';
import { CustomVoiceError, UploadInterrupted, type SavedUpload } from '../../../services/custom-voices/index.js';
import { ApiError } from '../../api-error.js';

/** What a clone form must hold and how its one file is kept. */
export interface FormSpec {
  /** The field the file comes in (`file`, or `files` for professional clones). */
  fileField: string;
  /**
   * Bytes after which the multipart parser cuts the file off: just above the service's limit, so
   * the service sees one byte too many and answers "too large" (400), and the rest is dropped
   * unread instead of written anywhere.
   */
  fileSizeCap: number;
  /** Writes the file to a temp file while it arrives. */
  receive(file: Readable): Promise<SavedUpload>;
  discard(upload: SavedUpload): Promise<void>;
}

export interface ReceivedForm {
  /** Text fields; of a repeated one the last value (as Starlette's `form.get` gives FastAPI). */
  fields: Map<string, string>;
  /** Names of the fields that came as files. */
  fileParts: Set<string>;
  /** The file, saved; or why it was refused (too large), reported after the fields are checked. */
  upload: { saved: SavedUpload } | { refused: CustomVoiceError } | null;
}

/** Parts of a clone form: a handful of short fields and a file or two at most. */
const limits = { fields: 20, files: 4, parts: 24, fieldSize: 64 * 1024, fieldNameSize: 200, headerPairs: 100 };

export const malformedBody = 'There was an error parsing the body: it is not a complete multipart/form-data form.';

/** A form that reached one of `limits`' counts: refused whole, as a malformed body. */
class FormLimitReached extends Error {}

/**
 * Whether the request's body is a multipart form. Any other body is left unread, so the route
 * answers with FastAPI's "field required" for each field.
 */
export function isMultipartForm(request: FastifyRequest): boolean {
  return /^multipart\/form-data\s*(;|$)/i.test(request.headers['content-type'] ?? '');
}

/**
 * Reads a multipart clone form to its end: text fields into memory (each cut at 64 KiB), the file
 * streamed to a temp file and never held in memory, further files read and dropped. The fields
 * can come before or after the file, so nothing is judged here: the route checks the fields
 * first (422), then the file. Null when the request is not multipart at all. A body the parser
 * cannot read, or a client gone before the end, is a 400, never a 500 or a hang, and a file
 * saved before the failure is removed.
 *
 * busboy (not @fastify/multipart's fork of it, which stalls for good on a part it skips that is
 * longer than its buffer: a part without a form-data disposition, a file past the count).
 */
export async function readCloneForm(request: FastifyRequest, spec: FormSpec): Promise<ReceivedForm | null> {
  if (!isMultipartForm(request)) return null;
  const form: ReceivedForm = { fields: new Map(), fileParts: new Set(), upload: null };
  let parser: Busboy | undefined;
  let receiving: Promise<void> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      parser = busboy({ headers: request.headers, limits: { ...limits, fileSize: spec.fileSizeCap } });
      parser.on('field', (name, value) => form.fields.set(name, value));
      parser.on('file', (name, file, info) => {
        request.log.trace({ part: name, filename: info.filename, mimeType: info.mimeType }, 'form file part');
        form.fileParts.add(name);
        // A file's stream fails when the form does (the form's error is reported), possibly
        // before its reader is attached: the temp file's folder is made first.
        file.on('error', () => {});
        if (name !== spec.fileField || receiving) {
          file.resume();
          return;
        }
        // Past the cap busboy ends the file quietly (marked truncated): the service then sees
        // one byte too many and refuses it as too large after the fields are checked.
        receiving = spec.receive(file).then(
          (saved) => void (form.upload = { saved }),
          (error) => {
            if (!(error instanceof CustomVoiceError && error.code === 'file_too_large')) throw error;
            form.upload = { refused: error };
          },
        );
        receiving.catch(reject);
      });
      for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) parser.on(limit, () => reject(new FormLimitReached(limit)));
      parser.on('error', reject);
      // After the whole body and every file part's end: only the temp file may still be flushing.
      parser.once('close', resolve);
      finished(request.raw, (error) => error && reject(new UploadInterrupted(error)));
      request.raw.pipe(parser);
    });
    await receiving;
    return form;
  } catch (error) {
    // Stop parsing: a file still arriving ends with an error, so its temp file is removed.
    if (parser) {
      request.raw.unpipe(parser);
      parser.destroy();
    }
    await receiving?.catch(() => {});
    if (form.upload && 'saved' in form.upload) await spec.discard(form.upload.saved);
    // Let the rest of the body flow (and be dropped), so the client reads our answer.
    request.raw.resume();
    if (isOurDiskFailing(error)) throw error;
    request.log.debug({ reason: error instanceof Error ? error.message : String(error) }, 'multipart form refused');
    throw new ApiError(400, 'custom-voice/malformed-body', malformedBody);
  }
}

/**
 * Saving the file failed on our side (a full disk): a plain error, unlike everything the sender
 * controls (busboy's complaints about the body, the limits, a client gone, the file's stream cut).
 */
function isOurDiskFailing(error: unknown): boolean {
  return !(error instanceof UploadInterrupted || error instanceof FormLimitReached) && error instanceof Error && 'errno' in error;
}
