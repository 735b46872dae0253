import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LoadedModels, type ModelToLoad } from '../loaded-models.js';
import { ModelError } from '../model-error.js';
import { describeKokoroModel } from './kokoro-catalog.js';
import { KokoroModel } from './kokoro-model.js';
import { readKokoroVocab } from './kokoro-vocab.js';
import { readVoicePacks, type KokoroVoicePack } from './kokoro-voices.js';

export interface LoadedKokoro {
  model: KokoroModel;
  vocab: Record<string, number>;
  /** Voices sorted by name: a catalog voice's speaker number indexes this list. */
  packs: KokoroVoicePack[];
  /** Language letters the `voice.json` sidecar gives voices named outside Kokoro's convention. */
  letters: Record<string, string>;
}

/**
 * The Kokoro models loaded in this thread within MODEL_MEMORY_MB (see LoadedModels), counted at
 * the graph's and voices' file sizes.
 */
export class KokoroCache extends LoadedModels<LoadedKokoro> {
  protected prepare(onnxPath: string): ModelToLoad<LoadedKokoro> {
    const dir = path.dirname(onnxPath);
    const described = describeKokoroModel(dir);
    if (!described.voicesPath) throw new ModelError('voices_missing', described.problem!);
    const voicesPath = described.voicesPath;
    return {
      bytes: described.bytes,
      load: async () => {
        const vocab = readKokoroVocab(path.join(dir, 'config.json'));
        const packs = readVoicePacks(voicesPath);
        return { model: await KokoroModel.load(onnxPath), vocab, packs, letters: sidecarLetters(dir) };
      },
    };
  }

  protected release(loaded: LoadedKokoro): Promise<void> {
    return loaded.model.release();
  }
}

function sidecarLetters(dir: string): Record<string, string> {
  try {
    const json = JSON.parse(readFileSync(path.join(dir, 'voice.json'), 'utf8')) as { language?: string; voices?: Record<string, { language?: string }> };
    const letters: Record<string, string> = {};
    if (typeof json.language === 'string') letters['*'] = json.language;
    for (const [voice, own] of Object.entries(json.voices ?? {})) if (typeof own.language === 'string') letters[voice] = own.language;
    return letters;
  } catch {
    return {};
  }
}
