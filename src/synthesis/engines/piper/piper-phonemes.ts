/**
 * Text → phonemes → ids the way Piper does it (piper-phonemize / piper1-gpl), so a model hears
 * exactly the ids it was trained on:
 *
 * 1. eSpeak NG turns each clause into IPA (the model's own `espeak.voice`); words are separated by
 *    a space. eSpeak's language-switch marks such as `(en)` are dropped.
 * 2. The clause's punctuation follows its phonemes: `.` `?` `!` end the sentence; `,` `:` `;` are
 *    followed by a space and the sentence goes on.
 * 3. The phoneme string is decomposed (Unicode NFD) and split into code points: one phoneme each.
 * 4. Per sentence: BOS `^`, pad `_`, then every phoneme followed by a pad, then EOS `$`. A phoneme
 *    the map lacks is skipped (and counted), never sent.
 */

/** One sentence's phonemes, and for each phoneme the word (index into the sentence's words) it belongs to, or -1. */
export interface PhonemeSentence {
  phonemes: string[];
  wordOfPhoneme: number[];
  /** Phoneme words of the sentence, in order. */
  wordCount: number;
}

export type ClausePhonemizer = (clause: string) => string[];

/** Clause punctuation eSpeak reports as a terminator, and what Piper writes for it. */
const clauseEnds: Record<string, { mark: string; sentence: boolean }> = {
  '.': { mark: '.', sentence: true },
  '?': { mark: '?', sentence: true },
  '!': { mark: '!', sentence: true },
  ',': { mark: ',', sentence: false },
  ':': { mark: ':', sentence: false },
  ';': { mark: ';', sentence: false },
  '。': { mark: '.', sentence: true },
  '？': { mark: '?', sentence: true },
  '！': { mark: '!', sentence: true },
  '，': { mark: ',', sentence: false },
  '、': { mark: ',', sentence: false },
  '：': { mark: ':', sentence: false },
  '；': { mark: ';', sentence: false },
};

/** Clauses of a text: runs ending at clause punctuation followed by a space or the end (full-width marks need no space). */
export function splitClauses(text: string): { text: string; end: string | null }[] {
  const clauses: { text: string; end: string | null }[] = [];
  const chars = [...text];
  let start = 0;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    const next = chars[i + 1];
    const fullWidth = ch.charCodeAt(0) > 0x2fff;
    if (!clauseEnds[ch] || !(fullWidth || next === undefined || /\s/.test(next))) continue;
    clauses.push({ text: chars.slice(start, i).join(''), end: ch });
    start = i + 1;
  }
  const rest = chars.slice(start).join('');
  if (rest.trim().length > 0) clauses.push({ text: rest, end: null });
  return clauses;
}

/** eSpeak's clause output (`h_ə_l_ˈoʊ w_ˈɜː_l_d`) → the IPA string Piper gets from it (`həlˈoʊ wˈɜːld`). */
export function ipaOfEspeakClause(clause: string): string {
  return clause.replace(/\([a-z]{2,3}(?:-[a-z0-9]+)*\)/gi, '').replaceAll('_', '').replace(/\s+/g, ' ').trim();
}

/** The sentences of `text` as Piper phonemizes them, with `phonemize` giving eSpeak's phonemes of one clause. */
export function piperPhonemes(text: string, phonemize: ClausePhonemizer): PhonemeSentence[] {
  const sentences: PhonemeSentence[] = [];
  let current: PhonemeSentence | null = null;
  for (const clause of splitClauses(text)) {
    const spoken = clause.text.trim().length > 0 ? phonemize(clause.text).map(ipaOfEspeakClause).filter((c) => c.length > 0).join(' ') : '';
    if (spoken.length === 0 && (current === null || clause.end === null)) continue;
    current ??= { phonemes: [], wordOfPhoneme: [], wordCount: 0 };
    let word = -1;
    let inWord = false;
    for (const phoneme of [...spoken.normalize('NFD')]) {
      if (phoneme === ' ') inWord = false;
      else if (!inWord) {
        inWord = true;
        word = current.wordCount++;
      }
      current.phonemes.push(phoneme);
      current.wordOfPhoneme.push(phoneme === ' ' ? -1 : word);
    }
    const end = clause.end ? clauseEnds[clause.end] : null;
    if (end) {
      current.phonemes.push(end.mark);
      current.wordOfPhoneme.push(-1);
      if (!end.sentence) {
        current.phonemes.push(' ');
        current.wordOfPhoneme.push(-1);
      }
    }
    if (!end || end.sentence) {
      sentences.push(current);
      current = null;
    }
  }
  if (current && current.phonemes.length > 0) sentences.push(current);
  return sentences;
}

export interface PhonemeIds {
  ids: number[];
  /** For each phoneme of the sentence, the index in `ids` of its first id, or -1 when it was skipped. */
  idOfPhoneme: number[];
  /** Phonemes the map lacks, and how often each was skipped. */
  missing: Map<string, number>;
}

/** Piper's `phonemes_to_ids`: `^ _ (p _)* $`. */
export function phonemeIds(phonemes: readonly string[], idMap: Readonly<Record<string, readonly number[]>>): PhonemeIds {
  const pad = idMap._ ?? [];
  const ids: number[] = [...(idMap['^'] ?? []), ...pad];
  const idOfPhoneme: number[] = [];
  const missing = new Map<string, number>();
  for (const phoneme of phonemes) {
    const mapped = Object.hasOwn(idMap, phoneme) ? idMap[phoneme] : undefined;
    if (!mapped) {
      missing.set(phoneme, (missing.get(phoneme) ?? 0) + 1);
      idOfPhoneme.push(-1);
      continue;
    }
    idOfPhoneme.push(ids.length);
    ids.push(...mapped, ...pad);
  }
  ids.push(...(idMap.$ ?? []));
  return { ids, idOfPhoneme, missing };
}
