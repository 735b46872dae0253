import { noiseSource } from '../synthesis/signals.js';

/** A seeded random source (the tests' mulberry32), so a failing fuzz case can be replayed from its seed. */
export function randomness(seed: number) {
  const next = noiseSource(seed);
  const unit = () => (next() + 1) / 2;
  const int = (n: number) => Math.floor(unit() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const string = (): string => {
    const alphabets = ['abc xyz', 'ÄéÖ ñ', '한국어 텍스트', '日本語', '🙂🎉', '\u0000\u0007\u202e', '"\\/{}[]<>', 'tc_0123456789abcdef'];
    let s = '';
    const n = pick([0, 1, 3, 12, 40]);
    for (let i = 0; i < n; i++) s += pick([...pick(alphabets)]);
    return s;
  };
  const value = (depth = 0): unknown =>
    pick<() => unknown>([
      () => null,
      () => true,
      () => int(300) - 100,
      () => unit() * 10 - 5,
      () => 1e308,
      () => -0,
      () => 4294967296,
      () => 9007199254740993,
      () => string(),
      () => 'x'.repeat(pick([2000, 2001, 5000])),
      () => pick(['wav', 'mp3', 'happy', 'smart', 'preset', 'ssfm-v30', 'eng', 'KOR', 'normal', 'tts', 'pause', '__proto__', 'constructor', 'toString']),
      () => (depth > 2 ? [] : Array.from({ length: int(3) }, () => value(depth + 1))),
      () => (depth > 2 ? {} : Object.fromEntries(Array.from({ length: int(3) }, () => [pick(['a', 'type', 'emotion_type', '__proto__', 'constructor', string()]), value(depth + 1)]))),
    ])();
  return { unit, int, pick, string, value };
}

export type Randomness = ReturnType<typeof randomness>;

/** JSON bodies no route takes: empty, not an object, cut short, nested `depth` deep, prototype keys. */
export function hostileJson(depth: number): string[] {
  return [
    '',
    '{}',
    '[]',
    'null',
    '"text"',
    '{"a":',
    '['.repeat(depth) + ']'.repeat(depth),
    '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
  ];
}

/**
 * A route's valid body with one to three fields removed or set to a fuzz value (prototype keys and
 * unknown fields among them, defined as own properties so they reach the wire), one in ten cut short.
 */
export function mutatedJson(r: Randomness, base: Record<string, unknown>, options: { extraKeys?: string[]; value?: () => unknown } = {}): string {
  const body: Record<string, unknown> = structuredClone(base);
  const keys = [...Object.keys(base), ...(options.extraKeys ?? []), '__proto__', 'constructor', 'unknown_field'];
  const value = options.value ?? (() => r.value());
  for (let m = 1 + r.int(3); m > 0; m--) {
    const key = r.pick(keys);
    if (r.unit() < 0.15) delete body[key];
    else Object.defineProperty(body, key, { value: value(), enumerable: true, configurable: true, writable: true });
  }
  const raw = JSON.stringify(body);
  return r.unit() < 0.1 ? raw.slice(0, r.int(raw.length)) : raw;
}
