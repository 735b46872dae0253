import assert from 'node:assert/strict';
import { test } from 'node:test';
import { languageCodes } from '../../../src/synthesis/text/languages.js';
import { normalizeText } from '../../../src/synthesis/text/normalize.js';

/**
 * Normalizes `input` and checks, for each [written, spoken] pair (in text order), that `spoken` is
 * in the output and that the output range of every word of it maps back to exactly `written`.
 */
function expectSpoken(iso3: string, input: string, pairs: [written: string, spoken: string][]): string {
  const { text, map } = normalizeText(input, iso3);
  let from = 0;
  for (const [written, spoken] of pairs) {
    let at = text.indexOf(spoken, from);
    // The same words may also occur as plain text earlier ("and" before "&"): take the rewritten one.
    while (at !== -1 && !mapsTo(at, spoken.length, written)) at = text.indexOf(spoken, at + 1);
    if (at === -1) at = text.indexOf(spoken, from);
    assert.notEqual(at, -1, `${iso3}: "${spoken}" not in "${text}"`);
    const whole = map.toSource(at, at + spoken.length);
    assert.equal(input.slice(whole.start, whole.end), written, `${iso3}: "${spoken}" maps back`);
    for (const word of spoken.match(/\S+/gu) ?? []) {
      const w = text.indexOf(word, at);
      const r = map.toSource(w, w + word.length);
      assert.equal(input.slice(r.start, r.end), written, `${iso3}: word "${word}" of "${spoken}" maps back`);
    }
    from = at + spoken.length;
  }
  return text;

  function mapsTo(at: number, length: number, written: string): boolean {
    const r = map.toSource(at, at + length);
    return input.slice(r.start, r.end) === written;
  }
}

/** Words of the output that were copied map back onto the same characters. */
function expectCopiedWordsMapToThemselves(iso3: string, input: string): void {
  const { text, map } = normalizeText(input, iso3);
  for (const match of text.matchAll(/\p{L}+/gu)) {
    const r = map.toSource(match.index!, match.index! + match[0].length);
    const source = input.slice(r.start, r.end);
    if (r.end - r.start === match[0].length && source === match[0]) continue;
    // Otherwise the word was produced by a rule: its source must hold a digit, symbol or abbreviation dot.
    assert.match(source, /[\p{N}$€£¥₩%&@+=.]|^(?:Mme|Mlle|Dr|M)$/u, `${iso3}: "${match[0]}" ← "${source}"`);
  }
}

test('English: money, numbers, ordinals, percent, abbreviations, symbols, addresses', () => {
  const input = 'Mr. Smith paid $5 and $1,234.50 on the 21st, i.e. 10% more than Dr. Jones & me: -3.25 degrees, 007.';
  const text = expectSpoken('eng', input, [
    ['Mr.', 'Mister'],
    ['$5', 'five dollars'],
    ['$1,234.50', 'one thousand two hundred thirty-four dollars and fifty cents'],
    ['21st', 'twenty-first'],
    ['i.e.', 'that is'],
    ['10%', 'ten percent'],
    ['Dr.', 'Doctor'],
    ['&', 'and'],
    ['-3.25', 'minus three point two five'],
    ['007', 'zero zero seven'],
  ]);
  assert.doesNotMatch(text, /\d/);
  expectCopiedWordsMapToThemselves('eng', input);
  expectSpoken('eng', 'Mail john.doe@example.org or see https://www.example.com/docs.', [
    ['john.doe@example.org', 'john dot doe at example dot org'],
    ['https://www.example.com/docs', 'w w w dot example dot com slash docs'],
  ]);
  expectSpoken('eng', 'We met at 10:30 on 2024-01-15 with 24/7 support, £3 and €2.', [
    ['10:30', 'ten thirty'],
    ['2024-01-15', 'two thousand twenty-four zero one fifteen'],
    ['24/7', 'twenty-four seven'],
    ['£3', 'three pounds'],
    ['€2', 'two euros'],
  ]);
  expectSpoken('eng', 'He lives on Main St. near St. Louis, etc.', [['St.', 'Street'], ['etc.', 'et cetera.']]);
});

test('English: the sentence-final dot of "etc." survives, an inner one is taken', () => {
  assert.equal(normalizeText('Apples, pears, etc.', 'eng').text, 'Apples, pears, et cetera.');
  assert.equal(normalizeText('Apples, pears, etc. and more', 'eng').text, 'Apples, pears, et cetera and more');
});

test('Spanish: grouping dots, decimal comma, currency after the amount, feminine ordinals', () => {
  expectSpoken('spa', 'El Sr. García pagó 1.234,56 € y 21 $ la 1.ª vez, un 15 % más, etc.', [
    ['Sr.', 'señor'],
    ['1.234,56 €', 'mil doscientos treinta y cuatro euros con cincuenta y seis céntimos'],
    ['21 $', 'veintiún dólares'],
    ['1.ª', 'primera'],
    ['15 %', 'quince por ciento'],
  ]);
  expectSpoken('spa', 'Costó 1.000.000 $ y £1.', [['1.000.000 $', 'un millón de dólares'], ['£1', 'una libra']]);
});

test('French: space grouping, ordinals 1er/1re, elision before euros', () => {
  expectSpoken('fra', 'M. Dupont a payé 1 234,50 € le 1er mai ; la 1re fois, 1 000 000 € et 20 %.', [
    ['M.', 'monsieur'],
    ['1 234,50 €', 'mille deux cent trente-quatre euros et cinquante centimes'],
    ['1er', 'premier'],
    ['1re', 'première'],
    ['1 000 000 €', "un million d'euros"],
    ['20 %', 'vingt pour cent'],
  ]);
});

test('German: grouping dots, day of the month, abbreviations with spaces', () => {
  expectSpoken('deu', 'Dr. Müller zahlte am 3. Oktober 1.234,56 € bzw. 1 €, z. B. 3,5 kg und 50 %.', [
    ['Dr.', 'Doktor'],
    ['3.', 'dritten'],
    ['1.234,56 €', 'eintausendzweihundertvierunddreißig Euro und sechsundfünfzig Cent'],
    ['bzw.', 'beziehungsweise'],
    ['1 €', 'ein Euro'],
    ['z. B.', 'zum Beispiel'],
    ['3,5', 'drei komma fünf'],
    ['50 %', 'fünfzig Prozent'],
  ]);
});

test('readings particular to a language: German dates and ordinals, English decades, French hours', () => {
  expectSpoken('deu', 'Am 1.5.1990 begann im 19. Jahrhundert der 2. Teil.', [
    ['1.5.1990', 'ersten fünften neunzehnhundertneunzig'],
    ['19.', 'neunzehnten'],
    ['2.', 'zweite'],
  ]);
  assert.equal(normalizeText('Er kam 2019. Dann ging er.', 'deu').text, 'Er kam zweitausendneunzehn. Dann ging er.');
  expectSpoken('eng', 'Music of the 1990s and the 80s.', [['1990s', 'nineteen nineties'], ['80s', 'eighties']]);
  expectSpoken('fra', 'Rendez-vous à 10h30 ou à 1 h.', [['10h30', 'dix heures trente'], ['1 h', 'une heure']]);
});

test('Italian and Portuguese: currency nouns and feminine forms', () => {
  expectSpoken('ita', 'Il Sig. Rossi ha pagato 1 € e 2,50 € il 1º maggio.', [
    ['Sig.', 'signor'], ['1 €', 'un euro'], ['2,50 €', 'due euro e cinquanta centesimi'], ['1º', 'primo'],
  ]);
  expectSpoken('por', 'O Sr. Silva pagou £2 na 2ª vez.', [['Sr.', 'senhor'], ['£2', 'duas libras'], ['2ª', 'segunda']]);
});

test('Russian and Ukrainian: plural forms of units, Cyrillic letters only', () => {
  const ru = expectSpoken('rus', 'Он заплатил 21 $, 5 $, 3 % и 1,5 €, т. е. много.', [
    ['21 $', 'двадцать один доллар'],
    ['5 $', 'пять долларов'],
    ['3 %', 'три процента'],
    ['1,5 €', 'один запятая пять евро'],
    ['т. е.', 'то есть'],
  ]);
  assert.doesNotMatch(ru, /[A-Za-z]/);
  const uk = expectSpoken('ukr', 'Це коштує 250 гривень і 21 %.', [['250', 'двісті п\'ятдесят'], ['21 %', 'двадцять один відсоток']]);
  assert.doesNotMatch(uk, /[A-Za-z]/, 'n2words writes a Latin i in Ukrainian; it must be replaced');
});

test('Korean: Sino-Korean numbers, won, particles stay attached', () => {
  const text = expectSpoken('kor', '사과 3개를 ₩5,000에 샀고 2024년에 50%를 할인받았다.', [
    ['3', '삼'], ['₩5,000', '오천 원'], ['2024', '이천이십사'], ['50%', '오십 퍼센트'],
  ]);
  assert.match(text, /오천 원에/u);
  assert.match(text, /이천이십사년에/u);
});

test('Japanese and Chinese: kanji numerals, no added spaces, Chinese years and 两', () => {
  const ja = expectSpoken('jpn', 'りんごを3個、¥500で買いました。割引は20%です。', [
    ['3', '三'], ['¥500', '五百円'], ['20%', '二十パーセント'],
  ]);
  assert.doesNotMatch(ja, / /);
  const zh = expectSpoken('zho', '我在2024年花了¥1,234.5买了2个苹果，打了15%的折扣。', [
    ['2024', '二零二四'], ['¥1,234.5', '一千二百三十四点五元'], ['2', '两'], ['15%', '百分之十五'],
  ]);
  assert.doesNotMatch(zh, /[ 0-9]/);
  expectSpoken('yue', '我用咗$2買咗10個蘋果。', [['$2', '兩美元'], ['10', '十']]);
});

test('other scripts: Thai, Hindi, Arabic, Turkish percent before the number, native digits', () => {
  expectSpoken('tha', 'ราคา 1,250 บาท ลด 20%', [['1,250', 'หนึ่งพันสองร้อยห้าสิบ'], ['20%', 'ยี่สิบเปอร์เซ็นต์']]);
  expectSpoken('hin', 'कीमत १२५ रुपये है और छूट 20% है।', [['१२५', 'एक सौ पच्चीस'], ['20%', 'बीस प्रतिशत']]);
  expectSpoken('ara', 'السعر ٢٠ ريالا والخصم 20%.', [['٢٠', 'عشرون'], ['20%', 'عشرون بالمئة']]);
  expectSpoken('tur', 'İndirim %20 oldu.', [['%20', 'yüzde yirmi']]);
  expectSpoken('jpn', '１２３円', [['１２３', '百二十三']]);
});

test('languages without a number speller keep their digits for the engine', () => {
  for (const iso3 of ['bul', 'slk']) {
    const { text, map } = normalizeText('Това 21 и 3,5.', iso3);
    assert.equal(text, 'Това 21 и 3,5.');
    assert.deepEqual(map.toSource(5, 7), { start: 5, end: 7 });
  }
});

test('every language with a speller spells integers, decimals and negatives without digits left', () => {
  for (const iso3 of languageCodes) {
    if (iso3 === 'bul' || iso3 === 'slk') continue;
    const decimal = ['eng', 'kor', 'jpn', 'zho', 'yue', 'tha', 'hin', 'ben', 'pan', 'tam', 'msa', 'tgl', 'ara'].includes(iso3) ? '3.5' : '3,5';
    const { text } = normalizeText(`x 7 x 1234 x -12 x ${decimal} x 123456789012 x`, iso3);
    assert.doesNotMatch(text, /[0-9]/, `${iso3}: ${text}`);
    assert.doesNotMatch(text, /undefined/, `${iso3}: ${text}`);
  }
});

test('blanks collapse, invisible and control characters go, offsets still map', () => {
  const input = '  Hello,\u200B\t\n  world\u0007!  \uD800 ';
  const { text, map } = normalizeText(input, 'eng');
  assert.equal(text, 'Hello, world!');
  const w = text.indexOf('world');
  const r = map.toSource(w, w + 5);
  assert.equal(input.slice(r.start, r.end), 'world');
  assert.equal(normalizeText('co\u00ADoperate', 'eng').text, 'cooperate');
  assert.deepEqual(normalizeText('', 'eng').text, '');
  assert.equal(normalizeText('   ', 'eng').text, '');
});

test('an unknown language code still normalizes blanks and never throws', () => {
  assert.equal(normalizeText('a  b 5', 'xxx').text, 'a b 5');
});
