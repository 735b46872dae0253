import type { SpeechRequest } from './request.js';

export type SnippetKind = 'curl' | 'js' | 'python' | 'elevenlabs';

/**
 * The request on screen as a ready call against this server, in four dialects (the last through
 * ElevenLabs' client, docs/elevenlabs.md). The key is read from the `TYPECAST_API_KEY`
 * environment variable, never written into the snippet.
 */
export function snippet(kind: SnippetKind, request: SpeechRequest, base: string): string {
  const file = `speech.${request.output.audio_format ?? 'wav'}`;
  if (kind === 'curl') return curl(request, base, file);
  if (kind === 'js') return javascript(request, base);
  if (kind === 'elevenlabs') return elevenLabs(request, base, file);
  return python(request, base, file);
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function curl(request: SpeechRequest, base: string, file: string): string {
  return [
    `curl -sS --fail-with-body -X POST ${shellQuote(`${base}/v1/text-to-speech`)} \\`,
    `  -H "X-API-KEY: $TYPECAST_API_KEY" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(JSON.stringify(request))} \\`,
    `  -o ${file}`,
  ].join('\n');
}

function javascript(request: SpeechRequest, base: string): string {
  return [
    `import { TypecastClient } from '@neosapience/typecast-js';`,
    `import { writeFile } from 'node:fs/promises';`,
    ``,
    `const client = new TypecastClient({ baseHost: ${JSON.stringify(base)}, apiKey: process.env.TYPECAST_API_KEY });`,
    `const audio = await client.textToSpeech(${JSON.stringify(request, null, 2)});`,
    'await writeFile(`speech.${audio.format}`, Buffer.from(audio.audioData));',
    'console.log(`${audio.duration} s of ${audio.format}`);',
  ].join('\n');
}

function pyValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return 'None';
}

function pyCall(name: string, fields: Record<string, unknown>, indent: string): string {
  const args = Object.entries(fields).map(([k, v]) => `${k}=${pyValue(v)}`);
  return `${name}(${args.join(', ')})`.length < 88 - indent.length ? `${name}(${args.join(', ')})` : `${name}(\n${args.map((a) => `${indent}    ${a},`).join('\n')}\n${indent})`;
}

function python(request: SpeechRequest, base: string, file: string): string {
  const { prompt, output, ...rest } = request;
  const { emotion_type: kind, ...promptFields } = prompt;
  const promptClass = kind === 'smart' ? 'SmartPrompt' : kind === 'preset' ? 'PresetPrompt' : 'Prompt';
  const fields = Object.entries(rest).map(([k, v]) => `    ${k}=${pyValue(v)},`);
  return [
    `import os`,
    ``,
    `from typecast.client import Typecast`,
    `from typecast.models import TTSRequest, ${promptClass}, Output`,
    ``,
    `cli = Typecast(host=${JSON.stringify(base)}, api_key=os.environ["TYPECAST_API_KEY"])`,
    `response = cli.text_to_speech(TTSRequest(`,
    ...fields,
    `    prompt=${pyCall(promptClass, promptFields, '    ')},`,
    `    output=${pyCall('Output', output, '    ')},`,
    `))`,
    `with open(${JSON.stringify(file)}, "wb") as f:`,
    `    f.write(response.audio_data)`,
  ].join('\n');
}

/**
 * The same speech through @elevenlabs/elevenlabs-js: the tempo is `voice_settings.speed`, a smart
 * prompt is `style` with its context texts; what ElevenLabs' API has no field for (an emotion
 * preset, pitch, volume, loudness) is named in a comment and left out.
 */
function elevenLabs(request: SpeechRequest, base: string, file: string): string {
  const { output, prompt } = request;
  const options: Record<string, unknown> = { text: request.text, modelId: request.model };
  if (request.language) options.languageCode = request.language;
  options.outputFormat = output.audio_format === 'mp3' ? 'mp3_44100_128' : 'wav_44100';
  const settings: Record<string, number> = { speed: Number(output.audio_tempo ?? 1) };
  if (prompt.emotion_type === 'smart') {
    settings.style = 1;
    if (prompt.previous_text) options.previousText = prompt.previous_text;
    if (prompt.next_text) options.nextText = prompt.next_text;
  }
  options.voiceSettings = settings;
  if (request.seed !== undefined) options.seed = request.seed;
  const dropped = [
    prompt.emotion_type !== 'smart' && prompt.emotion_preset && prompt.emotion_preset !== 'normal' && `emotion ${prompt.emotion_preset}`,
    output.audio_pitch && `pitch ${output.audio_pitch}`,
    output.volume !== undefined && output.volume !== 100 && `volume ${output.volume}`,
    output.target_lufs !== undefined && `target_lufs ${output.target_lufs}`,
  ].filter(Boolean);
  return [
    `import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';`,
    `import { writeFile } from 'node:fs/promises';`,
    ``,
    ...(dropped.length ? [`// Not in ElevenLabs' API, so not in this call: ${dropped.join(', ')}.`] : []),
    `const client = new ElevenLabsClient({ baseUrl: ${JSON.stringify(base)}, apiKey: process.env.TYPECAST_API_KEY });`,
    `const audio = await client.textToSpeech.convert(${JSON.stringify(request.voice_id)}, ${JSON.stringify(options, null, 2)});`,
    `await writeFile(${JSON.stringify(file)}, Buffer.from(await new Response(audio).arrayBuffer()));`,
  ].join('\n');
}
