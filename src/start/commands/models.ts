import type { Config } from '../../config/config.js';
import { configureEngines } from '../../synthesis/engines/engine-settings.js';
import { installedKokoroModels } from '../../synthesis/engines/kokoro/kokoro-catalog.js';
import { kokoroLoadState, piperLoadState } from '../../synthesis/engines/model-load-state.js';
import { installedModels } from '../../synthesis/engines/piper/piper-catalog.js';
import { readVoicesIndex } from './models-index.js';
import { installModels, removeModel, type InstallResult } from './models-install.js';
import { parseCommandArgs, type Command } from './command.js';
import { UsageError } from './usage-error.js';
import { printJson } from './with-services.js';

export const modelsUsage = `  models list [--json]                    installed neural voices: size, language, speakers, state
  models install FILE|DIR|URL [--sha256 H] [--voices FILE|DIR|URL] | KEY --index URL
                                          copy or download (resumable) a Piper voice or a Kokoro
                                          model (--voices: its voices-v1.0.bin), verify it, install it
  models remove NAME                      uninstall a voice
  models index URL [--language L]         browse a published voices index (Piper's voices.json)`;

const help = `usage: orator models <list|install|remove|index> …

${modelsUsage}`;

/** `orator models …`: voices appear in a running server's catalog as soon as they are installed. */
export const modelsCommand: Command = {
  name: 'models',
  summary: 'install, list and remove neural voices (Piper, Kokoro)',
  help,
  run: (argv, config) => runModels(config, argv),
};

async function runModels(config: Config, argv: string[]): Promise<void> {
  configureEngines({ modelsDir: config.modelsDir, modelMemoryMb: config.modelMemoryMb });
  const parsed = parseCommandArgs(
    modelsCommand,
    argv,
    { json: { type: 'boolean' }, sha256: { type: 'string' }, index: { type: 'string' }, language: { type: 'string' }, voices: { type: 'string' } },
    2,
  );
  const [sub, ...positional] = parsed.positionals;
  const rest = parsed.values.json ? ['--json'] : [];
  const option = (name: string) => parsed.values[name.replace(/^--/, '') as 'sha256' | 'index' | 'language' | 'voices'];
  switch (sub) {
    case 'list':
      return list(config, rest.includes('--json'));
    case 'install': {
      const source = positional[0];
      if (!source) throw new UsageError('models install needs a FILE, DIR or URL');
      const index = option('--index');
      let installed: InstallResult[];
      if (index) {
        const voice = (await readVoicesIndex(index)).find((v) => v.key === source);
        if (!voice) throw new UsageError(`${index} has no voice "${source}"`);
        // The index's origin is the one the operator named: its files elsewhere must be public.
        installed = await installModels(voice.url, config.modelsDir, { md5: voice.md5 ?? undefined, sha256: option('--sha256'), trustedOrigin: new URL(index).origin });
      } else {
        installed = await installModels(source, config.modelsDir, { sha256: option('--sha256'), voices: option('--voices') });
      }
      for (const model of installed) console.log(`installed ${model.name}: ${model.voices.length} voice(s)${model.problem ? ` (${model.problem})` : ''} → ${model.voices.map((v) => `tc_${v.id}`).join(' ')}`);
      return;
    }
    case 'remove': {
      if (!positional[0]) throw new UsageError('models remove needs a NAME');
      if (!(await removeModel(positional[0], config.modelsDir))) throw new UsageError(`no model "${positional[0]}" in ${config.modelsDir}`);
      console.log(`removed ${positional[0]}`);
      return;
    }
    case 'index': {
      if (!positional[0]) throw new UsageError('models index needs a URL');
      const language = option('--language');
      const voices = (await readVoicesIndex(positional[0])).filter((v) => !language || v.language.toLowerCase().startsWith(language.toLowerCase()));
      for (const v of voices) console.log(`${v.key.padEnd(36)} ${v.language.padEnd(6)} ${v.quality.padEnd(7)} ${String(v.speakers).padStart(4)} spk ${mb(v.bytes).padStart(7)} MB`);
      return;
    }
    default:
      throw new UsageError(`models: unknown subcommand "${sub ?? ''}"`, help);
  }
}

async function list(config: Config, json: boolean): Promise<void> {
  const rows = [];
  for (const model of installedModels(config.modelsDir)) {
    rows.push({
      name: model.name,
      bytes: model.bytes,
      language: model.language,
      engine: 'piper',
      speakers: model.config?.numSpeakers ?? null,
      voices: model.voices.map((v) => `tc_${v.id}`),
      // Whether ONNX Runtime loads it with the inputs its .onnx.json promises (the server loads models per thread on first use).
      state: model.problem ?? (await piperLoadState(model)),
    });
  }
  for (const model of installedKokoroModels(config.modelsDir)) {
    rows.push({
      name: model.name,
      bytes: model.bytes,
      language: model.languages.length > 0 ? model.languages.join(',') : null,
      engine: 'kokoro',
      speakers: model.voices.length,
      voices: model.voices.map((v) => `tc_${v.id}`),
      state: model.problem ?? (await kokoroLoadState(model)),
    });
  }
  if (json) return printJson(rows);
  if (rows.length === 0) console.log(`no models in ${config.modelsDir}`);
  for (const r of rows) console.log(`${r.name.padEnd(36)} ${mb(r.bytes).padStart(7)} MB  ${(r.language ?? '?').padEnd(4)} ${String(r.speakers ?? '?').padStart(4)} spk  ${r.state}`);
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}
