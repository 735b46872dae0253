import type { Synthesizer } from '../../src/synthesis/pipeline/synthesizer.js';

/**
 * Holds every whole-file synthesis of a server at its start until `release()`, and records the
 * order in which they started (by their text): a test can then count what was admitted, or see
 * who went first, without a race. The real synthesizer runs once released.
 */
export function holdSyntheses(synthesizer: Synthesizer) {
  const original = synthesizer.synthesize.bind(synthesizer);
  const started: string[] = [];
  const listeners = new Set<() => void>();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  synthesizer.synthesize = async (request, onProgress) => {
    started.push(request.text);
    for (const listener of listeners) listener();
    await gate;
    return original(request, onProgress);
  };
  return {
    started,
    release,
    /** Resolves once `count` syntheses have started (and are held). */
    startedAtLeast(count: number): Promise<void> {
      if (started.length >= count) return Promise.resolve();
      return new Promise((resolve) => {
        const check = () => {
          if (started.length < count) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
      });
    },
    restore() {
      release();
      synthesizer.synthesize = original;
    },
  };
}
