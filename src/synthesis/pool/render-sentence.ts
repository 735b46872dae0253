import type { TimedPcm } from '../audio.js';
import { changeTempo, shiftPitch } from '../dsp/time-pitch.js';
import { applyGain } from '../dsp/gain.js';
import type { EngineOutput, EngineVoice } from '../engines/engine.js';
import { espeakVoiceFor } from '../engines/espeak/languages.js';
import { hasPhonemeMarks } from '../phonemes/phoneme-marks.js';
import { engineFor } from '../engines/registered-engines.js';
import { shiftLastWordPitch } from '../prosody/last-word-pitch.js';
import { spaceSentences } from './space-sentences.js';
import { trimSilence } from './trim-silence.js';
import { atOutputRate } from './output-rate.js';
import { applyVoiceProfile } from '../adaptation/apply-profile.js';
import type { RenderedSentence, SentenceTask } from './tasks.js';

/** Engine → trim → DSP the engine could not do → resample → output pitch and tempo. */
export async function renderSentence(task: SentenceTask): Promise<RenderedSentence> {
  return finishSentence(task, await speakSentence(task));
}

/** The engine's part of a sentence task, apart so that a caller can ask for the next one before it finishes this one. */
export function speakSentence(task: SentenceTask): Promise<EngineOutput> {
  const voice = phonemeCapableVoice(task);
  const engine = engineFor(voice.engine);
  return engine.synthesize({ text: task.text, language: task.language, voice, prosody: task.prosody, seed: task.seed ?? 0 });
}

/**
 * Flite has no phoneme input Orator can reach (its WASI build reads text only), so an engine call
 * holding a phoneme (phoneme-marks.ts) is spoken by eSpeak NG's voice for the language instead;
 * the other calls of the request keep the Flite voice (docs/text.md).
 */
function phonemeCapableVoice(task: SentenceTask): EngineVoice {
  if (task.voice.engine !== 'flite' || !hasPhonemeMarks(task.text)) return task.voice;
  return { engine: 'espeak', id: espeakVoiceFor(task.language) ?? 'en-us' };
}

/** What follows the engine: trim, DSP the engine could not do, resample, output pitch and tempo. */
export async function finishSentence(task: SentenceTask, output: EngineOutput): Promise<RenderedSentence> {
  // The pause between sentences of one engine call is set before the DSP, which scales it as it
  // scales the speech: a rate the engine did not apply is undone here, the tempo is meant.
  const pause = (task.sentences?.pauseSeconds ?? 0) * (output.applied.rate ? 1 : task.prosody.rate);
  let speech: TimedPcm = task.sentences ? spaceSentences(output, task.sentences.starts, pause) : trimSilence(output);
  const missingPitch = output.applied.pitch ? unreachedPitch(task.prosody.pitch, output.achievedPitch) : task.prosody.pitch;
  if (!output.applied.rate && task.prosody.rate !== 1) speech = await changeTempo(speech, task.prosody.rate);
  if (!output.applied.volume && task.prosody.volume !== 1) speech = applyGain(speech, task.prosody.volume);
  if (task.profile) speech = applyVoiceProfile(speech, task.profile);
  if (speech.sampleRate !== task.sampleRate) speech = await atOutputRate(speech, task.sampleRate);
  if (task.lastPitch !== 0) speech = await shiftLastWordPitch(speech, task.lastPitch);
  const semitones = task.pitch + missingPitch;
  if (semitones !== 0) speech = await shiftPitch(speech, semitones);
  if (task.tempo !== 1) speech = await changeTempo(speech, task.tempo);
  return { samples: speech.samples, sampleRate: speech.sampleRate, words: speech.words };
}

/** Part of a pitch request the engine could not reach (eSpeak stops near ±10 semitones); small misses are left alone. */
function unreachedPitch(requested: number, achieved: number | undefined): number {
  if (achieved === undefined) return 0;
  const missing = requested - achieved;
  return Math.abs(missing) >= 1 ? missing : 0;
}
