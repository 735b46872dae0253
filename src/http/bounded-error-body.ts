/** The longest string an error answer carries (characters); longer ones are cut with "…". */
export const maxErrorString = 1000;
/** The most items of any list in an error answer. */
export const maxErrorItems = 20;

/**
 * An error answer cut to a bounded size, whatever went into it: messages that quote a client's
 * value, field names the client chose, lists of issues. Every interface's error renderer sends
 * its body through this, so no request can make the server build a large error (the bound is
 * about maxErrorItems × maxErrorString per level, a few tens of KB at the very most).
 */
export function boundedErrorBody<T>(body: T, depth = 0): T {
  if (typeof body === 'string') return (body.length > maxErrorString ? `${body.slice(0, maxErrorString)}…` : body) as T;
  if (depth > 6 || body === null || typeof body !== 'object') return body;
  if (Array.isArray(body)) return body.slice(0, maxErrorItems).map((item) => boundedErrorBody(item, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>).slice(0, maxErrorItems)) out[key] = boundedErrorBody(value, depth + 1);
  return out as T;
}
