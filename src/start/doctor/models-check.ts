import fs from 'node:fs';
import type { Config } from '../../config/config.js';
import { installedKokoroModels } from '../../synthesis/engines/kokoro/kokoro-catalog.js';
import { kokoroLoadState, piperLoadState } from '../../synthesis/engines/model-load-state.js';
import { installedModels } from '../../synthesis/engines/piper/piper-catalog.js';
import type { CheckResult } from './check.js';

/**
 * MODELS_DIR: absent is fine (only the built-in voices); present, it must be a readable folder,
 * and each neural voice in it must load (ONNX Runtime opens it, as a synthesis thread will).
 */
export async function checkModels(config: Config): Promise<CheckResult[]> {
  const dir = config.modelsDir;
  const fix = 'reinstall it (orator models install …) or remove it (orator models remove NAME); see docs/voices.md';
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [{ name: 'models', status: 'ok', detail: `no models folder ${dir}: only the built-in voices (orator models install adds neural ones)` }];
    return [{ name: 'models', status: 'fail', detail: `cannot read MODELS_DIR ${dir}: ${(error as Error).message}`, fix: 'set MODELS_DIR to a folder this user can read' }];
  }
  if (!stat.isDirectory()) return [{ name: 'models', status: 'fail', detail: `MODELS_DIR ${dir} is not a folder`, fix: 'set MODELS_DIR to a folder (default DATA_DIR/models)' }];
  try {
    fs.accessSync(dir, fs.constants.R_OK | fs.constants.X_OK);
  } catch {
    return [{ name: 'models', status: 'fail', detail: `MODELS_DIR ${dir} cannot be read by this user`, fix: `chmod u+rx ${dir}, or run Orator as its owner` }];
  }
  const states: { name: string; state: string }[] = [];
  for (const model of installedModels(dir)) states.push({ name: model.name, state: model.problem ? `broken: ${model.problem}` : await piperLoadState(model) });
  for (const model of installedKokoroModels(dir)) states.push({ name: model.name, state: model.problem ? `broken: ${model.problem}` : await kokoroLoadState(model) });
  if (states.length === 0) return [{ name: 'models', status: 'ok', detail: `${dir}: no neural voices installed` }];
  const broken = states.filter((s) => s.state !== 'ready');
  if (broken.length === 0) return [{ name: 'models', status: 'ok', detail: `${dir}: ${states.length} model(s) load: ${states.map((s) => s.name).join(', ')}` }];
  return broken.map((s) => ({ name: 'models', status: 'fail', detail: `${s.name} in ${dir} does not load: ${s.state.replace(/^broken: /, '').split('\n')[0]}`, fix }));
}
