/**
 * Danish and Norwegian Bokmål share most of their spelling, so their n-gram scores can come
 * within a hair of each other. A handful of everyday words differ and settle it: the pronouns
 * (mig/meg), prepositions (af/av), the infinitive marker (at/å) and common verb forms.
 */
const danishMarkers = new Set([
  'mig', 'dig', 'sig', 'af', 'efter', 'nogen', 'noget', 'hvad', 'meget', 'nu', 'blive', 'bliver',
  'gøre', 'gør', 'købe', 'havde', 'gik', 'tak', 'lige', 'rigtig', 'sådan', 'spørgsmål', 'bog',
]);

const norwegianMarkers = new Set([
  'meg', 'deg', 'seg', 'av', 'etter', 'noen', 'noe', 'hva', 'mye', 'nå', 'bli', 'blir', 'gjøre',
  'gjør', 'kjøpe', 'hadde', 'gikk', 'takk', 'veldig', 'riktig', 'sånn', 'spørsmål', 'bok', 'å', 'ikkje',
]);

/** 'dan' or 'nor' when the marker words lean one way, null when they do not. */
export function danishOrNorwegian(text: string): 'dan' | 'nor' | null {
  let danish = 0;
  let norwegian = 0;
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (danishMarkers.has(word)) danish++;
    if (norwegianMarkers.has(word)) norwegian++;
  }
  if (danish === norwegian) return null;
  return danish > norwegian ? 'dan' : 'nor';
}
