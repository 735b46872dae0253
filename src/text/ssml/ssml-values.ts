import { SsmlError } from './ssml-error.js';

/** Prosody in force at a point of the document. */
export interface Prosody {
  rate: number;
  /** Semitones. */
  pitch: number;
  /** Linear gain. */
  volume: number;
}

export const neutral: Prosody = { rate: 1, pitch: 0, volume: 1 };

/** The bounds of the prosody in force (nested elements compound): the DSP's tempo and pitch ranges, ±12 dB. */
export const bounds = { rate: [0.5, 2], pitch: [-12, 12], volume: [0, 10 ** (12 / 20)] } as const;

const invalid = (element: string, attribute: string, value: string, rule: string) =>
  new SsmlError('invalid_value', `${element} ${attribute}="${value.slice(0, 40)}": ${rule}`);

const number = '([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+))';

/** A break's length in seconds: `time` ("250ms", "2s") or `strength`. */
export function breakSeconds(attributes: Record<string, string>): number {
  const { time, strength } = attributes;
  if (time !== undefined) {
    const match = new RegExp(`^${number}(ms|s)$`, 'u').exec(time.trim());
    const seconds = match ? Number(match[1]) / (match[2] === 'ms' ? 1000 : 1) : NaN;
    if (!(seconds >= 0 && seconds <= 10)) throw invalid('break', 'time', time, 'a duration such as 500ms or 2s, at most 10s');
    return seconds;
  }
  if (strength === undefined) return strengths.medium;
  const seconds = strengths[strength];
  if (seconds === undefined) throw invalid('break', 'strength', strength, `one of ${Object.keys(strengths).join(', ')}`);
  return seconds;
}

const strengths: Record<string, number> = { none: 0, 'x-weak': 0.1, weak: 0.2, medium: 0.4, strong: 0.7, 'x-strong': 1.0 };

const rates: Record<string, number> = { 'x-slow': 0.5, slow: 0.75, medium: 1, fast: 1.35, 'x-fast': 1.75, default: 1 };
const pitches: Record<string, number> = { 'x-low': -6, low: -3, medium: 0, high: 3, 'x-high': 6, default: 0 };
const volumesDb: Record<string, number> = { 'x-soft': -12, soft: -6, medium: 0, loud: 6, 'x-loud': 12, default: 0 };

function check(value: number, [low, high]: readonly [number, number], element: string, attribute: string, raw: string, unit: string): number {
  if (!(value >= low - 1e-9 && value <= high + 1e-9)) throw invalid(element, attribute, raw, `the ${attribute} in force must stay within ${low}–${high}${unit}`);
  return value;
}

/**
 * `prosody` over the prosody in force. rate: a keyword, a percentage of the current rate
 * ("50%", "+20%") or a multiplier ("1.5"); pitch: a keyword, semitones ("+2st") or a relative
 * percentage ("+10%"); volume: a keyword, decibels ("+6dB"), "silent", a relative percentage, or
 * SSML 1.0's 0–100 (100 unchanged).
 */
export function applyProsody(current: Prosody, attributes: Record<string, string>): Prosody {
  const next = { ...current };
  const { rate, pitch, volume } = attributes;
  if (rate !== undefined) {
    const r = rate.trim();
    let factor = rates[r];
    if (factor === undefined) {
      const pct = new RegExp(`^${number}%$`, 'u').exec(r);
      const plain = new RegExp(`^${number}$`, 'u').exec(r);
      if (pct) factor = /^[+-]/u.test(r) ? 1 + Number(pct[1]) / 100 : Number(pct[1]) / 100;
      else if (plain && !/^[+-]/u.test(r)) factor = Number(plain[1]);
      else throw invalid('prosody', 'rate', rate, 'a keyword (x-slow … x-fast), a percentage such as 50% or +20%, or a multiplier');
    }
    next.rate = check(current.rate * factor, bounds.rate, 'prosody', 'rate', rate, '×');
  }
  if (pitch !== undefined) {
    const p = pitch.trim();
    let semitones = pitches[p];
    if (semitones === undefined) {
      const st = new RegExp(`^${number}st$`, 'u').exec(p);
      const pct = new RegExp(`^${number}%$`, 'u').exec(p);
      if (st && /^[+-]/u.test(p)) semitones = Number(st[1]);
      else if (pct && /^[+-]/u.test(p) && Number(pct[1]) > -100) semitones = 12 * Math.log2(1 + Number(pct[1]) / 100);
      else throw invalid('prosody', 'pitch', pitch, 'a keyword (x-low … x-high), semitones such as +2st, or a relative percentage such as -10% (Hz is not taken: voices differ)');
    }
    next.pitch = check(current.pitch + semitones, bounds.pitch, 'prosody', 'pitch', pitch, ' semitones');
  }
  if (volume !== undefined) {
    const v = volume.trim();
    let gain: number;
    if (v === 'silent') gain = 0;
    else if (volumesDb[v] !== undefined) gain = current.volume * 10 ** (volumesDb[v]! / 20);
    else {
      const db = new RegExp(`^${number}dB$`, 'u').exec(v);
      const pct = new RegExp(`^${number}%$`, 'u').exec(v);
      const plain = new RegExp(`^${number}$`, 'u').exec(v);
      if (db) gain = current.volume * 10 ** (Number(db[1]) / 20);
      else if (pct && /^[+-]/u.test(v)) gain = current.volume * (1 + Number(pct[1]) / 100);
      else if (plain && /^[+-]/u.test(v)) gain = current.volume * (1 + Number(plain[1]) / 100);
      else if (plain && Number(plain[1]) <= 100) gain = Number(plain[1]) / 100;
      else throw invalid('prosody', 'volume', volume, 'a keyword (silent, x-soft … x-loud), decibels such as -6dB, a relative change such as +10%, or 0–100');
    }
    next.volume = check(gain, bounds.volume, 'prosody', 'volume', volume, ' (linear gain, +12 dB at most)');
  }
  return next;
}

/** `emphasis level`: slower and louder, or quicker and softer. */
export function applyEmphasis(current: Prosody, level = 'moderate'): Prosody {
  const change: Record<string, Prosody> = {
    strong: { rate: 0.85, pitch: 1, volume: 10 ** (4 / 20) },
    moderate: { rate: 0.92, pitch: 0.5, volume: 10 ** (2 / 20) },
    none: neutral,
    reduced: { rate: 1.08, pitch: -0.5, volume: 10 ** (-4 / 20) },
  };
  const c = change[level];
  if (!c) throw invalid('emphasis', 'level', level, 'strong, moderate, none or reduced');
  const clamp = (v: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, v));
  return { rate: clamp(current.rate * c.rate, bounds.rate), pitch: clamp(current.pitch + c.pitch, bounds.pitch), volume: clamp(current.volume * c.volume, bounds.volume) };
}
