import type { Config } from '../../config/config.js';
import { engineFor } from '../../synthesis/engines/engine-registry.js';
// Registers the engines: the CLI loads a command's modules only, and doctor speaks without the pool.
import '../../synthesis/engines/registered-engines.js';
import { neutralProsody, type EngineVoice } from '../../synthesis/engines/engine.js';
import { attempt, type CheckResult } from './check.js';

/** One voice of each engine, and the word it is asked to say. */
const probes: { voice: EngineVoice; language: string; word: string }[] = [
  { voice: { engine: 'espeak', id: 'en-us' }, language: 'eng', word: 'hello' },
  { voice: { engine: 'flite', id: 'kal' }, language: 'eng', word: 'hello' },
];

/** Each engine speaks one word, in this process; the check wants audible samples back. */
export async function checkEngines(_config: Config): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const probe of probes) {
    const name = `engine ${probe.voice.engine}`;
    results.push(
      await attempt(
        name,
        async () => {
          const engine = engineFor(probe.voice.engine);
          const started = performance.now();
          const out = await engine.synthesize({ text: probe.word, language: probe.language, voice: probe.voice, prosody: neutralProsody });
          const seconds = out.samples.length / out.sampleRate;
          const peak = out.samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
          if (seconds < 0.1 || peak < 0.01) return { name, status: 'fail', detail: `"${probe.word}" came back silent (${seconds.toFixed(2)} s)`, fix: 'reinstall the dependencies (npm ci): the engine files may be damaged' };
          return { name, status: 'ok', detail: `said "${probe.word}": ${seconds.toFixed(2)} s of audio in ${Math.round(performance.now() - started)} ms` };
        },
        'reinstall the dependencies (npm ci); run with LOG_LEVEL=debug for details',
      ),
    );
    await engineFor(probe.voice.engine).close?.();
  }
  return results;
}
