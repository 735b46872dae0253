import { readFileSync } from 'node:fs';
import path from 'node:path';
import { engineSettings } from '../engine-settings.js';
import { ModelError } from '../piper/model-error.js';
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
 * Kokoro models loaded in this thread within MODEL_MEMORY_MB, counted at the graph's and voices'
 * file sizes; the least recently used unloads first, and one bigger than the budget is refused.
 * (Piper's models have their own cache with the same budget.)
 */
export class KokoroCache {
  private readonly loaded = new Map<string, Promise<LoadedKokoro>>();
  private readonly sizes = new Map<string, number>();
  readonly unloaded: string[] = [];

  constructor(private readonly budgetBytes: () => number = () => engineSettings().modelMemoryMb * 1024 * 1024) {}

  get(onnxPath: string): Promise<LoadedKokoro> {
    const cached = this.loaded.get(onnxPath);
    if (cached) {
      this.loaded.delete(onnxPath);
      this.loaded.set(onnxPath, cached);
      return cached;
    }
    const loading = this.load(onnxPath);
    this.loaded.set(onnxPath, loading);
    loading.catch(() => {
      if (this.loaded.get(onnxPath) === loading) this.loaded.delete(onnxPath);
      this.sizes.delete(onnxPath);
    });
    return loading;
  }

  get paths(): string[] {
    return [...this.loaded.keys()];
  }

  private async load(onnxPath: string): Promise<LoadedKokoro> {
    const dir = path.dirname(onnxPath);
    const described = describeKokoroModel(dir);
    if (!described.voicesPath) throw new ModelError('voices_missing', described.problem!);
    const budget = this.budgetBytes();
    if (described.bytes > budget) throw new ModelError('model_too_big', `${dir}: ${mb(described.bytes)} MB does not fit MODEL_MEMORY_MB (${mb(budget)} MB)`);
    const vocab = readKokoroVocab(path.join(dir, 'config.json'));
    const packs = readVoicePacks(described.voicesPath);
    this.sizes.set(onnxPath, described.bytes);
    await this.makeRoom(onnxPath, budget);
    const model = await KokoroModel.load(onnxPath);
    return { model, vocab, packs, letters: sidecarLetters(dir) };
  }

  private async makeRoom(keep: string, budget: number): Promise<void> {
    const used = () => [...this.sizes.values()].reduce((sum, size) => sum + size, 0);
    for (const key of [...this.loaded.keys()]) {
      if (used() <= budget) return;
      if (key === keep) continue;
      const entry = this.loaded.get(key)!;
      this.loaded.delete(key);
      this.sizes.delete(key);
      this.unloaded.push(key);
      await entry.then((e) => e.model.release(), () => undefined);
    }
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

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}
