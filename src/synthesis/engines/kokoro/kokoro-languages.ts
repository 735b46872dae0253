/**
 * Kokoro's voice naming: `af_heart` is language `a` (American English), gender `f`, name "heart".
 * Each language letter is read with the eSpeak NG voice and the replacement rules that Kokoro's own
 * G2P (misaki) uses for espeak output: `american`/`british` are misaki's English espeak fallback,
 * `espeak` its rules for the other languages. Japanese and Mandarin are phonemized by misaki with
 * pyopenjtalk and pinyin tables in Kokoro's pipeline; Orator reads them through eSpeak NG's IPA,
 * which the model understands less well (documented in docs/voices.md).
 */
export type KokoroRules = 'american' | 'british' | 'espeak';

export interface KokoroLanguage {
  letter: string;
  /** Orator's ISO 639-3 code. */
  iso3: string;
  /** eSpeak NG voice that phonemizes it (Kokoro's pipeline names: en-us, en-gb, es, fr-fr, hi, it, pt-br, ja, zh). */
  espeakVoice: string;
  english: string;
  rules: KokoroRules;
}

export const kokoroLanguages: Readonly<Record<string, KokoroLanguage>> = {
  a: { letter: 'a', iso3: 'eng', espeakVoice: 'en-us', english: 'American English', rules: 'american' },
  b: { letter: 'b', iso3: 'eng', espeakVoice: 'en', english: 'British English', rules: 'british' },
  e: { letter: 'e', iso3: 'spa', espeakVoice: 'es', english: 'Spanish', rules: 'espeak' },
  f: { letter: 'f', iso3: 'fra', espeakVoice: 'fr', english: 'French', rules: 'espeak' },
  h: { letter: 'h', iso3: 'hin', espeakVoice: 'hi', english: 'Hindi', rules: 'espeak' },
  i: { letter: 'i', iso3: 'ita', espeakVoice: 'it', english: 'Italian', rules: 'espeak' },
  j: { letter: 'j', iso3: 'jpn', espeakVoice: 'ja', english: 'Japanese', rules: 'espeak' },
  p: { letter: 'p', iso3: 'por', espeakVoice: 'pt-br', english: 'Brazilian Portuguese', rules: 'espeak' },
  z: { letter: 'z', iso3: 'zho', espeakVoice: 'cmn', english: 'Mandarin Chinese', rules: 'espeak' },
};

export interface KokoroVoiceNaming {
  language: KokoroLanguage;
  gender: 'female' | 'male';
  /** The name part, e.g. `heart`. */
  name: string;
}

/** `af_heart` → American English, female, "heart"; null when the name does not follow Kokoro's convention. */
export function kokoroVoiceNaming(voice: string): KokoroVoiceNaming | null {
  const match = /^([a-z])([fm])_(.+)$/.exec(voice);
  const language = match ? kokoroLanguages[match[1]] : undefined;
  if (!match || !language) return null;
  return { language, gender: match[2] === 'f' ? 'female' : 'male', name: match[3] };
}
