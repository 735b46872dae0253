/** A failed call, in the words of the server: status, message, the form field it concerns, Retry-After. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field: string | null = null,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

interface FieldIssue {
  loc?: (string | number)[];
  msg?: string;
}

/** Reads any of the interfaces' error shapes: `{detail}`, FastAPI's 422 list, `{error_code, message}`, `{message: {msg}}`. */
export async function problemOf(response: Response): Promise<ApiProblem> {
  const retry = response.headers.get('retry-after');
  const retryAfter = retry && /^\d+$/.test(retry) ? Number(retry) : null;
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const data = (body ?? {}) as { detail?: unknown; message?: unknown; error_code?: string };
  let message = `${response.status} ${response.statusText}`.trim();
  let field: string | null = null;
  if (typeof data.detail === 'string') message = data.detail;
  else if (Array.isArray(data.detail) && data.detail.length > 0) {
    const issues = data.detail as FieldIssue[];
    const where = (issue: FieldIssue) => (issue.loc ?? []).filter((part) => part !== 'body').join('.');
    field = where(issues[0]) || null;
    message = issues.map((issue) => `${where(issue) || 'request'}: ${issue.msg ?? 'invalid'}`).join('; ');
  } else if (typeof data.message === 'string') message = data.message;
  else if (data.message && typeof data.message === 'object') {
    const inner = data.message as { msg?: string; error_code?: string };
    message = inner.msg ?? message;
    if (inner.error_code?.startsWith('app/invalid/')) field = inner.error_code.slice('app/invalid/'.length);
  }
  return new ApiProblem(response.status, message, field, retryAfter);
}

/** Explains a problem for a person: the server's own message, with what to do for the common statuses. */
export function describe(problem: unknown): string {
  if (!(problem instanceof ApiProblem)) return problem instanceof Error ? problem.message : String(problem);
  switch (problem.status) {
    case 401:
      return `Not signed in: ${problem.message}`;
    case 403:
      return `Not allowed: ${problem.message}`;
    case 429:
      return problem.retryAfter !== null ? `Too many requests: ${problem.message}. Try again in ${problem.retryAfter} s.` : `Too many requests: ${problem.message}`;
    case 402:
      return `Out of credits: ${problem.message}`;
    default:
      return problem.message;
  }
}

/** Calls the server with one credential: `X-API-KEY` (current interface) or a bearer token (earlier). */
export class Api {
  constructor(private readonly headers: () => Record<string, string>) {}

  async call(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers())) headers.set(name, value);
    const response = await fetch(path, { ...init, headers });
    if (!response.ok) throw await problemOf(response);
    return response;
  }

  async json<T>(path: string, init: RequestInit = {}): Promise<T> {
    return (await this.call(path, init)).json() as Promise<T>;
  }

  postJson(path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
    return this.call(path, { ...init, method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  }
}
