import { statSync } from 'node:fs';
import { engineSettings } from '../engine-settings.js';
import { ModelBudget } from '../model-budget.js';
import { ModelError } from './model-error.js';
import { readPiperConfig, type PiperConfig } from './piper-config.js';
import { PiperModel } from './piper-model.js';

export interface LoadedVoice {
  config: PiperConfig;
  model: PiperModel;
}

/**
 * The Piper models loaded in this thread, within MODEL_MEMORY_MB. A model is counted at its file
 * size (its weights, which ONNX Runtime keeps in memory; activations come and go per request).
 * Loading one that does not fit unloads the least recently used first — of every model engine
 * sharing the `ModelBudget` (the engines' defaults share the thread's); one bigger than the whole
 * budget is refused.
 */
export class ModelCache {
  private readonly loaded = new Map<string, Promise<LoadedVoice>>();
  /** Paths unloaded to make room, oldest first (for tests and `models list`). */
  readonly unloaded: string[] = [];

  constructor(
    private readonly budgetBytes: () => number = () => engineSettings().modelMemoryMb * 1024 * 1024,
    private readonly ledger = new ModelBudget(),
  ) {}

  async get(onnxPath: string): Promise<LoadedVoice> {
    const cached = this.loaded.get(onnxPath);
    if (cached) {
      // Most recently used moves to the end.
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

  /** Paths of the models loaded now, least recently used first. */
  get paths(): string[] {
    return [...this.loaded.keys()];
  }

  private async load(onnxPath: string): Promise<LoadedVoice> {
    const config = readPiperConfig(`${onnxPath}.json`);
    let size: number;
    try {
      size = statSync(onnxPath).size;
    } catch {
      throw new ModelError('model_missing', `${onnxPath}: no such model file`);
    }
    const budget = this.budgetBytes();
    if (size > budget) {
      throw new ModelError('model_too_big', `${onnxPath}: ${mb(size)} MB does not fit MODEL_MEMORY_MB (${mb(budget)} MB)`);
    }
    await this.ledger.admit(onnxPath, size, budget, () => this.unload(onnxPath));
    const model = await PiperModel.load(onnxPath, config);
    return { config, model };
  }

  private async unload(onnxPath: string): Promise<void> {
    const voice = this.loaded.get(onnxPath);
    if (!voice) return;
    this.loaded.delete(onnxPath);
    this.unloaded.push(onnxPath);
    await voice.then((v) => v.model.release(), () => undefined);
  }
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}
