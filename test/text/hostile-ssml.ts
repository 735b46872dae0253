import { seededRandom } from '../clients/generated-texts.js';

/**
 * SSML documents that must be refused: malformed XML, unknown elements and attributes, values out
 * of range, the voice element, entity tricks, nesting past the bound. Seeded, so a failure names
 * a document that comes back on every run.
 */
export function hostileSsml(count: number, seed = 20261128): string[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const word = () => pick(['Hello', 'world', 'fine', 'day', 'Orator', 'x']);
  const makers: (() => string)[] = [
    () => `<speak>${word()} <${pick(['b', 'voice', 'audio', 'amazon:effect', 'mstts:express-as', 'desc', 'script', 'speak'])}>${word()}</${'x'}>`,
    () => `<speak>${word()} <${pick(['foo', 'audio', 'amazon:effect', 'desc', 'lexicon', 'meta', 'speak', 'metadata'])}>${word()}</${'foo'}></speak>`.replace(/<\/foo>/u, (m) => m),
    () => {
      const name = pick(['foo', 'audio', 'amazon:effect', 'desc', 'lexicon', 'meta', 'speak', 'metadata', 'Prosody', 'BREAK']);
      return `<speak>${word()} <${name}>${word()}</${name}></speak>`;
    },
    () => `<speak><voice name="${word()}">${word()}</voice></speak>`,
    () => `<speak><break ${pick(['tim', 'duration', 'onclick', 'xml:lang', 'strength2'])}="1s"/>${word()}</speak>`,
    () => `<speak><break time="${pick(['11s', '-1s', '2', 'NaNs', 'Infinitys', '1e309s', '2 s', '10001ms', 'soon', ''])}"/>${word()}</speak>`,
    () => `<speak><break strength="${pick(['huge', 'xx-strong', '', 'MEDIUM'])}"/>${word()}</speak>`,
    () => `<speak><prosody rate="${pick(['10%', '500%', '-80%', '+150%', '0', '3', 'NaN', 'Infinity', 'fastest', '1e309', '-1', ''])}">${word()}</prosody></speak>`,
    () => `<speak><prosody pitch="${pick(['+13st', '-20st', '200Hz', '+50Hz', '+200%', '-100%', 'highest', '2', 'NaNst', ''])}">${word()}</prosody></speak>`,
    () => `<speak><prosody volume="${pick(['+20dB', '101', '-200%', 'loudest', 'NaNdB', '1e309dB', ''])}">${word()}</prosody></speak>`,
    () => `<speak>${'<prosody rate="150%">'.repeat(3)}${word()}${'</prosody>'.repeat(3)}</speak>`,
    () => `<speak><prosody ${pick(['duration', 'contour', 'range', 'speed'])}="1">${word()}</prosody></speak>`,
    () => `<speak><emphasis level="${pick(['huge', 'STRONG', ''])}">${word()}</emphasis></speak>`,
    () => `<speak><say-as interpret-as="${pick(['currency', 'time', 'unit', 'address', 'expletive', '', 'CHARACTERS'])}">${word()}</say-as></speak>`,
    () => `<speak><say-as interpret-as="${pick(['cardinal', 'ordinal', 'digits', 'telephone'])}">${pick(['abc', '', '1.5.x', '--', 'twelve'])}</say-as></speak>`,
    () => `<speak><say-as interpret-as="date" format="${pick(['mdy', 'dmy', 'ymd', 'qqq', 'yy'])}">${pick(['13/40/2024', '2024-02-30', '1/2', 'soon', '99-99-99'])}</say-as></speak>`,
    () => `<speak><say-as interpret-as="characters"><break/>${word()}</say-as></speak>`,
    () => `<speak><sub>${word()}</sub></speak>`,
    () => `<speak><sub alias="">${word()}</sub></speak>`,
    () => `<speak><phoneme alphabet="${pick(['x-sampa', 'ipa2', 'arpabet'])}" ph="t">${word()}</phoneme></speak>`,
    () => `<speak><phoneme alphabet="ipa">${word()}</phoneme></speak>`,
    () => `<speak><lang xml:lang="${pick(['xx-YY', 'klingon', 'tlh', '', 'q'])}">${word()}</lang></speak>`,
    () => `<speak><lang>${word()}</lang></speak>`,
    () => `<speak xml:lang="${pick(['zz', 'elvish'])}">${word()}</speak>`,
    () => `<speak>${word()} &${pick(['nbsp', 'copy', 'foo', '#xD800', '#0', '#99999999', '', '#x110000'])}; ${word()}</speak>`,
    () => `<speak>${word()} & ${word()}</speak>`,
    () => `<speak>${word()} <</speak>`,
    () => `<speak>${word()}`,
    () => `<speak>${word()}</speak><speak>${word()}</speak>`,
    () => `<speak>${word()}</speak> trailing`,
    () => `<speak><p>${word()}</s></speak>`,
    () => `<speak a="1" a="2">${word()}</speak>`,
    () => `<speak onload="x">${word()}</speak>`,
    () => `<speak><break time=1s/>${word()}</speak>`,
    () => `<speak><?php echo 1; ?>${word()}</speak>`,
    () => `<speak><!DOCTYPE lolz [<!ENTITY lol "lol">]>&lol;</speak>`,
    () => {
      const depth = 17 + Math.floor(random() * 200);
      return `<speak>${'<s>'.repeat(depth)}${word()}${'</s>'.repeat(depth)}</speak>`;
    },
    () => `<speak>${'<break/>'.repeat(501)}${word()}</speak>`,
    () => `<speak><mark name="a">${word()}</mark></speak>`,
    () => `<speak><break>${word()}</break></speak>`,
    () => `<speak>${`${word()} <break time="10s"/>`.repeat(7)}</speak>`,
  ];
  return Array.from({ length: count }, (_, i) => makers[i % makers.length]!());
}
