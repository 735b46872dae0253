/**
 * eSpeak NG voice variants (files in espeak-ng-data/voices/!v) that change a language voice's
 * timbre, pitch and synthesis method while keeping its pronunciation: `en-us+f3`, `ko+m2`…
 * Gender is what the variant file itself declares; `pitch` is its file's `pitch` line (base and top
 * of the intonation range in Hz; the language voice's own pitch when absent). The variants test
 * checks this table against the bundled data.
 */
export type VariantGender = 'female' | 'male' | 'unspecified';

export interface EspeakVariant {
  id: string;
  gender: VariantGender;
  pitch?: readonly [number, number];
  note: string;
}

const variant = (id: string, gender: VariantGender, pitch: [number, number] | undefined, note: string): EspeakVariant =>
  pitch ? { id, gender, pitch, note } : { id, gender, note };

/** The natural-sounding variants and the synthesis modes; novelty voices (robots, demons…) are left out. */
export const espeakVariants: readonly EspeakVariant[] = [
  variant('f1', 'female', [140, 200], 'female, slight roughness'),
  variant('f2', 'female', [142, 220], 'female, breathy'),
  variant('f3', 'female', [140, 240], 'female, bright, wide range'),
  variant('f4', 'female', [142, 200], 'female, lively stress'),
  variant('f5', 'female', [160, 228], 'female, high, breathy'),
  variant('m1', 'male', [75, 109], 'male, low'),
  variant('m2', 'male', [88, 115], 'male, with echo'),
  variant('m3', 'male', [80, 122], 'male'),
  variant('m4', 'male', [70, 110], 'male, low'),
  variant('m5', 'male', undefined, 'male, at the language voice pitch'),
  variant('m6', 'male', [82, 117], 'male'),
  variant('m7', 'male', [75, 125], 'male, strongly voiced'),
  variant('m8', 'male', [65, 102], 'male, deep'),
  variant('whisper', 'male', [82, 117], 'male whisper'),
  variant('whisperf', 'female', [160, 220], 'female whisper'),
  variant('croak', 'male', [85, 117], 'male, creaky'),
  variant('Alicia', 'female', [180, 275], 'female, high'),
  variant('Andrea', 'female', [200, 265], 'female, high'),
  variant('Annie', 'female', [120, 280], 'female, very wide range'),
  variant('aunty', 'female', [204, 176], 'female, narrow range'),
  variant('belinda', 'female', [200, 247], 'female, high'),
  variant('grandma', 'female', [120, 230], 'older female'),
  variant('linda', 'female', [200, 247], 'female, high'),
  variant('steph', 'female', [166, 200], 'female'),
  variant('Andy', 'male', [85, 110], 'male'),
  variant('Denis', 'male', [80, 115], 'male'),
  variant('Diogo', 'male', [82, 122], 'male'),
  variant('Henrique', 'male', [70, 130], 'male, wide range'),
  variant('Hugo', 'male', [70, 130], 'male, wide range'),
  variant('Lee', 'male', [85, 110], 'male'),
  variant('Marco', 'male', [100, 152], 'male, high'),
  variant('antonio', 'male', [82, 128], 'male'),
  variant('michel', 'male', [82, 122], 'male'),
  variant('miguel', 'male', [80, 130], 'male'),
  variant('sandro', 'male', [78, 115], 'male'),
  variant('travis', 'male', [75, 120], 'male'),
  variant('victor', 'male', [80, 110], 'male'),
  variant('klatt', 'unspecified', undefined, 'Klatt formant synthesizer, language voice pitch'),
  variant('klatt2', 'unspecified', undefined, 'Klatt synthesizer, variant 2'),
  variant('klatt3', 'unspecified', undefined, 'Klatt synthesizer, variant 3'),
  variant('klatt4', 'unspecified', undefined, 'Klatt synthesizer, variant 4'),
  variant('klatt5', 'unspecified', undefined, 'Klatt synthesizer, variant 5'),
  variant('klatt6', 'unspecified', undefined, 'Klatt synthesizer, variant 6'),
];

export const femaleVariants: readonly string[] = espeakVariants.filter((v) => v.gender === 'female').map((v) => v.id);
export const maleVariants: readonly string[] = espeakVariants.filter((v) => v.gender === 'male').map((v) => v.id);

/** Variant ids are file names: case-sensitive, letters and digits only (no paths, no `+`). */
export function isWellFormedVariantId(id: string): boolean {
  return /^[A-Za-z][A-Za-z0-9]{0,31}$/.test(id);
}
