/**
 * The models loaded in one thread by every model engine (Piper, Kokoro), least recently used
 * first, so MODEL_MEMORY_MB bounds them together: admitting one unloads the least recently used
 * others, whichever engine holds them, until the new one fits.
 */
export class ModelBudget {
  private readonly residents = new Map<string, { bytes: number; unload: () => Promise<void> }>();

  /** Marks a model as just used. */
  touch(key: string): void {
    const resident = this.residents.get(key);
    if (!resident) return;
    this.residents.delete(key);
    this.residents.set(key, resident);
  }

  /** Counts `bytes` for `key` and unloads least recently used others until the total fits `budget`. */
  async admit(key: string, bytes: number, budget: number, unload: () => Promise<void>): Promise<void> {
    this.residents.delete(key);
    this.residents.set(key, { bytes, unload });
    for (const [other, resident] of [...this.residents]) {
      if (this.used() <= budget) return;
      if (other === key) continue;
      this.residents.delete(other);
      await resident.unload();
    }
  }

  forget(key: string): void {
    this.residents.delete(key);
  }

  used(): number {
    let total = 0;
    for (const resident of this.residents.values()) total += resident.bytes;
    return total;
  }
}

/** This thread's budget, shared by the engines' default caches. */
export const threadModelBudget = new ModelBudget();
