import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultVoiceFor, findVoiceByAnyName } from '../../synthesis/catalog/find-voice.js';
import { modelsOf } from '../../synthesis/catalog/voice-models.js';
import { ttsModels, type TtsModel } from '../../synthesis/catalog/voice-types.js';
import { renderCatalogVoice } from '../../synthesis/pipeline/render-voice.js';
import { defaultOutput, type AudioFormat } from '../../synthesis/pipeline/speech-request.js';
import { Synthesizer } from '../../synthesis/pipeline/synthesizer.js';
import { SynthesisPool } from '../../synthesis/pool/synthesis-pool.js';
import { detectLanguage } from '../../synthesis/text/detect-language.js';
import { normalizeIso3, resolveLegacyLang } from '../../synthesis/text/languages.js';
import { parseCommandArgs, type Command } from './command.js';
import { SayProgress } from './say-progress.js';
import { UsageError } from './usage-error.js';

function languageOption(value: string | undefined): string | null {
  if (!value || value === 'auto') return null;
  const code = normalizeIso3(value) ?? resolveLegacyLang(value.toLowerCase(), 'audio_file');
  if (!code || code === 'auto') throw new UsageError(`unknown language "${value}"`);
  return code;
}

const help = `usage: orator say TEXT --out FILE [options]
       orator say --file F --out FILE [options]

  synthesizes offline (no server, no database) and writes an audio file
  --out FILE        where to write; its extension (.wav, .mp3) picks the format
  --file F          read the text from F instead of the arguments
  --voice ID        a voice id, slug or name (see: orator voices); default: one for the language
  --lang L          ISO 639-3 or a legacy code; default: detected from the text
  --model M         one of the voice's models; default: its newest
  --format wav|mp3  the format, whatever the extension says`;

const formats: AudioFormat[] = ['wav', 'mp3'];

/** The format --format names, else the one the file's extension names. */
function formatFor(out: string, requested: string | undefined): AudioFormat {
  if (requested) {
    if (!formats.includes(requested as AudioFormat)) throw new UsageError(`say: --format is ${formats.join(' or ')}, not "${requested}"`, help);
    return requested as AudioFormat;
  }
  const extension = path.extname(out).slice(1).toLowerCase();
  if (formats.includes(extension as AudioFormat)) return extension as AudioFormat;
  throw new UsageError(`say: cannot tell the format from "${out}": name it .wav or .mp3, or give --format`, help);
}

/** `orator say`: offline synthesis to a file, no server or database needed. */
export const sayCommand: Command = {
  name: 'say',
  summary: 'synthesize a text to a WAV or MP3 file, offline',
  help,
  async run(argv, config) {
    const { values, positionals } = parseCommandArgs({ name: 'say', help }, argv, {
      file: { type: 'string' },
      voice: { type: 'string' },
      lang: { type: 'string' },
      model: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
    }, Infinity);
    if (!values.out) throw new UsageError('say needs --out FILE', help);
    const format = formatFor(values.out, values.format);
    const text = values.file ? await readFile(values.file, 'utf8') : positionals.join(' ');
    if (!text.trim()) throw new UsageError('say needs TEXT or --file F', help);
    const requested = languageOption(values.lang);
    const language = requested ?? detectLanguage(text) ?? 'eng';
    const voice = values.voice ? findVoiceByAnyName(values.voice) : defaultVoiceFor(language);
    if (!voice) throw new UsageError(`unknown voice "${values.voice}" (see: orator voices)`);
    const models = modelsOf(voice).map((m) => m.version);
    const model = (values.model ?? models.at(-1)) as TtsModel;
    if (!ttsModels.includes(model) || !models.includes(model)) throw new UsageError(`voice ${voice.slug} has models ${models.join(', ')}`);

    const pool = new SynthesisPool(config.synthWorkers);
    const progress = new SayProgress(process.stderr.isTTY ? process.stderr : null);
    try {
      const speech = await new Synthesizer(pool).synthesize(
        { text, language, render: (lang) => renderCatalogVoice(voice, model, { preset: 'normal', intensity: 1 }, lang), output: { ...defaultOutput, format } },
        (done, total) => progress.update(done, total),
      );
      progress.stop();
      await writeFile(values.out, speech.audio);
      console.error(`${values.out}: ${speech.duration.toFixed(2)} s, ${speech.sampleRate} Hz ${format}, ${voice.name.eng} (${voice.slug}, ${model}), ${speech.language}`);
    } finally {
      progress.stop();
      await pool.close();
    }
  },
};
