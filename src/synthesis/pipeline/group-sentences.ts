import type { SentencePlan } from './plan-sentences.js';

/** Longest text one engine call gets when sentences are grouped. */
const maxGroupCharacters = 400;

/**
 * Consecutive sentences grouped into about one engine call per pool thread. Every engine call has
 * a fixed cost (eSpeak: ~6 ms of start-up and padding), so a short text split into many sentences
 * would spend more on calls than parallelism wins back; a long text still gets many groups, which
 * the threads share.
 */
export function groupForParallelism(plans: readonly SentencePlan[], threads: number): SentencePlan[][] {
  const total = plans.reduce((sum, plan) => sum + plan.spoken.length + 1, 0);
  const target = Math.min(maxGroupCharacters, Math.ceil(total / Math.max(1, threads)));
  const groups: SentencePlan[][] = [];
  let current: SentencePlan[] = [];
  let length = 0;
  for (const plan of plans) {
    const size = plan.spoken.length + 1;
    if (current.length > 0 && (length >= target || length + size > maxGroupCharacters)) {
      groups.push(current);
      current = [];
      length = 0;
    }
    current.push(plan);
    length += size;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
