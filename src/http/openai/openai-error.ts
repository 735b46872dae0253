/** A failure in the OpenAI API's terms: its status, and the `{error: {message, type, param, code}}` it answers. */
export class OpenAiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly param: string | null = null,
    readonly code: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const openAiErrors = {
  invalid: (message: string, param: string | null, code: string | null = 'invalid_value') => new OpenAiError(400, message, 'invalid_request_error', param, code),
  unauthorized: (message: string, code: string | null) => new OpenAiError(401, message, 'invalid_request_error', null, code),
};
