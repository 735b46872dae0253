import type { TSchema } from '@sinclair/typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { DetailError, ValidationErrorBody } from '../schemas/common.js';
import { currentValidatorCompiler } from '../validation/schema-validator.js';

/**
 * Validation of the multipart routes: their body schema documents the form in OpenAPI, but the
 * form is read (and checked, in FastAPI's words) by the handler while the file streams to disk,
 * so Fastify's body check is skipped; other parts are validated as everywhere else.
 */
const compile: FastifySchemaCompiler<TSchema> = (route) => (route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : currentValidatorCompiler(route));
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Fastify types a route's compiler by that route's own schema literal.
export const formValidatorCompiler = compile as FastifySchemaCompiler<any>;

/** Documented `{detail}` answers with what each status means on this route (and FastAPI's 422 unless `noInput`). */
export function documentedErrors(meanings: Record<number, string>, options: { noInput?: boolean } = {}): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const [status, description] of Object.entries(meanings)) out[Number(status)] = { ...DetailError, description };
  if (!options.noInput) out[422] = { ...ValidationErrorBody, description: 'Not multipart/form-data, a field missing or out of its range' };
  return out;
}

/**
 * Route options of a clone upload: its body has the upload's time (UPLOAD_BODY_TIMEOUT_SECONDS),
 * and its size limit is the file's plus room for the form's other parts, which is what a
 * refused body is drained against (the form is read by the route, not by Fastify's parsers).
 */
export function cloneUploadRoute(maxFileBytes: number): { bodyLimit: number; config: { upload: true } } {
  return { bodyLimit: maxFileBytes + 2 * 1024 * 1024, config: { upload: true } };
}

export const cloneErrorMeanings = {
  400: 'File too large, unreadable or neither WAV nor MP3, audio too short or too long, too little voiced speech, or a malformed multipart body',
  401: 'Missing or invalid X-API-KEY',
  403: 'Voice cloning is not available on the plan, or no custom voice slot is free (checked before the upload is read)',
  429: 'More clones at once than the plan allows (checked before the upload is read; Retry-After says when to try again)',
};
