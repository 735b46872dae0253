import type { InstalledKokoroModel } from './kokoro/kokoro-catalog.js';
import { KokoroModel } from './kokoro/kokoro-model.js';
import { readVoicePacks } from './kokoro/kokoro-voices.js';
import type { InstalledModel } from './piper/piper-catalog.js';
import { readPiperConfig } from './piper/piper-config.js';
import { PiperModel } from './piper/piper-model.js';

/**
 * Whether ONNX Runtime loads an installed Piper voice with the inputs its .onnx.json promises:
 * `ready`, or `broken: <why>` (the server loads models per thread on first use; `orator models
 * list` and `orator doctor` load each once to say so beforehand).
 */
export async function piperLoadState(model: InstalledModel): Promise<string> {
  try {
    const loaded = await PiperModel.load(model.onnxPath, readPiperConfig(`${model.onnxPath}.json`));
    await loaded.release();
    return 'ready';
  } catch (error) {
    return `broken: ${(error as Error).message}`;
  }
}

/** The same for a Kokoro model and its voices file. */
export async function kokoroLoadState(model: InstalledKokoroModel): Promise<string> {
  try {
    readVoicePacks(model.voicesPath!);
    const loaded = await KokoroModel.load(model.onnxPath);
    await loaded.release();
    return 'ready';
  } catch (error) {
    return `broken: ${(error as Error).message}`;
  }
}
