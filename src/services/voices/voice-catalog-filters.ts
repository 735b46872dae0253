import type { Age, Gender, TtsModel } from '../../synthesis/catalog/voice-types.js';
import type { VoiceEntry } from './voice-catalog.js';

/** The filters of `/v3/voices` and `/v2/voices`; absent ones do not filter. */
export interface VoiceFilter {
  model?: TtsModel;
  gender?: Gender;
  age?: Age;
  /** v3: a keyword matched case-insensitively inside the labels; v2: a whole label. */
  useCases?: string;
  voiceType?: 'original' | 'custom';
}

const typeOf = (entry: VoiceEntry) => (entry.kind === 'builtin' ? 'original' : 'custom');

/** One test per given filter, in a fixed order. */
function tests(filter: VoiceFilter, useCaseMatch: (labels: string[], wanted: string) => boolean): ((v: VoiceEntry) => boolean)[] {
  const checks: ((v: VoiceEntry) => boolean)[] = [];
  if (filter.model !== undefined) checks.push((v) => v.models.some((m) => m.version === filter.model));
  if (filter.gender !== undefined) checks.push((v) => v.gender === filter.gender);
  if (filter.age !== undefined) checks.push((v) => v.age === filter.age);
  if (filter.useCases !== undefined) checks.push((v) => useCaseMatch(v.useCases, filter.useCases!));
  if (filter.voiceType !== undefined) checks.push((v) => typeOf(v) === filter.voiceType);
  return checks;
}

const keywordMatch = (labels: string[], wanted: string) => {
  const needle = wanted.trim().toLowerCase();
  return labels.some((label) => label.toLowerCase().includes(needle));
};
const labelMatch = (labels: string[], wanted: string) => labels.includes(wanted);

/** `/v3/voices`: a voice must pass every given filter (AND). */
export function filterAll(entries: readonly VoiceEntry[], filter: VoiceFilter): VoiceEntry[] {
  const checks = tests(filter, keywordMatch);
  return entries.filter((v) => checks.every((check) => check(v)));
}

/**
 * `/v2/voices`: a voice is returned when it passes any given filter (OR), as the interface
 * document words it; with no filter every voice is returned.
 */
export function filterAny(entries: readonly VoiceEntry[], filter: VoiceFilter): VoiceEntry[] {
  const checks = tests(filter, labelMatch);
  if (checks.length === 0) return [...entries];
  return entries.filter((v) => checks.some((check) => check(v)));
}

/** The use-case labels `/v2/voices` accepts: ours plus the spellings the official Python client sends. */
export function v2UseCaseLabels(ours: readonly string[]): string[] {
  return [...new Set([...ours, 'Rapper', 'Tiktok/Reels'])];
}
