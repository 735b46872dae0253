import { deflateRawSync } from 'node:zlib';

/**
 * A cautious estimate of the bits of entropy of a secret an operator chose (ADMIN_TOKEN), from the
 * text alone: the least of three measures, each an upper bound of what a guesser must try.
 *
 * - length × log2(pool): the pool being the character classes that occur (26 lower-case letters,
 *   26 upper-case, 10 digits, 33 printable others): what a brute force over those classes costs.
 * - length × the Shannon entropy of the characters' own frequencies: repeats cost nothing
 *   (`aaaa…` is 0 bits, `abab…` 1 bit a character).
 * - length × the Shannon entropy of the steps between neighbouring characters: runs and
 *   sequences cost nothing (`0123456789abcdef0123…`, which has 4 bits a character by the
 *   frequencies, has almost none by its steps).
 * - the bits of the token compressed (DEFLATE at its best): a phrase repeated (`password` × 6,
 *   `Aa1!` × 16) compresses to its one copy.
 *
 * Random tokens pass with room: `openssl rand -hex 32` (64 characters) measures about 240 bits,
 * `openssl rand -base64 32` (44) about 220. It cannot see a phrase a dictionary would find; it
 * refuses what is plainly guessable.
 */
export function estimateTokenBits(token: string): number {
  const chars = [...token];
  const n = chars.length;
  if (n === 0) return 0;
  const codes = chars.map((c) => c.codePointAt(0)!);
  const steps = codes.slice(1).map((code, i) => code - codes[i]!);
  const compressed = deflateRawSync(Buffer.from(token, 'utf8'), { level: 9 }).length * 8;
  return Math.min(n * Math.log2(poolSize(chars)), n * shannon(chars), n * shannon(steps), compressed);
}

function poolSize(chars: string[]): number {
  let pool = 0;
  if (chars.some((c) => c >= 'a' && c <= 'z')) pool += 26;
  if (chars.some((c) => c >= 'A' && c <= 'Z')) pool += 26;
  if (chars.some((c) => c >= '0' && c <= '9')) pool += 10;
  if (chars.some((c) => !/[a-zA-Z0-9]/.test(c))) pool += 33;
  return Math.max(pool, 1);
}

/** Bits per symbol of the symbols' observed frequencies. */
function shannon<T>(symbols: T[]): number {
  if (symbols.length === 0) return 0;
  const counts = new Map<T, number>();
  for (const s of symbols) counts.set(s, (counts.get(s) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / symbols.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** The least ADMIN_TOKEN accepts. */
export const minimumTokenBits = 128;
