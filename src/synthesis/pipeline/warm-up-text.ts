import { checkSpokenLength, planSentences } from './plan-sentences.js';

/**
 * Ordinary English prose with what requests carry besides words: figures, a date, a time, money,
 * a percentage, an abbreviation, a web address, quotes and a parenthesis.
 */
const sample =
  'Part 1. On March 3, 2024, Dr. Grey paid $1,250 (about 12% more) at 10:30 a.m.; see "example.com/notes" for the rest. ' +
  'The light spread across the quiet valley, and nobody expected the storm so early!';

/**
 * Runs the main thread's share of a request's text work (sentence splitting, the checks and
 * rewrites of normalization, numbers spelled out) a few times, as the pool's warm-up does for the
 * threads' share: V8 compiles each function on its first call, so the server's first request
 * otherwise paid the compiling of this whole path (~10–20 ms of the main thread's CPU, against
 * ~20–30 ms for the next ones). A few milliseconds at start-up, nothing kept.
 */
export function warmUpTextPath(rounds = 3): void {
  for (let round = 0; round < rounds; round++) {
    checkSpokenLength(sample, 'eng');
    planSentences(sample, 'eng');
  }
}
