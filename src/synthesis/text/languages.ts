/**
 * Every language Orator speaks. The ISO 639-3 code is the key used everywhere else (catalog,
 * engines, API `language`, `voice_name` keys); the other fields are what the two interfaces and
 * the text stage need to reach it.
 */
export interface Language {
  iso3: string;
  iso1: string;
  english: string;
  korean: string;
  /** BCP 47 locale handed to `Intl` (sentence segmentation, plural rules). */
  locale: string;
  /** `lang` values of the earlier interface (besides the ISO 639-3 code itself) that mean this language. */
  legacyLocales: readonly string[];
}

const table: readonly Language[] = [
  { iso3: 'eng', iso1: 'en', english: 'English', korean: '영어', locale: 'en-US', legacyLocales: ['en-us'] },
  { iso3: 'kor', iso1: 'ko', english: 'Korean', korean: '한국어', locale: 'ko-KR', legacyLocales: ['ko-kr'] },
  { iso3: 'jpn', iso1: 'ja', english: 'Japanese', korean: '일본어', locale: 'ja-JP', legacyLocales: ['ja-jp'] },
  { iso3: 'spa', iso1: 'es', english: 'Spanish', korean: '스페인어', locale: 'es-ES', legacyLocales: ['es-es'] },
  { iso3: 'zho', iso1: 'zh', english: 'Chinese (Mandarin)', korean: '중국어', locale: 'zh-CN', legacyLocales: ['zh-cn'] },
  { iso3: 'fra', iso1: 'fr', english: 'French', korean: '프랑스어', locale: 'fr-FR', legacyLocales: ['fr-fr'] },
  { iso3: 'deu', iso1: 'de', english: 'German', korean: '독일어', locale: 'de-DE', legacyLocales: ['de-de'] },
  { iso3: 'por', iso1: 'pt', english: 'Portuguese', korean: '포르투갈어', locale: 'pt-PT', legacyLocales: ['pt-pt'] },
  { iso3: 'ita', iso1: 'it', english: 'Italian', korean: '이탈리아어', locale: 'it-IT', legacyLocales: ['it-it'] },
  { iso3: 'rus', iso1: 'ru', english: 'Russian', korean: '러시아어', locale: 'ru-RU', legacyLocales: ['ru-ru'] },
  { iso3: 'tam', iso1: 'ta', english: 'Tamil', korean: '타밀어', locale: 'ta-IN', legacyLocales: ['ta-in'] },
  { iso3: 'ara', iso1: 'ar', english: 'Arabic', korean: '아랍어', locale: 'ar-SA', legacyLocales: ['ar-sa'] },
  { iso3: 'bul', iso1: 'bg', english: 'Bulgarian', korean: '불가리아어', locale: 'bg-BG', legacyLocales: ['bg-bg'] },
  { iso3: 'ukr', iso1: 'uk', english: 'Ukrainian', korean: '우크라이나어', locale: 'uk-UA', legacyLocales: ['uk-ua'] },
  { iso3: 'hrv', iso1: 'hr', english: 'Croatian', korean: '크로아티아어', locale: 'hr-HR', legacyLocales: ['hr-hr'] },
  { iso3: 'ces', iso1: 'cs', english: 'Czech', korean: '체코어', locale: 'cs-CZ', legacyLocales: ['cs-cz'] },
  { iso3: 'pol', iso1: 'pl', english: 'Polish', korean: '폴란드어', locale: 'pl-PL', legacyLocales: ['pl-pl'] },
  { iso3: 'slk', iso1: 'sk', english: 'Slovak', korean: '슬로바키아어', locale: 'sk-SK', legacyLocales: ['sk-sk'] },
  { iso3: 'fin', iso1: 'fi', english: 'Finnish', korean: '핀란드어', locale: 'fi-FI', legacyLocales: ['fi-fi'] },
  { iso3: 'ron', iso1: 'ro', english: 'Romanian', korean: '루마니아어', locale: 'ro-RO', legacyLocales: ['ro-ro'] },
  { iso3: 'ell', iso1: 'el', english: 'Greek', korean: '그리스어', locale: 'el-GR', legacyLocales: ['el-gr'] },
  { iso3: 'nld', iso1: 'nl', english: 'Dutch', korean: '네덜란드어', locale: 'nl-NL', legacyLocales: ['nl-nl'] },
  { iso3: 'swe', iso1: 'sv', english: 'Swedish', korean: '스웨덴어', locale: 'sv-SE', legacyLocales: ['sv-se'] },
  { iso3: 'ind', iso1: 'id', english: 'Indonesian', korean: '인도네시아어', locale: 'id-ID', legacyLocales: ['id-id'] },
  { iso3: 'tgl', iso1: 'tl', english: 'Tagalog', korean: '타갈로그어', locale: 'fil-PH', legacyLocales: ['tl-ph'] },
  { iso3: 'dan', iso1: 'da', english: 'Danish', korean: '덴마크어', locale: 'da-DK', legacyLocales: [] },
  { iso3: 'msa', iso1: 'ms', english: 'Malay', korean: '말레이어', locale: 'ms-MY', legacyLocales: [] },
  { iso3: 'hin', iso1: 'hi', english: 'Hindi', korean: '힌디어', locale: 'hi-IN', legacyLocales: [] },
  { iso3: 'hun', iso1: 'hu', english: 'Hungarian', korean: '헝가리어', locale: 'hu-HU', legacyLocales: [] },
  { iso3: 'nor', iso1: 'no', english: 'Norwegian', korean: '노르웨이어', locale: 'nb-NO', legacyLocales: [] },
  { iso3: 'tur', iso1: 'tr', english: 'Turkish', korean: '튀르키예어', locale: 'tr-TR', legacyLocales: [] },
  { iso3: 'vie', iso1: 'vi', english: 'Vietnamese', korean: '베트남어', locale: 'vi-VN', legacyLocales: [] },
  { iso3: 'tha', iso1: 'th', english: 'Thai', korean: '태국어', locale: 'th-TH', legacyLocales: [] },
  { iso3: 'ben', iso1: 'bn', english: 'Bengali', korean: '벵골어', locale: 'bn-BD', legacyLocales: [] },
  { iso3: 'pan', iso1: 'pa', english: 'Punjabi', korean: '펀자브어', locale: 'pa-IN', legacyLocales: [] },
  // Cantonese has no ISO 639-1 code; `zh` belongs to Mandarin here.
  { iso3: 'yue', iso1: '', english: 'Cantonese', korean: '광둥어', locale: 'zh-HK', legacyLocales: [] },
];

export const languages: ReadonlyMap<string, Language> = new Map(table.map((l) => [l.iso3, l]));

/** Our ISO 639-3 codes, in catalog order. */
export const languageCodes: readonly string[] = table.map((l) => l.iso3);

export function languageOf(iso3: string): Language | undefined {
  return languages.get(iso3);
}

const byIso1 = new Map(table.filter((l) => l.iso1 !== '').map((l) => [l.iso1, l.iso3]));

/** Our ISO 639-3 code for an ISO 639-1 code, or null when we do not speak it. */
export function iso3FromIso1(iso1: string): string | null {
  return byIso1.get(iso1.toLowerCase()) ?? null;
}

/**
 * Codes that name one of our languages under another ISO 639 spelling: the individual languages
 * inside our macrolanguage codes (a client may well send `cmn` or `nob`) and the ISO 639-2/B
 * bibliographic codes, which some libraries still emit.
 */
const aliases: ReadonlyMap<string, string> = new Map([
  ['cmn', 'zho'], ['chi', 'zho'],
  ['zsm', 'msa'], ['may', 'msa'],
  ['nob', 'nor'], ['nno', 'nor'],
  ['fil', 'tgl'],
  ['arb', 'ara'],
  ['fre', 'fra'], ['ger', 'deu'], ['dut', 'nld'], ['gre', 'ell'], ['rum', 'ron'], ['cze', 'ces'], ['slo', 'slk'],
]);

/** Current interface `language`: an ISO 639-3 code in any letter case → our code, or null if we do not speak it. */
export function normalizeIso3(value: string): string | null {
  if (typeof value !== 'string') return null;
  const code = value.toLowerCase();
  if (languages.has(code)) return code;
  return aliases.get(code) ?? null;
}

/** `lang` values the earlier interface accepts in `actor` mode, as its document lists them. */
export const legacyActorLangs: readonly string[] = [
  'en-us', 'eng', 'ko-kr', 'kor', 'ja-jp', 'jpn', 'es-es', 'spa', 'zh-cn', 'zho', 'auto',
];

/** `lang` values the earlier interface accepts in `audio_file` mode, as its document lists them. */
export const legacyAudioFileLangs: readonly string[] = [
  'en-us', 'eng', 'ko-kr', 'kor', 'ja-jp', 'jpn', 'zh-cn', 'zho', 'fr-fr', 'fra', 'de-de', 'deu',
  'es-es', 'spa', 'pt-pt', 'por', 'it-it', 'ita', 'ru-ru', 'rus', 'ta-in', 'tam', 'ar-sa', 'ara',
  'bg-bg', 'bul', 'uk-ua', 'ukr', 'hr-hr', 'hrv', 'cs-cz', 'ces', 'pl-pl', 'pol', 'sk-sk', 'slk',
  'fi-fi', 'fin', 'ro-ro', 'ron', 'el-gr', 'ell', 'nl-nl', 'nld', 'sv-se', 'swe', 'tl-ph', 'tgl',
  'id-id', 'ind', 'auto',
];

export type LegacyTtsMode = 'actor' | 'audio_file';

const legacyLocaleToIso3 = new Map(table.flatMap((l) => l.legacyLocales.map((loc) => [loc, l.iso3] as const)));

/**
 * Earlier interface `lang` → our ISO 639-3 code, `'auto'` (detect from the text), or null when
 * the value is not in the list of that mode (the route answers `app/invalid/lang`). Letter case
 * is forgiven (`en-US` is how most clients spell a locale); nothing else is.
 */
export function resolveLegacyLang(value: string, mode: LegacyTtsMode): string | 'auto' | null {
  if (typeof value !== 'string') return null;
  const code = value.toLowerCase();
  const allowed = mode === 'actor' ? legacyActorLangs : legacyAudioFileLangs;
  if (!allowed.includes(code)) return null;
  if (code === 'auto') return 'auto';
  return languages.has(code) ? code : legacyLocaleToIso3.get(code) ?? null;
}

/** The ISO 639-3 codes a legacy mode can speak (its list without `auto` and the locale spellings). */
export function legacyModeLanguages(mode: LegacyTtsMode): string[] {
  const allowed = mode === 'actor' ? legacyActorLangs : legacyAudioFileLangs;
  return allowed.filter((code) => languages.has(code));
}
