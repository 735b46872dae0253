const letterOrDigit = /[\p{L}\p{N}]/u;

/**
 * Whether a text has anything to say: at least one letter or digit, of any script. Text of only
 * punctuation, symbols or emoji is not speakable; the API answers it with TEXT_NOT_SYNTHESIZABLE
 * (current interface) or app/invalid/text (earlier interface).
 */
export function hasSpeakableContent(text: string): boolean {
  return typeof text === 'string' && letterOrDigit.test(text);
}
