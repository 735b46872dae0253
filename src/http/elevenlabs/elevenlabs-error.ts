/**
 * A refusal in ElevenLabs' terms: its HTTP status, and the `{"detail": {"status", "message"}}`
 * body it answers, where `status` is ElevenLabs' machine-readable reason (`invalid_api_key`,
 * `voice_not_found`, `quota_exceeded`…).
 */
export class ElevenLabsApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly reason: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const elevenLabsErrors = {
  /** No key, or one that names no account. */
  unauthorized: (reason: 'needs_authorization' | 'invalid_api_key', message: string) => new ElevenLabsApiError(401, reason, message),
  /** A parameter the request cannot have (ElevenLabs answers these 422, as FastAPI does). */
  invalid: (reason: string, message: string) => new ElevenLabsApiError(422, reason, message),
  badRequest: (reason: string, message: string) => new ElevenLabsApiError(400, reason, message),
  notFound: (reason: string, message: string) => new ElevenLabsApiError(404, reason, message),
};
