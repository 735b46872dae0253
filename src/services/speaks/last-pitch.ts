import type { WordTiming } from '../../synthesis/audio.js';
import { decodeWav } from '../../synthesis/decoders/wav.js';
import { shiftPitch } from '../../synthesis/dsp/time-pitch.js';
import { planSentences } from '../../synthesis/pipeline/plan-sentences.js';
import { contentTypeOf, type SpeechRequest, type SynthesizedSpeech } from '../../synthesis/pipeline/speech-request.js';
import type { Synthesizer } from '../../synthesis/pipeline/synthesizer.js';
import { joinSpoken } from '../../synthesis/pipeline/written-words.js';
import { encodeAudio } from '../../synthesis/pool/finish-speech.js';
import { lastPitchStepSemitones } from './speak-order.js';

/** Sound kept around a word when its pitch moves: the onset before it and the release after it. */
const leadSeconds = 0.02;
const tailSeconds = 0.06;
/** Cross-fade between the original and the shifted sound at both edges, so the splice does not click. */
const fadeSeconds = 0.015;

/**
 * Synthesizes a request, then applies `last_pitch` as a stage after the core: the synthesis
 * pool does not implement `OutputSpec.lastPitch` yet, so the speech is made as PCM WAV, the last
 * word of each sentence is pitch-shifted (2 semitones per step) and spliced back with short
 * cross-fades, and the result is encoded in the format asked for. Durations and word times do
 * not change. Runs on the calling thread; it only touches a few words, but MP3 encoding of the
 * whole speech happens here too, which is why this path is taken only when last_pitch ≠ 0.
 */
export async function synthesizeWithLastPitch(synthesizer: Synthesizer, request: SpeechRequest): Promise<SynthesizedSpeech> {
  const steps = request.output.lastPitch;
  if (steps === 0) return synthesizer.synthesize(request);
  const { output } = request;
  const pcmRate = output.format === 'mulaw' ? 8000 : output.sampleRate;
  const speech = await synthesizer.synthesize({ ...request, output: { ...output, format: 'wav', sampleRate: pcmRate, lastPitch: 0 } });
  const pcm = decodeWav(speech.audio);
  const samples = pcm.samples.slice();
  for (const word of lastWordsOfSentences(request.text, speech)) {
    await shiftSpan(samples, pcm.sampleRate, word.start - leadSeconds, word.end + tailSeconds, steps * lastPitchStepSemitones);
  }
  const audio = await encodeAudio({ samples, sampleRate: pcm.sampleRate }, output);
  return { ...speech, audio, contentType: contentTypeOf(output.format), sampleRate: pcmRate };
}

/** The last spoken word of each sentence, found by the sentence offsets the synthesizer joined the spoken text with. */
export function lastWordsOfSentences(text: string, speech: SynthesizedSpeech): WordTiming[] {
  const { offsets } = joinSpoken(planSentences(text, speech.language));
  const last: WordTiming[] = [];
  for (let s = 0; s < offsets.length; s++) {
    const from = offsets[s];
    const to = s + 1 < offsets.length ? offsets[s + 1] : Infinity;
    const inSentence = speech.spoken.words.filter((w) => w.offset >= from && w.offset < to && w.end > w.start);
    if (inSentence.length > 0) last.push(inSentence.reduce((a, b) => (b.offset > a.offset ? b : a)));
  }
  return last;
}

async function shiftSpan(samples: Float32Array, sampleRate: number, startSeconds: number, endSeconds: number, semitones: number): Promise<void> {
  const start = Math.max(0, Math.floor(startSeconds * sampleRate));
  const end = Math.min(samples.length, Math.ceil(endSeconds * sampleRate));
  if (end - start < sampleRate * 0.03) return;
  const original = samples.slice(start, end);
  const shifted = (await shiftPitch({ samples: original, sampleRate, words: [] }, semitones)).samples;
  const fade = Math.min(Math.round(fadeSeconds * sampleRate), Math.floor(original.length / 4));
  for (let i = 0; i < original.length; i++) {
    const w = i < fade ? (i + 1) / (fade + 1) : i >= original.length - fade ? (original.length - i) / (fade + 1) : 1;
    samples[start + i] = original[i] * (1 - w) + shifted[i] * w;
  }
}
