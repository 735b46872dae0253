import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { eld as EldInstance } from 'eld/medium';

// The 'medium' database: same accuracy as 'large' on sentences in our tests, half the heap
// (~64 MB), but parsing its 2 MB of object literals lifts a process's RSS by ~200 MB and takes
// ~0.35 s. Most processes never need it (a request naming its language, text in a script that
// decides alone, the CLI with --lang, the pool threads), so it is loaded on the first Latin or
// Cyrillic text to judge, once per process. Loaded synchronously (require of an ES module,
// Node ≥ 20.19) so detection stays a plain function; the file is inside the package, nothing is fetched.
let detector: typeof EldInstance | undefined;

function loadDetector(): typeof EldInstance {
  if (!detector) {
    // The package exports 'eld/medium' for import only, so require its file by the resolved path.
    const file = fileURLToPath(import.meta.resolve('eld/medium'));
    const { eld } = createRequire(import.meta.url)(file) as { eld: typeof EldInstance };
    // A private instance, so that another module changing eld's global subset cannot affect us.
    detector = eld.newInstance();
  }
  return detector;
}

export interface NgramVerdict {
  /** ISO 639-1 codes with scores in [0, 1], best first. */
  ranked: [string, number][];
  /** eld's own check: enough n-grams and a top score near the language's usual level. */
  reliable: boolean;
}

/** Scores of every language eld knows for a text of Latin or Cyrillic letters. */
export function ngramScores(text: string): NgramVerdict {
  const result = loadDetector().detect(text);
  if (result.language === '') return { ranked: [], reliable: false };
  const ranked = Object.entries(result.getScores()).sort((a, b) => b[1] - a[1]);
  return { ranked, reliable: result.isReliable() };
}
