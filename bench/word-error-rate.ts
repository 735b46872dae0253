import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Round-trip intelligibility: speech → pocketsphinx (0.8, Debian's `pocketsphinx` with the
 * `pocketsphinx-en-us` model) → words, scored against the text as word error rate. The yardstick
 * of an English tier; not a test dependency (the bench skips the column when it is absent).
 */
const modelDir = '/usr/share/pocketsphinx/model/en-us';

/** Why the WER column is skipped, or null when pocketsphinx can run. */
export function pocketsphinxMissing(): string | null {
  const probe = spawnSync('pocketsphinx_continuous', ['-h'], { encoding: 'utf8' });
  if (probe.error) return 'pocketsphinx_continuous is not installed (apt-get install pocketsphinx pocketsphinx-en-us)';
  const check = spawnSync('test', ['-f', path.join(modelDir, 'en-us.lm.bin')]);
  if (check.status !== 0) return `no en-us model in ${modelDir} (apt-get install pocketsphinx-en-us)`;
  return null;
}

/** What pocketsphinx hears in a 16 kHz mono 16-bit WAV. */
export async function recognize(wav: Uint8Array): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orator-wer-'));
  try {
    const file = path.join(dir, 'speech.wav');
    writeFileSync(file, wav);
    const { stdout } = await run('nice', ['-n', '10', 'pocketsphinx_continuous', '-infile', file, '-hmm', path.join(modelDir, 'en-us'), '-lm', path.join(modelDir, 'en-us.lm.bin'), '-dict', path.join(modelDir, 'cmudict-en-us.dict'), '-logfn', '/dev/null'], { maxBuffer: 1 << 20 });
    return stdout.replace(/\s+/g, ' ').trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lower-case words without punctuation (apostrophes kept: "it's"). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
}

/** (substitutions + deletions + insertions) / reference words: the word-level edit distance. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = words(reference);
  const hyp = words(hypothesis);
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return ref.length === 0 ? 0 : previous[hyp.length] / ref.length;
}
