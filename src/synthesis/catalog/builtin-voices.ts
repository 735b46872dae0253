import { createHash } from 'node:crypto';
import { documentedVoices } from './documented-voices.js';
import type { Age, CatalogVoice, Gender, UseCase, VoiceSound } from './voice-types.js';

/** The id is a hash of the slug so it never changes between releases or machines. */
export function voiceIdFromSlug(slug: string): string {
  return createHash('sha256').update(`orator-voice:${slug}`).digest('hex').slice(0, 24);
}

function voice(
  slug: string,
  eng: string,
  kor: string,
  language: string,
  gender: Gender,
  age: Age,
  useCases: UseCase[],
  style: string[],
  sound: VoiceSound,
): CatalogVoice {
  return { id: voiceIdFromSlug(slug), slug, name: { eng, kor }, language, gender, age, useCases, style, sound };
}

const female = (variant: string, pitch = 0, rate = 1, fliteVoice?: string): VoiceSound => ({ espeakVariant: variant, pitch, rate, fliteVoice });
const male = female;

/**
 * The built-in catalog. Timbre comes from the eSpeak variant (and the Flite voice for English on the
 * clearer tier), personality from pitch and rate offsets. English, Korean, Japanese, Spanish and
 * Chinese have several voices of both genders; every other language has at least one. The voices
 * of the official clients' documentation come last, under their own fixed ids.
 */
export const builtinVoices: readonly CatalogVoice[] = [
  // English
  voice('eng-olivia', 'Olivia', '올리비아', 'eng', 'female', 'young_adult', ['Audiobook', 'E-learning', 'Conversational'], ['warm', 'clear', 'friendly'], female('f3', 0, 1, 'slt')),
  voice('eng-james', 'James', '제임스', 'eng', 'male', 'middle_age', ['News', 'Announcer', 'Documentary'], ['deep', 'calm', 'authoritative'], male('m3', -1, 0.95, 'rms')),
  voice('eng-emma', 'Emma', '엠마', 'eng', 'female', 'teenager', ['Anime', 'Game', 'TikTok/Reels/Shorts'], ['bright', 'energetic', 'young'], female('f4', 3, 1.08, 'slt')),
  voice('eng-henry', 'Henry', '헨리', 'eng', 'male', 'elder', ['Audiobook/Storytelling', 'Documentary'], ['old', 'wise', 'slow', 'storyteller'], male('m2', -3, 0.88, 'awb')),
  voice('eng-lucas', 'Lucas', '루카스', 'eng', 'male', 'young_adult', ['Ads', 'Podcast', 'TikTok/Reels/Shorts'], ['upbeat', 'casual', 'confident'], male('m1', 1, 1.05, 'kal16')),
  voice('eng-grace', 'Grace', '그레이스', 'eng', 'female', 'middle_age', ['Voicemail', 'E-learning', 'Announcer'], ['professional', 'calm', 'polite'], female('f2', -1, 0.97, 'slt')),
  voice('eng-mia', 'Mia', '미아', 'eng', 'female', 'child', ['Anime', 'Game', 'Audiobook/Storytelling'], ['cute', 'playful', 'child'], female('f5', 6, 1.05, 'slt')),
  // Korean
  voice('kor-jiyoon', 'Jiyoon', '지윤', 'kor', 'female', 'young_adult', ['Conversational', 'E-learning', 'Audiobook'], ['warm', 'clear', 'friendly'], female('f3')),
  voice('kor-minjun', 'Minjun', '민준', 'kor', 'male', 'young_adult', ['News', 'Ads', 'Podcast'], ['confident', 'clear'], male('m3', -1)),
  voice('kor-seoyeon', 'Seoyeon', '서연', 'kor', 'female', 'teenager', ['Anime', 'Game', 'TikTok/Reels/Shorts'], ['bright', 'cute', 'energetic'], female('f4', 3, 1.06)),
  voice('kor-dohyun', 'Dohyun', '도현', 'kor', 'male', 'elder', ['Documentary', 'Audiobook/Storytelling'], ['deep', 'calm', 'wise'], male('m2', -3, 0.9)),
  // Japanese
  voice('jpn-sakura', 'Sakura', '사쿠라', 'jpn', 'female', 'young_adult', ['Anime', 'Conversational', 'E-learning'], ['gentle', 'polite', 'bright'], female('f3', 1)),
  voice('jpn-haruto', 'Haruto', '하루토', 'jpn', 'male', 'young_adult', ['Game', 'Ads', 'News'], ['clear', 'confident'], male('m3')),
  voice('jpn-yui', 'Yui', '유이', 'jpn', 'female', 'teenager', ['Anime', 'TikTok/Reels/Shorts'], ['cute', 'energetic', 'young'], female('f4', 4, 1.05)),
  voice('jpn-kenji', 'Kenji', '켄지', 'jpn', 'male', 'middle_age', ['Documentary', 'Audiobook'], ['deep', 'calm'], male('m2', -2, 0.94)),
  // Spanish
  voice('spa-lucia', 'Lucía', '루시아', 'spa', 'female', 'young_adult', ['Ads', 'Conversational', 'E-learning'], ['warm', 'lively'], female('f3')),
  voice('spa-mateo', 'Mateo', '마테오', 'spa', 'male', 'middle_age', ['News', 'Documentary', 'Audiobook'], ['deep', 'calm'], male('m3', -1, 0.96)),
  voice('spa-valentina', 'Valentina', '발렌티나', 'spa', 'female', 'teenager', ['TikTok/Reels/Shorts', 'Game'], ['bright', 'energetic'], female('f4', 3, 1.06)),
  // Chinese (Mandarin)
  voice('zho-mei', 'Mei', '메이', 'zho', 'female', 'young_adult', ['E-learning', 'Conversational', 'Audiobook'], ['gentle', 'clear'], female('f3')),
  voice('zho-wei', 'Wei', '웨이', 'zho', 'male', 'middle_age', ['News', 'Documentary'], ['deep', 'authoritative'], male('m3', -1, 0.96)),
  voice('zho-lan', 'Lan', '란', 'zho', 'female', 'elder', ['Audiobook/Storytelling'], ['calm', 'wise', 'slow'], female('f2', -2, 0.9)),
  // One or more voice for every other language the engines speak
  voice('fra-camille', 'Camille', '카미유', 'fra', 'female', 'young_adult', ['Audiobook', 'Ads'], ['elegant', 'warm'], female('f3')),
  voice('fra-louis', 'Louis', '루이', 'fra', 'male', 'middle_age', ['News', 'Documentary'], ['calm', 'deep'], male('m3', -1)),
  voice('deu-lena', 'Lena', '레나', 'deu', 'female', 'young_adult', ['E-learning', 'Conversational'], ['clear', 'friendly'], female('f2')),
  voice('deu-felix', 'Felix', '펠릭스', 'deu', 'male', 'young_adult', ['News', 'Ads'], ['confident', 'clear'], male('m1')),
  voice('por-beatriz', 'Beatriz', '베아트리스', 'por', 'female', 'young_adult', ['Ads', 'Conversational'], ['warm', 'lively'], female('f3')),
  voice('ita-giulia', 'Giulia', '줄리아', 'ita', 'female', 'young_adult', ['Audiobook', 'Ads'], ['warm', 'expressive'], female('f4', 1)),
  voice('rus-dmitri', 'Dmitri', '드미트리', 'rus', 'male', 'middle_age', ['News', 'Documentary'], ['deep', 'serious'], male('m3', -2)),
  voice('tam-priya', 'Priya', '프리야', 'tam', 'female', 'young_adult', ['E-learning', 'Conversational'], ['gentle', 'clear'], female('f3')),
  voice('ara-omar', 'Omar', '오마르', 'ara', 'male', 'middle_age', ['News', 'Announcer'], ['deep', 'formal'], male('m2', -1)),
  voice('bul-elena', 'Elena', '엘레나', 'bul', 'female', 'young_adult', ['E-learning'], ['clear'], female('f2')),
  voice('ukr-oksana', 'Oksana', '옥사나', 'ukr', 'female', 'young_adult', ['Audiobook', 'Conversational'], ['warm'], female('f3')),
  voice('hrv-ivan', 'Ivan', '이반', 'hrv', 'male', 'young_adult', ['News'], ['clear'], male('m1')),
  voice('ces-tereza', 'Tereza', '테레자', 'ces', 'female', 'young_adult', ['E-learning'], ['clear', 'friendly'], female('f3')),
  voice('pol-piotr', 'Piotr', '표트르', 'pol', 'male', 'middle_age', ['News', 'Documentary'], ['calm'], male('m3')),
  voice('slk-zuzana', 'Zuzana', '주자나', 'slk', 'female', 'young_adult', ['Conversational'], ['friendly'], female('f2')),
  voice('fin-aino', 'Aino', '아이노', 'fin', 'female', 'young_adult', ['E-learning'], ['calm', 'clear'], female('f3')),
  voice('ron-andrei', 'Andrei', '안드레이', 'ron', 'male', 'young_adult', ['Ads'], ['lively'], male('m1')),
  voice('ell-eleni', 'Eleni', '엘레니', 'ell', 'female', 'middle_age', ['Audiobook'], ['warm', 'calm'], female('f2', -1)),
  voice('nld-daan', 'Daan', '단', 'nld', 'male', 'young_adult', ['Podcast', 'Conversational'], ['casual'], male('m1')),
  voice('swe-astrid', 'Astrid', '아스트리드', 'swe', 'female', 'young_adult', ['E-learning'], ['bright', 'clear'], female('f4')),
  voice('ind-putri', 'Putri', '푸트리', 'ind', 'female', 'young_adult', ['Conversational', 'Ads'], ['friendly'], female('f3')),
  voice('tgl-maria', 'Maria', '마리아', 'tgl', 'female', 'young_adult', ['Conversational'], ['warm'], female('f3')),
  voice('dan-freja', 'Freja', '프레야', 'dan', 'female', 'young_adult', ['E-learning'], ['calm'], female('f2')),
  voice('msa-aiman', 'Aiman', '아이만', 'msa', 'male', 'young_adult', ['Conversational'], ['friendly'], male('m1')),
  voice('hin-arjun', 'Arjun', '아르준', 'hin', 'male', 'young_adult', ['News', 'E-learning'], ['clear', 'confident'], male('m3')),
  voice('hun-zsofia', 'Zsófia', '조피아', 'hun', 'female', 'young_adult', ['Audiobook'], ['warm'], female('f3')),
  voice('nor-ingrid', 'Ingrid', '잉그리드', 'nor', 'female', 'middle_age', ['E-learning'], ['calm'], female('f2', -1)),
  voice('tur-emre', 'Emre', '엠레', 'tur', 'male', 'young_adult', ['Ads', 'Conversational'], ['lively'], male('m1')),
  voice('vie-linh', 'Linh', '린', 'vie', 'female', 'young_adult', ['Conversational'], ['gentle'], female('f3')),
  voice('tha-somchai', 'Somchai', '솜차이', 'tha', 'male', 'middle_age', ['News'], ['calm'], male('m3')),
  voice('ben-ananya', 'Ananya', '아난야', 'ben', 'female', 'young_adult', ['E-learning'], ['gentle'], female('f3')),
  voice('pan-harpreet', 'Harpreet', '하르프리트', 'pan', 'female', 'young_adult', ['Conversational'], ['warm'], female('f2')),
  voice('yue-kaho', 'Ka-ho', '카호', 'yue', 'male', 'young_adult', ['Conversational', 'News'], ['clear'], male('m1')),
  ...documentedVoices,
];
