import { readFileSync } from 'node:fs';
import { voiceIdFromSlug } from '../catalog/builtin-voices.js';
import { ages, genders, type Age, type CatalogVoice, type Gender, type UseCase } from '../catalog/voice-types.js';

/** What an operator's sidecar file (`NAME.voice.json` for Piper, `voice.json` for Kokoro) may say of a voice. */
export interface VoiceSidecar {
  name?: string | { eng?: string; kor?: string };
  gender?: string;
  age?: string;
  use_cases?: string[];
  style?: string[];
}

/** The sidecar's JSON object, or `{}` when it is absent or not an object (the voice then takes the model's defaults). */
export function readSidecarFile<T extends object>(file: string): T {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    return typeof json === 'object' && json !== null ? (json as T) : ({} as T);
  } catch {
    return {} as T;
  }
}

/** `lessac_high` → `Lessac High`. */
export function titleCase(word: string): string {
  return word
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * One installed neural voice as a catalog entry: the id is the hash of the stable slug, so it is
 * the same on every machine; the sidecar's names, gender and age win over what the model's naming
 * gives.
 */
export function neuralCatalogVoice(voice: {
  slug: string;
  fallbackName: string;
  language: string;
  defaultGender: Gender;
  own: VoiceSidecar;
  extraStyle?: string[];
  neural: NonNullable<CatalogVoice['neural']>;
}): CatalogVoice {
  const { own, fallbackName } = voice;
  const name = typeof own.name === 'string' ? { eng: own.name, kor: own.name } : { eng: own.name?.eng ?? fallbackName, kor: own.name?.kor ?? own.name?.eng ?? fallbackName };
  const gender: Gender = genders.includes(own.gender as Gender) ? (own.gender as Gender) : voice.defaultGender;
  const age: Age = ages.includes(own.age as Age) ? (own.age as Age) : 'young_adult';
  return {
    id: voiceIdFromSlug(voice.slug),
    slug: voice.slug,
    name,
    language: voice.language,
    gender,
    age,
    useCases: (own.use_cases ?? ['Conversational', 'Audiobook']) as UseCase[],
    style: [...(own.style ?? []), 'neural', ...(voice.extraStyle ?? [])],
    // When a request asks this voice for a language its model does not speak, eSpeak reads it with this variant.
    sound: { espeakVariant: gender === 'female' ? 'f3' : 'm3', pitch: 0, rate: 1 },
    neural: voice.neural,
  };
}
