import { createHash } from 'node:crypto';
import { defaultEspeakParameters, type EspeakParameters, type EspeakRuntime } from '../../../../src/synthesis/engines/espeak/espeak-runtime.js';
import { japaneseSpokenText } from '../../../../src/synthesis/engines/espeak/japanese-reading.js';
import { espeakLanguages, espeakVoiceFor } from '../../../../src/synthesis/engines/espeak/languages.js';
import { verbatimSpokenText } from '../../../../src/synthesis/engines/espeak/spoken-text.js';
import { everyLanguageSentences } from '../every-language-sentences.js';

/** One fixed synthesis whose samples, events and IPA are compared between eSpeak NG builds. */
export interface ReferenceCase {
  name: string;
  /** The ISO 639-3 language the text is in (decides the Japanese reading step). */
  language: string;
  voice: string;
  text: string;
  parameters: EspeakParameters;
}

/** What a build gives for a case, as hashes (the fixture stays small). */
export interface ReferenceResult {
  samples: number;
  samplesSha256: string;
  eventsSha256: string;
  ipaSha256: string;
  ipa: string;
}

const english = 'On 3 May 2024, Dr. Smith paid $1,250.75 for 12 items — that is 8.5% more than last year!';

/** Every language's sentence with its own voice, then English through variants, prosody and numbers. */
export function referenceCases(): ReferenceCase[] {
  const cases: ReferenceCase[] = espeakLanguages.map((language) => ({
    name: language,
    language,
    voice: espeakVoiceFor(language)!,
    text: everyLanguageSentences[language],
    parameters: defaultEspeakParameters,
  }));
  for (const variant of ['f3', 'm3', 'whisper', 'croak', 'klatt', 'klatt3', 'Annie', 'm2']) {
    cases.push({ name: `eng+${variant}`, language: 'eng', voice: `en-us+${variant}`, text: everyLanguageSentences.eng, parameters: defaultEspeakParameters });
  }
  cases.push({ name: 'eng numbers', language: 'eng', voice: 'en-us', text: english, parameters: defaultEspeakParameters });
  cases.push({ name: 'eng fast high', language: 'eng', voice: 'en', text: english, parameters: { rate: 320, pitch: 80, range: 90, volume: 60 } });
  cases.push({ name: 'kor slow low', language: 'kor', voice: 'ko+f2', text: everyLanguageSentences.kor, parameters: { rate: 110, pitch: 20, range: 30, volume: 150 } });
  return cases;
}

function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Synthesizes and phonemizes one case with `runtime`, as the engine and the neural voices do. */
export async function runReferenceCase(runtime: EspeakRuntime, reference: ReferenceCase): Promise<ReferenceResult> {
  const spoken = reference.language === 'jpn' ? await japaneseSpokenText(reference.text) : verbatimSpokenText(reference.text);
  const { samples, events } = runtime.synthesize(reference.voice, spoken.ssml, reference.parameters);
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) pcm[i] = Math.round(samples[i] * 32768);
  const eventText = events.map((e) => `${e.type} ${e.text_position} ${e.word_length} ${e.audio_position}`).join('\n');
  const ipa = runtime.phonemize(reference.voice.split('+')[0], reference.text).join(' | ');
  return {
    samples: samples.length,
    samplesSha256: sha256(new Uint8Array(pcm.buffer)),
    eventsSha256: sha256(eventText),
    ipaSha256: sha256(ipa),
    ipa,
  };
}
