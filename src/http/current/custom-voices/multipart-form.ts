import type { Readable } from 'node:stream';
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

/**
 * Options of @fastify/multipart for the clone routes: a file past its cap is cut off quietly (its
 * stream ends, marked truncated) rather than failing the whole form, so the fields after it are
 * still read and checked first.
 */
export const multipartOptions = { throwFileSizeLimit: false };

/** Parts of a clone form: a handful of short fields and a file or two at most. */
const limits = { fields: 20, files: 4, parts: 24, fieldSize: 64 * 1024, fieldNameSize: 200, headerPairs: 100 };

export const malformedBody = 'There was an error parsing the body: it is not a complete multipart/form-data form.';

/**
 * Reads a multipart clone form to its end: text fields into memory (each cut at 64 KiB), the file
 * streamed to a temp file and never held in memory, further files read and dropped. The fields
 * can come before or after the file, so nothing is judged here: the route checks the fields
 * first (422), then the file. Null when the request is not multipart at all. A body the parser
 * cannot read is a 400, never a 500, and a file saved before the failure is removed.
 */
export async function readCloneForm(request: FastifyRequest, spec: FormSpec): Promise<ReceivedForm | null> {
  if (!request.isMultipart()) return null;
  const form: ReceivedForm = { fields: new Map(), fileParts: new Set(), upload: null };
  try {
    for await (const part of request.parts({ limits: { ...limits, fileSize: spec.fileSizeCap } })) {
      if (part.type === 'field') {
        form.fields.set(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
        continue;
      }
      form.fileParts.add(part.fieldname);
      if (part.fieldname !== spec.fileField || form.upload) {
        part.file.resume();
        await new Promise<void>((resolve) => (part.file.readableEnded ? resolve() : part.file.once('end', resolve).once('close', resolve)));
        continue;
      }
      try {
        form.upload = { saved: await spec.receive(part.file) };
      } catch (error) {
        if (!(error instanceof CustomVoiceError && error.code === 'file_too_large')) throw error;
        form.upload = { refused: error };
      }
    }
    return form;
  } catch (error) {
    if (form.upload && 'saved' in form.upload) await spec.discard(form.upload.saved);
    // Let the rest of the body flow (and be dropped), so the client reads our answer.
    request.raw.resume();
    if (error instanceof UploadInterrupted || isParserError(error)) throw new ApiError(400, 'custom-voice/malformed-body', malformedBody);
    throw error;
  }
}

/** Errors of busboy (malformed bodies: no error code) and of @fastify/multipart's limits (FST_…). */
function isParserError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code.startsWith('FST_');
  return !('errno' in error);
}
