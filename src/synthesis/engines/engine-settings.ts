/** Settings engines need in every thread, set once from the configuration (main thread and pool workers). */
export interface EngineSettings {
  /** Where model engines find installed voices (MODELS_DIR); null: no model voices. */
  modelsDir: string | null;
  /** Memory budget for loaded models per thread, in MB (MODEL_MEMORY_MB). */
  modelMemoryMb: number;
}

let settings: EngineSettings = { modelsDir: null, modelMemoryMb: 1024 };

export function configureEngines(next: Partial<EngineSettings>): void {
  settings = { ...settings, ...next };
}

export function engineSettings(): EngineSettings {
  return settings;
}
