import { findVoiceByAnyName } from '../../src/synthesis/catalog/find-voice.js';
import { ffmpegSeconds, ffprobeStream } from '../synthesis/ffmpeg-decode.js';

/** A built-in voice every image has. */
export const builtInVoice = `tc_${findVoiceByAnyName('eng-olivia')!.id}`;
export const builtInActor = findVoiceByAnyName('eng-olivia')!.id;

export const sampleText =
  'This is my own voice, recorded for a clone. I read a few calm sentences, so the sample is long enough. Then the clone should sound like me after every restart.';

/** POST /v1/text-to-speech (current interface, X-API-KEY); throws with the answer unless 200. */
export async function textToSpeech(baseUrl: string, key: string, voiceId: string, text: string): Promise<Uint8Array> {
  const res = await fetch(`${baseUrl}/v1/text-to-speech`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ voice_id: voiceId, model: 'ssfm-v30', language: 'eng', text }),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`text-to-speech answered ${res.status}: ${Buffer.from(bytes).toString('utf8').slice(0, 300)}`);
  return bytes;
}

/** What Debian's ffprobe and ffmpeg make of the bytes: "wav pcm_s16le 44100 Hz, 3.2 s". Throws below `minSeconds`. */
export async function describeAudio(bytes: Uint8Array, minSeconds = 1): Promise<string> {
  const stream = await ffprobeStream(bytes);
  const seconds = await ffmpegSeconds(bytes);
  if (seconds < minSeconds) throw new Error(`only ${seconds.toFixed(2)} s of audio decoded (${stream.format} ${stream.codec})`);
  return `${stream.format} ${stream.codec} ${stream.sampleRate} Hz, ${seconds.toFixed(1)} s decoded by ffmpeg`;
}
