/**
 * Minimum-edit alignment of two phone sequences. Flite prints the phones of a whole utterance
 * without word boundaries; aligning them against the phones of each word spoken on its own tells
 * which word every phone belongs to, even where context changes a pronunciation slightly
 * ("the" before a vowel, "Dr." read as "doctor" or "drive").
 */

/** kal's post-lexical rules turn "ah" into "aa"; the other voices keep it. */
function samePhone(a: string, b: string): boolean {
  return a === b || ((a === 'ah' || a === 'aa') && (b === 'ah' || b === 'aa'));
}

const vowels = new Set(['aa', 'ae', 'ah', 'ao', 'aw', 'ax', 'axr', 'ay', 'eh', 'er', 'ey', 'ih', 'iy', 'ow', 'oy', 'uh', 'uw']);

function substitutionCost(a: string, b: string): number {
  if (samePhone(a, b)) return 0;
  // A vowel for a vowel (reduction) is a smaller change than a vowel for a consonant.
  return vowels.has(a) === vowels.has(b) ? 1 : 1.5;
}

const gapCost = 1;
const DIAGONAL = 0;
const UP = 1; // a reference phone with no counterpart
const LEFT = 2; // an actual phone with no counterpart

/**
 * For each phone of `actual`, the index of the `reference` phone it aligns with, or -1 when it
 * was inserted. O(n·m) time; fine for a request's few thousand phones.
 */
export function alignPhones(reference: string[], actual: string[]): Int32Array {
  const n = reference.length;
  const m = actual.length;
  const moves = new Uint8Array((n + 1) * (m + 1));
  let previous = new Float64Array(m + 1);
  let row = new Float64Array(m + 1);
  for (let j = 1; j <= m; j++) {
    previous[j] = j * gapCost;
    moves[j] = LEFT;
  }
  for (let i = 1; i <= n; i++) {
    row[0] = i * gapCost;
    moves[i * (m + 1)] = UP;
    for (let j = 1; j <= m; j++) {
      const diagonal = previous[j - 1] + substitutionCost(reference[i - 1], actual[j - 1]);
      const up = previous[j] + gapCost;
      const left = row[j - 1] + gapCost;
      let best = diagonal;
      let move = DIAGONAL;
      if (up < best) { best = up; move = UP; }
      if (left < best) { best = left; move = LEFT; }
      row[j] = best;
      moves[i * (m + 1) + j] = move;
    }
    [previous, row] = [row, previous];
  }
  const aligned = new Int32Array(m).fill(-1);
  for (let i = n, j = m; i > 0 || j > 0;) {
    const move = moves[i * (m + 1) + j];
    if (move === DIAGONAL) aligned[--j] = --i;
    else if (move === UP) i--;
    else j--;
  }
  return aligned;
}
