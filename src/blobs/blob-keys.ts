/** A key that no store accepts: `..`, absolute, backslashes, NUL, empty segments. */
export class InvalidBlobKeyError extends Error {}

const MAX_KEY_LENGTH = 1024;

/**
 * Checks that a key is a relative slash-separated path with no way out of the store's root.
 * Every implementation calls this, so a key valid on disk is valid on S3 and the reverse.
 */
export function checkBlobKey(key: string): void {
  const fail = (why: string): never => {
    throw new InvalidBlobKeyError(`invalid blob key ${JSON.stringify(key.slice(0, 100))}: ${why}`);
  };
  if (typeof key !== 'string' || key.length === 0) fail('empty');
  if (key.length > MAX_KEY_LENGTH) fail(`longer than ${MAX_KEY_LENGTH} characters`);
  if (key.includes('\0')) fail('contains NUL');
  if (key.includes('\\')) fail('contains a backslash');
  if (key.startsWith('/')) fail('absolute');
  if (/^[a-zA-Z]:/.test(key)) fail('starts with a drive letter');
  for (const segment of key.split('/')) {
    if (segment === '') fail('has an empty segment');
    if (segment === '.' || segment === '..') fail(`has a "${segment}" segment`);
  }
}

/**
 * Checks a list prefix: like a key, except that it may be empty (everything) or end with `/`;
 * its last segment may be partial (`speaks/ab` lists `speaks/abc.wav`).
 */
export function checkBlobPrefix(prefix: string): void {
  if (prefix === '') return;
  checkBlobKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}
