import type { EmotionPreset } from '../../synthesis/catalog/voice-types.js';
import type { EmotionChoice } from '../../synthesis/pipeline/render-voice.js';
import { checkSpokenLength, resolveLanguage, SpokenTextTooLongError } from '../../synthesis/pipeline/plan-sentences.js';
import type { SpeechRequest } from '../../synthesis/pipeline/speech-request.js';
import { hasSpeakableContent } from '../../synthesis/text/speakable.js';
import { readSpeechText, type SpeechText } from '../../text/ssml/read-ssml.js';
import { SsmlError } from '../../text/ssml/ssml-error.js';
import { applyPronunciation, phonemeReadings, spansOnSpokenText, wordsOnWrittenText, type Replacement } from '../../text/pronunciation/apply-pronunciation.js';
import type { PronunciationSource } from '../pronunciation-dictionaries/pronunciation-dictionary-service.js';
import type { SynthesizedSpeech } from '../../synthesis/pipeline/speech-request.js';
import type { ResolvedVoice, VoiceResolver } from '../voices/voice-resolver.js';
import { actorVersions, findActorVersion, type ActorVersion } from './actor-versions.js';
import { emotionFromPrompt } from './emotion-prompt.js';
import { rejections } from './errors.js';
import { engineRateOf, outputSpecOf, type SpeakOrder } from './speak-order.js';

/** The built-in voice an uploaded sample speaks with, and how far to move its pitch towards the sample. */
export interface ResourceVoice {
  voiceId: string;
  /** Semitones added to the voice's own pitch. */
  pitchOffset: number;
}

/** Uploaded samples (`tts_mode: audio_file`) → the voice that speaks for them; rejects unusable ones. */
export interface ResourceVoiceSource {
  voiceFor(uid: string, speakResourceId: string): Promise<ResourceVoice>;
}

export interface PreparedSpeech {
  request: SpeechRequest;
  version: ActorVersion;
  /** The actor that speaks (the matched built-in voice in audio_file mode). */
  actorId: string;
  /**
   * The text as written (an SSML document's spoken text, before the default pronunciation
   * dictionaries' aliases): billed and timed. `request.text` is what the engine reads.
   */
  written: { text: string; replacements: Replacement[] };
}

export interface SpeechDeps {
  voices: VoiceResolver;
  resources: ResourceVoiceSource;
  /** The account's default pronunciation dictionaries apply here too (none when absent). */
  pronunciation?: PronunciationSource;
}

const ACTOR_ID = /^[0-9a-f]{24}$/;

/**
 * Checks an order against what exists (actor, version, emotion, upload) and turns it into a
 * synthesis request. Runs when the speak is created, so a bad order is a 400 at once, and again
 * in the job, which needs the request itself. `lengthChecked`: the text already passed the spoken
 * length check (the job's speak was checked when it was created, and its text never changes), so
 * it is not normalized once more only to be measured.
 */
export async function prepareSpeech(order: SpeakOrder, uid: string, deps: SpeechDeps, options: { lengthChecked?: boolean } = {}): Promise<PreparedSpeech> {
  let voice: ResolvedVoice | null;
  let pitchOffset = 0;
  if (order.mode === 'actor') {
    const actorId = order.actorId ?? '';
    voice = ACTOR_ID.test(actorId) ? await deps.voices.resolve(uid, `tc_${actorId}`) : null;
    if (!voice) throw rejections.invalid('actor_id', 'No actor with this actor_id');
  } else {
    const matched = await deps.resources.voiceFor(uid, order.speakResourceId ?? '');
    voice = await deps.voices.resolve(uid, matched.voiceId);
    if (!voice) throw rejections.invalid('speak_resource_id', 'The uploaded voice cannot be used');
    pitchOffset = matched.pitchOffset;
  }
  const said = speechTextOf(order);
  if (!hasSpeakableContent(said.text)) throw rejections.invalid('text', 'text has nothing that can be spoken');
  const dictionaries = deps.pronunciation ? await deps.pronunciation.forSynthesis(uid) : { rules: [] };
  const pronounced = applyPronunciation(said.text, dictionaries.rules, phonemeReadings(said));
  const spans = said.spans ? spansOnSpokenText(said.spans, pronounced.replacements) : undefined;
  try {
    if (!options.lengthChecked) checkSpokenLength(pronounced.spoken, resolveLanguage(said.text, order.language));
  } catch (error) {
    if (error instanceof SpokenTextTooLongError) throw rejections.invalid('text', error.message);
    throw error;
  }
  const resolved = voice;
  const version = findActorVersion(actorVersions(resolved.models), order.modelVersion);
  if (!version) throw rejections.invalid('model_version', `This actor has no model version "${order.modelVersion}"`);
  const emotion = emotionOf(order, version);
  const rate = engineRateOf(order);
  return {
    version,
    actorId: resolved.voiceId.replace(/^tc_/, ''),
    written: { text: said.text, replacements: pronounced.replacements },
    request: {
      text: pronounced.spoken,
      ...(spans ? { spans } : {}),
      // Detected on the text as written: marked IPA (a phoneme rule) would pass for another language's letters.
      language: order.language ?? (pronounced.replacements.length > 0 ? resolveLanguage(said.text, null) : null),
      render: (language) => {
        const rendering = resolved.render(version.model, emotion, language);
        return { ...rendering, prosody: { ...rendering.prosody, rate: rendering.prosody.rate * rate, pitch: rendering.prosody.pitch + pitchOffset } };
      },
      output: outputSpecOf(order),
    },
  };
}

/** A synthesis's words moved from the text the engine read onto the text as written. */
export function onWrittenText(speech: SynthesizedSpeech, prepared: PreparedSpeech): SynthesizedSpeech {
  const { text, replacements } = prepared.written;
  if (replacements.length === 0) return speech;
  return { ...speech, words: wordsOnWrittenText(speech.words, text, replacements) };
}

/** The spoken text of an order (SSML read); a document it cannot read is refused as an invalid text. */
function speechTextOf(order: SpeakOrder): SpeechText {
  try {
    return readSpeechText(order.text, order.language);
  } catch (error) {
    if (error instanceof SsmlError) throw rejections.invalid('text', error.message);
    throw error;
  }
}

function emotionOf(order: SpeakOrder, version: ActorVersion): EmotionChoice {
  if (order.emotionPreset === 'emotion-prompt') {
    if (!version.emotionPrompt) throw rejections.invalid('emotion_tone_preset', `Model version ${version.name} takes no emotion prompt`);
    if (!order.emotionPrompt) throw rejections.missing('emotion_prompt');
    return emotionFromPrompt(order.emotionPrompt);
  }
  const preset = (order.emotionPreset ?? 'normal') as EmotionPreset;
  if (!version.emotions.includes(preset)) {
    throw rejections.invalid('emotion_tone_preset', `Model version ${version.name} has no emotion "${order.emotionPreset}"`);
  }
  return { preset, intensity: 1 };
}
