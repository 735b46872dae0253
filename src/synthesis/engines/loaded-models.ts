import { engineSettings } from './engine-settings.js';
import { ModelBudget } from './model-budget.js';
import { ModelError } from './model-error.js';

/** What loading one model takes: its size (checked against the budget first) and the load itself. */
export interface ModelToLoad<T> {
  bytes: number;
  load(): Promise<T>;
}

/**
 * The models of one engine loaded in this thread, within MODEL_MEMORY_MB. A model is counted at
 * its files' size (its weights, which ONNX Runtime keeps in memory; activations come and go per
 * request). Loading one that does not fit unloads the least recently used first — of every model
 * engine sharing the `ModelBudget` (the engines' defaults share the thread's, so Piper and Kokoro
 * models count together); one bigger than the whole budget is refused.
 */
export abstract class LoadedModels<T> {
  private readonly loaded = new Map<string, Promise<T>>();
  /** Paths unloaded to make room, oldest first (for tests and `models list`). */
  readonly unloaded: string[] = [];

  constructor(
    private readonly budgetBytes: () => number = () => engineSettings().modelMemoryMb * 1024 * 1024,
    private readonly ledger = new ModelBudget(),
  ) {}

  /** Reads what describes the model at `path` and says what loading it takes; throws a ModelError when it is unusable. */
  protected abstract prepare(path: string): ModelToLoad<T>;
  protected abstract release(loaded: T): Promise<void>;

  get(path: string): Promise<T> {
    const cached = this.loaded.get(path);
    if (cached) {
      // Most recently used moves to the end.
      this.loaded.delete(path);
      this.loaded.set(path, cached);
      this.ledger.touch(path);
      return cached;
    }
    const loading = this.load(path);
    this.loaded.set(path, loading);
    loading.catch(() => {
      if (this.loaded.get(path) === loading) {
        this.loaded.delete(path);
        this.ledger.forget(path);
      }
    });
    return loading;
  }

  /** Paths of the models loaded now, least recently used first. */
  get paths(): string[] {
    return [...this.loaded.keys()];
  }

  private async load(path: string): Promise<T> {
    const { bytes, load } = this.prepare(path);
    const budget = this.budgetBytes();
    if (bytes > budget) throw new ModelError('model_too_big', `${path}: ${mb(bytes)} MB does not fit MODEL_MEMORY_MB (${mb(budget)} MB)`);
    await this.ledger.admit(path, bytes, budget, () => this.unload(path));
    return load();
  }

  private async unload(path: string): Promise<void> {
    const entry = this.loaded.get(path);
    if (!entry) return;
    this.loaded.delete(path);
    this.unloaded.push(path);
    await entry.then((loaded) => this.release(loaded), () => undefined);
  }
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}
