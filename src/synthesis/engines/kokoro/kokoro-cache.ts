import { readFileSync } from 'node:fs';
import path from 'node:path';
import { engineSettings } from '../engine-settings.js';
import { ModelBudget } from '../model-budget.js';
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
 * file sizes; the least recently used unloads first — of every model engine sharing the
 * `ModelBudget` (the engines' defaults share the thread's, so Piper and Kokoro models count
 * together) — and one bigger than the whole budget is refused.
 */
export class KokoroCache {
  private readonly loaded = new Map<string, Promise<LoadedKokoro>>();
  readonly unloaded: string[] = [];

  constructor(
    private readonly budgetBytes: () => number = () => engineSettings().modelMemoryMb * 1024 * 1024,
    private readonly ledger = new ModelBudget(),
  ) {}

  get(onnxPath: string): Promise<LoadedKokoro> {
    const cached = this.loaded.get(onnxPath);
    if (cached) {
      this.loaded.delete(onnxPath);
      this.loaded.set(onnxPath, cached);
      this.ledger.touch(onnxPath);
      return cached;
    }
    const loading = this.load(onnxPath);
    this.loaded.set(onnxPath, loading);
    loading.catch(() => {
      if (this.loaded.get(onnxPath) === loading) {
        this.loaded.delete(onnxPath);
        this.ledger.forget(onnxPath);
      }
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
    await this.ledger.admit(onnxPath, described.bytes, budget, () => this.unload(onnxPath));
    const model = await KokoroModel.load(onnxPath);
    return { model, vocab, packs, letters: sidecarLetters(dir) };
  }

  private async unload(onnxPath: string): Promise<void> {
    const entry = this.loaded.get(onnxPath);
    if (!entry) return;
    this.loaded.delete(onnxPath);
    this.unloaded.push(onnxPath);
    await entry.then((e) => e.model.release(), () => undefined);
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
