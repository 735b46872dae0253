/** Texts the benchmarks speak, the same in every table so figures compare. */

export const english300 =
  'Orator turns text into speech on your own machine. It reads numbers like 42 and 3.5 percent, ' +
  'handles abbreviations such as Dr. and Mr., and keeps every word in time with the audio. ' +
  'Long texts are split into sentences, spoken in parallel, and joined again without a seam.';

/** About `n` characters of English prose in many sentences, ending on a whole word. */
export function englishText(n: number): string {
  const sentences = [
    'The morning light spread slowly across the quiet valley.',
    'A small boat drifted near the shore while the birds were singing.',
    'She opened the old book and began to read the first chapter aloud.',
    'Nobody expected the storm to arrive so early in the season.',
    'We walked along the river and talked about the years to come.',
  ];
  let text = '';
  for (let i = 0; text.length < n; i++) text += (text ? ' ' : '') + sentences[i % sentences.length];
  return text.slice(0, n).replace(/\s+\S*$/, '.');
}
