/**
 * Which eSpeak NG voice speaks each ISO 639-3 language. Every id below was checked against the
 * voices in the bundled espeak-ng.data (lang/<family>/<id> files; see the languages test).
 * Where a language has several eSpeak voices, the one for the majority of speakers is the default;
 * a catalog voice may still ask for another of the same language (e.g. `en-gb`, `pt`, `es`).
 */
const voices = {
  eng: 'en-us',
  kor: 'ko',
  jpn: 'ja',
  // Latin American Spanish: the variety of about nine in ten speakers (eSpeak also has `es`, Spain).
  spa: 'es-419',
  // Mandarin; `zho` is the macrolanguage code the API uses for written Chinese.
  zho: 'cmn',
  fra: 'fr',
  deu: 'de',
  // Brazilian Portuguese: the variety of about four in five speakers (eSpeak also has `pt`, Portugal).
  por: 'pt-br',
  ita: 'it',
  rus: 'ru',
  tam: 'ta',
  // Modern Standard Arabic.
  ara: 'ar',
  bul: 'bg',
  ukr: 'uk',
  hrv: 'hr',
  ces: 'cs',
  pol: 'pl',
  slk: 'sk',
  fin: 'fi',
  ron: 'ro',
  ell: 'el',
  nld: 'nl',
  swe: 'sv',
  ind: 'id',
  tgl: 'id',
  dan: 'da',
  msa: 'ms',
  hin: 'hi',
  hun: 'hu',
  // Norwegian Bokmål, the written standard of most Norwegians.
  nor: 'nb',
  tur: 'tr',
  // Northern (Hanoi) Vietnamese, the standard variety.
  vie: 'vi',
  tha: 'th',
  ben: 'bn',
  // Punjabi in Gurmukhi script.
  pan: 'pa',
  yue: 'yue',
} as const satisfies Record<string, string>;

export type EspeakLanguage = keyof typeof voices;

/** Languages eSpeak NG has no voice for, and the voice that reads them instead, with the reason. */
export const substitutes: Readonly<Partial<Record<EspeakLanguage, { voice: string; reason: string }>>> = {
  tgl: {
    voice: 'id',
    // Tagalog and Indonesian are both Malayo-Polynesian with the same five-vowel, penultimate-stress
    // phonology, and their Latin spellings agree letter for letter on what Tagalog uses: `ng` = /ŋ/
    // (also word-initially: "ngayon"), `ny` = /ɲ/, `h` pronounced, `y` = /j/, no spirantized b/d/g.
    // Measured on "Magandang umaga po … ngayong gabi": `id` gives maɡandaŋ umaɡa … ŋajoŋ ɡabi; `ms`
    // reduces final a to ə (umaɡə); `es` drops h, spirantizes b/d/g and reads "ng" as "ene g".
    reason:
      'eSpeak NG has no Tagalog voice (only an MBROLA one, whose data is not bundled). Indonesian shares ' +
      "Tagalog's phonology and spelling (ng = /ŋ/, ny = /ɲ/, pronounced h, five vowels) and renders it " +
      'closest of the available voices.',
  },
};

/** The ISO 639-3 codes eSpeak NG can speak. */
export const espeakLanguages: readonly EspeakLanguage[] = Object.keys(voices) as EspeakLanguage[];

/** Exact (lower-case) ISO 639-3 code check. */
export function isEspeakLanguage(iso3: string): iso3 is EspeakLanguage {
  return Object.hasOwn(voices, iso3);
}

/** The eSpeak NG voice id for an ISO 639-3 code (case-insensitive), or undefined if none. */
export function espeakVoiceFor(iso3: string): string | undefined {
  const code = iso3.toLowerCase();
  return isEspeakLanguage(code) ? voices[code] : undefined;
}

/** `en-us+f3` → `en`: enough to tell whether a voice id speaks a language. */
export function primaryLanguageOf(voiceId: string): string {
  return voiceId.toLowerCase().split(/[-+_]/)[0];
}
