import { statSync } from 'node:fs';
import { LoadedModels, type ModelToLoad } from '../loaded-models.js';
import { ModelError } from '../model-error.js';
import { readPiperConfig, type PiperConfig } from './piper-config.js';
import { PiperModel } from './piper-model.js';

export interface LoadedVoice {
  config: PiperConfig;
  model: PiperModel;
}

/** The Piper models loaded in this thread, within MODEL_MEMORY_MB (see LoadedModels). */
export class ModelCache extends LoadedModels<LoadedVoice> {
  protected prepare(onnxPath: string): ModelToLoad<LoadedVoice> {
    const config = readPiperConfig(`${onnxPath}.json`);
    let bytes: number;
    try {
      bytes = statSync(onnxPath).size;
    } catch {
      throw new ModelError('model_missing', `${onnxPath}: no such model file`);
    }
    return { bytes, load: async () => ({ config, model: await PiperModel.load(onnxPath, config) }) };
  }

  protected release(voice: LoadedVoice): Promise<void> {
    return voice.model.release();
  }
}
