import type { AudioEncoding } from '../../synthesis/encoders/codec-encoder.js';
import { elevenLabsErrors } from './elevenlabs-error.js';

/** ElevenLabs' `output_format` when a request names none. */
export const defaultOutputFormat = 'mp3_44100_128';

/**
 * Every `output_format` ElevenLabs' client offers (`codec_rate[_kbps]`), and how Orator encodes
 * it. All are taken: the rates are resampled from the synthesis, the bitrates are LAME's and
 * libopus's own settings.
 */
const formats: Readonly<Record<string, AudioEncoding>> = Object.fromEntries([
  ...[
    [22050, 32],
    [24000, 48],
    [44100, 32],
    [44100, 64],
    [44100, 96],
    [44100, 128],
    [44100, 192],
  ].map(([rate, kbps]) => [`mp3_${rate}_${kbps}`, { codec: 'mp3', sampleRate: rate, bitrateKbps: kbps }]),
  ...[8000, 16000, 22050, 24000, 32000, 44100, 48000].flatMap((rate) => [
    [`pcm_${rate}`, { codec: 'pcm', sampleRate: rate, bitrateKbps: null }],
    [`wav_${rate}`, { codec: 'wav', sampleRate: rate, bitrateKbps: null }],
  ]),
  ['ulaw_8000', { codec: 'ulaw', sampleRate: 8000, bitrateKbps: null }],
  ['alaw_8000', { codec: 'alaw', sampleRate: 8000, bitrateKbps: null }],
  ...[32, 64, 96, 128, 192].map((kbps) => [`opus_48000_${kbps}`, { codec: 'opus', sampleRate: 48000, bitrateKbps: kbps }]),
]);

/** The names `output_format` takes, in the order docs/elevenlabs.md lists them. */
export const outputFormatNames: readonly string[] = Object.keys(formats);

export interface OutputFormat extends AudioEncoding {
  name: string;
}

/** `output_format` (absent: mp3_44100_128) → its encoding; anything else is ElevenLabs' 422, naming the value. */
export function parseOutputFormat(name: string | null | undefined): OutputFormat {
  const chosen = name ?? defaultOutputFormat;
  if (!Object.hasOwn(formats, chosen)) {
    throw elevenLabsErrors.invalid('invalid_output_format', `output_format '${chosen}' is not supported. Supported formats: ${outputFormatNames.join(', ')}.`);
  }
  return { name: chosen, ...formats[chosen] };
}
