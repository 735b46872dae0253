import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import type { Config } from '../../config/config.js';
import { defaultVoiceFor, findVoiceByAnyName } from '../../synthesis/catalog/find-voice.js';
import { modelsOf } from '../../synthesis/catalog/voice-models.js';
import { ttsModels, type TtsModel } from '../../synthesis/catalog/voice-types.js';
import { renderCatalogVoice } from '../../synthesis/pipeline/render-voice.js';
import { defaultOutput, type AudioFormat } from '../../synthesis/pipeline/speech-request.js';
import { Synthesizer } from '../../synthesis/pipeline/synthesizer.js';
import { SynthesisPool } from '../../synthesis/pool/synthesis-pool.js';
import { detectLanguage } from '../../synthesis/text/detect-language.js';
import { normalizeIso3, resolveLegacyLang } from '../../synthesis/text/languages.js';
import { UsageError } from './usage-error.js';

/** Sentences from which a progress bar is worth drawing. */
const progressThreshold = 8;

function languageOption(value: string | undefined): string | null {
  if (!value || value === 'auto') return null;
  const code = normalizeIso3(value) ?? resolveLegacyLang(value.toLowerCase(), 'audio_file');
  if (!code || code === 'auto') throw new UsageError(`unknown language "${value}"`);
  return code;
}

/** `orator say`: offline synthesis to a file, no server or database needed. */
export async function sayCommand(config: Config, argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      file: { type: 'string' },
      voice: { type: 'string' },
      lang: { type: 'string' },
      model: { type: 'string' },
      format: { type: 'string', default: 'wav' },
      out: { type: 'string' },
    },
  });
  const text = values.file ? await readFile(values.file, 'utf8') : positionals.join(' ');
  if (!text.trim()) throw new UsageError('say needs TEXT or --file F');
  if (!values.out) throw new UsageError('say needs --out FILE');
  const format = values.format as AudioFormat;
  if (!['wav', 'mp3'].includes(format)) throw new UsageError('--format is wav or mp3');
  const requested = languageOption(values.lang);
  const language = requested ?? detectLanguage(text) ?? 'eng';
  const voice = values.voice ? findVoiceByAnyName(values.voice) : defaultVoiceFor(language);
  if (!voice) throw new UsageError(`unknown voice "${values.voice}" (see: orator voices)`);
  const models = modelsOf(voice).map((m) => m.version);
  const model = (values.model ?? models.at(-1)) as TtsModel;
  if (!ttsModels.includes(model) || !models.includes(model)) throw new UsageError(`voice ${voice.slug} has models ${models.join(', ')}`);

  const pool = new SynthesisPool(config.synthWorkers);
  const bar = new cliProgress.SingleBar({ format: 'speaking [{bar}] {value}/{total} sentences', clearOnComplete: true }, cliProgress.Presets.shades_classic);
  let barStarted = false;
  try {
    const speech = await new Synthesizer(pool).synthesize(
      { text, language, render: (lang) => renderCatalogVoice(voice, model, { preset: 'normal', intensity: 1 }, lang), output: { ...defaultOutput, format } },
      (done, total) => {
        if (total < progressThreshold || !process.stderr.isTTY) return;
        if (!barStarted) bar.start(total, 0);
        barStarted = true;
        bar.update(done);
      },
    );
    if (barStarted) bar.stop();
    await writeFile(values.out, speech.audio);
    console.error(`${values.out}: ${speech.duration.toFixed(2)} s, ${speech.sampleRate} Hz ${format}, ${voice.name.eng} (${voice.slug}, ${model}), ${speech.language}`);
  } finally {
    await pool.close();
  }
}
