import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTinyModel, tinyModelConfig, type TinyModelOptions } from './tiny-model.js';

/** A models directory in a temporary folder, for one test file. */
export function tempModelsDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orator-models-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes `NAME.onnx` and `NAME.onnx.json` of the tiny model; returns the `.onnx` path. */
export function writeTinyVoice(dir: string, name: string, options: TinyModelOptions & { config?: Parameters<typeof tinyModelConfig>[0] } = {}): string {
  const onnx = path.join(dir, `${name}.onnx`);
  const speakers = options.multiSpeaker ? ['alpha', 'beta'] : [];
  writeFileSync(onnx, buildTinyModel(options));
  writeFileSync(`${onnx}.json`, JSON.stringify(tinyModelConfig({ speakers, ...options.config })));
  return onnx;
}
