/**
 * A failure a route or service reports to the caller. Each interface renders it in its own
 * shape: the current one as `{detail}`, the earlier one as `{message: {msg, error_code}}`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** Earlier-interface error code (e.g. `app/invalid/text`); also a stable id for logs. */
    readonly code: string,
    message: string,
    /** Extra headers such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** One field problem in FastAPI's 422 shape. */
export interface FieldIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** A request that breaks the schema: rendered as FastAPI's 422 by the current interface. */
export class ValidationError extends ApiError {
  constructor(readonly issues: FieldIssue[]) {
    super(422, 'validation', issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
  }
}

export const errors = {
  unauthorized: (message = 'Invalid or missing credentials') => new ApiError(401, 'auth/not-authorized', message),
  forbidden: (message: string, code = 'app/forbidden') => new ApiError(403, code, message),
  notFound: (message = 'Not found', code = 'app/not-found') => new ApiError(404, code, message),
};
