import type { Pcm, TimedPcm } from '../audio.js';
import { concatTimed, layOutPieces } from '../dsp/concat.js';
import { cutAtMaxLength } from '../dsp/cut.js';
import { fitDuration } from '../dsp/fit-duration.js';
import { applyGain } from '../dsp/gain.js';
import { normalizeLoudness } from '../dsp/loudness.js';
import { resample } from '../dsp/resample.js';
import { encodeMp3 } from '../encoders/mp3.js';
import { encodeWavMulaw, encodeWavPcm16, encodeWavPcm16Placed } from '../encoders/wav.js';
import type { OutputSpec } from '../pipeline/speech-request.js';
import type { FinishTask, FinishedSpeech } from './tasks.js';

/** μ-law is G.711 telephony: 8 kHz whatever rate the rest of the pipeline ran at. */
const mulawRate = 8000;

export async function encodeAudio(pcm: Pcm, output: OutputSpec): Promise<Uint8Array> {
  if (output.format === 'mp3') return encodeMp3(pcm, { bitrate: output.mp3Bitrate });
  if (output.format === 'mulaw') return encodeWavMulaw(pcm.sampleRate === mulawRate ? pcm : await resample(pcm, mulawRate));
  return encodeWavPcm16(pcm);
}

/** Whole-speech stages, in an order that keeps each one's promise: length first, level last. */
export async function finishSpeech(task: FinishTask): Promise<FinishedSpeech> {
  const { output } = task;
  if (output.format === 'wav' && output.durationSeconds === null && output.maxSeconds === null && output.targetLufs === null && output.volume === 1) {
    // Nothing acts on the whole speech: the pieces go straight into the WAV, never joined as floats.
    const layout = layOutPieces(task.pieces, { pauses: task.pauses, textOffsets: task.textOffsets });
    const pieces = task.pieces.map((p) => p.samples);
    const audio = encodeWavPcm16Placed(layout.sampleRate, layout.length, pieces, layout.starts);
    return { audio, sampleRate: layout.sampleRate, duration: layout.length / layout.sampleRate, words: layout.words };
  }
  let speech: TimedPcm = concatTimed(task.pieces, { pauses: task.pauses, textOffsets: task.textOffsets });
  if (output.durationSeconds !== null) speech = await fitDuration(speech, output.durationSeconds);
  else if (output.maxSeconds !== null) speech = cutAtMaxLength(speech, output.maxSeconds);
  if (output.targetLufs !== null) speech = normalizeLoudness(speech, output.targetLufs);
  else if (output.volume !== 1) speech = applyGain(speech, output.volume);
  const audio = await encodeAudio(speech, output);
  return { audio, sampleRate: output.format === 'mulaw' ? mulawRate : speech.sampleRate, duration: speech.samples.length / speech.sampleRate, words: speech.words };
}
