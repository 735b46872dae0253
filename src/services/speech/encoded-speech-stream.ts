/**
 * Encoded audio under way, as the OpenAI and ElevenLabs skins hand it to their routes: the first
 * sentence is rendered, so refusals came before any byte.
 */
export interface EncodedSpeechStream {
  contentType: string;
  /** Credits charged (characters of the text). */
  credits: number;
  /** Encoded audio, sentence by sentence; iterate once. */
  chunks(): AsyncGenerator<Uint8Array>;
  /** The listener left: stop, free the slot, give back what was not sent. */
  cancel(): Promise<void>;
}
