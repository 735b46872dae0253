/**
 * What base voices read while a profile is fitted: everyday English with a natural mix of vowels,
 * voiced and unvoiced consonants, questions and statements. Sentences are rendered one by one,
 * as the pipeline renders them, so the figures match what synthesis will produce.
 */
export const calibrationSentences: readonly string[] = [
  'The old lighthouse keeper climbed the winding stairs every evening to light the lamp.',
  'Would you mind closing the window before the rain comes in?',
  'She bought seven yellow pears, a loaf of brown bread and some fresh cheese at the market.',
  'Nobody expected the river to rise so quickly after only two days of heavy storms.',
  'My brother usually walks the dog along the beach while the sun is going down.',
];
