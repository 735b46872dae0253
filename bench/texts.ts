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

function repeatedSentences(sentences: string[], n: number, separator: string): string {
  let text = '';
  for (let i = 0; text.length < n; i++) text += (text ? separator : '') + sentences[i % sentences.length];
  return text.slice(0, n);
}

/** About `n` characters of Korean prose (Hangul), in sentences. */
export function koreanText(n: number): string {
  return repeatedSentences(
    [
      '오늘은 날씨가 좋아서 공원에 산책하러 갑니다.',
      '아침 햇살이 조용한 마을 위로 천천히 퍼졌습니다.',
      '그녀는 오래된 책을 펴고 첫 장을 소리 내어 읽기 시작했습니다.',
      '우리는 강을 따라 걸으며 앞으로의 계획에 대해 이야기했습니다.',
    ],
    n,
    ' ',
  );
}

/** About `n` characters of Japanese prose (kanji and kana), in sentences. */
export function japaneseText(n: number): string {
  return repeatedSentences(
    [
      '今日は天気がいいので、公園を散歩します。',
      '朝の光が静かな村の上にゆっくりと広がりました。',
      '彼女は古い本を開いて、最初の章を声に出して読み始めました。',
      '私たちは川に沿って歩きながら、これからのことを話しました。',
    ],
    n,
    '',
  );
}
