/** Mono Float32 PCM in [-1, 1] and its sample rate: the one currency of every synthesis stage. */
export interface Pcm {
  samples: Float32Array;
  sampleRate: number;
}

/** A spoken word: where it sits in the text it came from, and where it sits in the audio. */
export interface WordTiming {
  text: string;
  /** Character offset (UTF-16 code units) into the text the word was taken from. */
  offset: number;
  /** Length in UTF-16 code units. */
  length: number;
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
}

/** Audio plus its word timings; every stage after the engine keeps `words` true to `pcm`. */
export interface TimedPcm extends Pcm {
  words: WordTiming[];
}

export function durationOf(pcm: Pcm): number {
  return pcm.samples.length / pcm.sampleRate;
}
