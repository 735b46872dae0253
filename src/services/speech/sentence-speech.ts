import type { WordTiming } from '../../synthesis/audio.js';
import { unmarkedSpoken } from '../../synthesis/phonemes/phoneme-marks.js';
import { encodeWavPcm16 } from '../../synthesis/encoders/wav.js';
import type { SpeechRequest, SynthesizedSpeech } from '../../synthesis/pipeline/speech-request.js';
import { sentencePauseSeconds, type SpokenSentence, type Synthesizer } from '../../synthesis/pipeline/synthesizer.js';
import { joinSpoken, writtenWords } from '../../synthesis/pipeline/written-words.js';

/**
 * A short piece of speech (a stream-input chunk: a sentence, seldom more) rendered the way a
 * stream renders it, one pool task a sentence, and joined here with the pause a whole answer puts
 * between sentences. A whole answer's path adds a second pool task (the finishing stage) that a
 * piece with default output controls does not need, and a task more is a wait more on a busy
 * machine. Word timings are the written text's and the spoken text's, as a whole answer has them.
 */
export async function speakBySentences(synthesizer: Synthesizer, request: SpeechRequest & { language: string }): Promise<SynthesizedSpeech> {
  const sentences: SpokenSentence[] = [];
  for await (const sentence of synthesizer.sentences(request)) sentences.push(sentence);
  const sampleRate = sentences[0].sampleRate;
  const pause = Math.round((sentencePauseSeconds / request.output.tempo) * sampleRate);
  const length = sentences.reduce((n, s) => n + s.samples.length, 0) + pause * (sentences.length - 1);
  const samples = new Float32Array(length);
  const plans = sentences.map((s) => s.plan);
  const spoken = joinSpoken(plans);
  const spokenWords: WordTiming[] = [];
  let at = 0;
  for (const [i, sentence] of sentences.entries()) {
    samples.set(sentence.samples, at);
    const shift = at / sampleRate;
    for (const word of sentence.words) spokenWords.push({ ...word, offset: word.offset + spoken.offsets[i], start: word.start + shift, end: word.end + shift });
    at += sentence.samples.length + pause;
  }
  return {
    audio: encodeWavPcm16({ samples, sampleRate }),
    contentType: 'audio/wav',
    sampleRate,
    duration: length / sampleRate,
    language: request.language,
    words: writtenWords(spokenWords, plans, spoken.offsets),
    spoken: unmarkedSpoken(spoken.text, spokenWords),
  };
}
