import { statSync } from 'node:fs';
import { engineSettings } from '../engine-settings.js';
import { ModelError } from './model-error.js';
import { readPiperConfig, type PiperConfig } from './piper-config.js';
import { PiperModel } from './piper-model.js';

export interface LoadedVoice {
  config: PiperConfig;
  model: PiperModel;
}

/**
 * The models loaded in this thread, within MODEL_MEMORY_MB. A model is counted at its file size
 * (its weights, which ONNX Runtime keeps in memory; activations come and go per request). Loading
 * one that does not fit unloads the least recently used first; one bigger than the whole budget
 * is refused.
 */
export class ModelCache {
  private readonly loaded = new Map<string, Promise<LoadedVoice>>();
  private readonly sizes = new Map<string, number>();
  /** Paths unloaded to make room, oldest first (for tests and `models list`). */
  readonly unloaded: string[] = [];

  constructor(private readonly budgetBytes: () => number = () => engineSettings().modelMemoryMb * 1024 * 1024) {}

  async get(onnxPath: string): Promise<LoadedVoice> {
    const cached = this.loaded.get(onnxPath);
    if (cached) {
      // Most recently used moves to the end.
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
    this.sizes.set(onnxPath, size);
    await this.makeRoom(onnxPath, budget);
    const model = await PiperModel.load(onnxPath, config);
    return { config, model };
  }

  private async makeRoom(keep: string, budget: number): Promise<void> {
    const used = () => [...this.sizes.values()].reduce((sum, size) => sum + size, 0);
    for (const path of [...this.loaded.keys()]) {
      if (used() <= budget) return;
      if (path === keep) continue;
      const voice = this.loaded.get(path)!;
      this.loaded.delete(path);
      this.sizes.delete(path);
      this.unloaded.push(path);
      await voice.then((v) => v.model.release(), () => undefined);
    }
  }
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}
