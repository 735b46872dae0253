import type { Gender } from './number-speller.js';

/**
 * Currency names per language for the symbols $ € £ ¥ ₩. A language missing here has its amount
 * spelled and the symbol moved after it ("$5" → "five $"), where the engine names it in order.
 */
export type CurrencySymbol = '$' | '€' | '£' | '¥' | '₩';

type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export interface Unit {
  forms: Forms;
  gender?: Gender;
}

export interface Currency {
  major: Unit;
  /** The hundredth unit (cents); absent for currencies counted whole (yen, won). */
  minor?: Unit;
}

export interface CurrencyLanguage {
  currencies: Readonly<Record<CurrencySymbol, Currency>>;
  /** Between the major and the minor amount ("and" in "five dollars and fifty cents"). */
  join: string;
  /** Placed before the unit after a bare million/milliard ("un millón de dólares"). */
  ofAfterMillions?: { pattern: RegExp; word: string };
}

const u = (one: string, other = one, gender?: Gender): Unit => ({ forms: { one, other }, gender });
const slavic = (one: string, few: string, many: string, other: string, gender?: Gender): Unit => ({
  forms: { one, few, many, other },
  gender,
});
const whole = (unit: Unit): Currency => ({ major: unit });

const table: Readonly<Record<string, CurrencyLanguage>> = {
  eng: {
    join: ' and ',
    currencies: {
      '$': { major: u('dollar', 'dollars'), minor: u('cent', 'cents') },
      '€': { major: u('euro', 'euros'), minor: u('cent', 'cents') },
      '£': { major: u('pound', 'pounds'), minor: u('penny', 'pence') },
      '¥': whole(u('yen')),
      '₩': whole(u('won')),
    },
  },
  spa: {
    join: ' con ',
    ofAfterMillions: { pattern: /(?:millón|millones|billón|billones)$/u, word: 'de' },
    currencies: {
      '$': { major: u('dólar', 'dólares'), minor: u('centavo', 'centavos') },
      '€': { major: u('euro', 'euros'), minor: u('céntimo', 'céntimos') },
      '£': { major: u('libra', 'libras', 'feminine'), minor: u('penique', 'peniques') },
      '¥': whole(u('yen', 'yenes')),
      '₩': whole(u('won', 'wones')),
    },
  },
  fra: {
    join: ' et ',
    ofAfterMillions: { pattern: /(?:million|millions|milliard|milliards)$/u, word: 'de' },
    currencies: {
      '$': { major: u('dollar', 'dollars'), minor: u('cent', 'cents') },
      '€': { major: u('euro', 'euros'), minor: u('centime', 'centimes') },
      '£': { major: u('livre', 'livres', 'feminine'), minor: u('penny', 'pence') },
      '¥': whole(u('yen', 'yens')),
      '₩': whole(u('won', 'wons')),
    },
  },
  deu: {
    join: ' und ',
    currencies: {
      '$': { major: u('Dollar'), minor: u('Cent') },
      '€': { major: u('Euro'), minor: u('Cent') },
      '£': { major: u('Pfund'), minor: u('Penny', 'Pence') },
      '¥': whole(u('Yen')),
      '₩': whole(u('Won')),
    },
  },
  ita: {
    join: ' e ',
    ofAfterMillions: { pattern: /(?:milione|milioni|miliardo|miliardi)$/u, word: 'di' },
    currencies: {
      '$': { major: u('dollaro', 'dollari'), minor: u('centesimo', 'centesimi') },
      '€': { major: u('euro'), minor: u('centesimo', 'centesimi') },
      '£': { major: u('sterlina', 'sterline', 'feminine'), minor: u('penny', 'pence') },
      '¥': whole(u('yen')),
      '₩': whole(u('won')),
    },
  },
  por: {
    join: ' e ',
    ofAfterMillions: { pattern: /(?:milhão|milhões|bilião|biliões)$/u, word: 'de' },
    currencies: {
      '$': { major: u('dólar', 'dólares'), minor: u('cêntimo', 'cêntimos') },
      '€': { major: u('euro', 'euros'), minor: u('cêntimo', 'cêntimos') },
      '£': { major: u('libra', 'libras', 'feminine'), minor: u('péni', 'pence') },
      '¥': whole(u('iene', 'ienes')),
      '₩': whole(u('won', 'wons')),
    },
  },
  nld: {
    join: ' en ',
    currencies: {
      '$': { major: u('dollar'), minor: u('cent') },
      '€': { major: u('euro'), minor: u('cent') },
      '£': { major: u('pond'), minor: u('penny', 'pence') },
      '¥': whole(u('yen')),
      '₩': whole(u('won')),
    },
  },
  rus: {
    join: ' ',
    currencies: {
      '$': { major: slavic('доллар', 'доллара', 'долларов', 'доллара'), minor: slavic('цент', 'цента', 'центов', 'цента') },
      '€': { major: u('евро'), minor: slavic('цент', 'цента', 'центов', 'цента') },
      '£': { major: slavic('фунт', 'фунта', 'фунтов', 'фунта'), minor: slavic('пенс', 'пенса', 'пенсов', 'пенса') },
      '¥': whole(slavic('иена', 'иены', 'иен', 'иены', 'feminine')),
      '₩': whole(slavic('вона', 'воны', 'вон', 'воны', 'feminine')),
    },
  },
  kor: {
    join: ' ',
    currencies: {
      '$': { major: u('달러'), minor: u('센트') },
      '€': { major: u('유로'), minor: u('센트') },
      '£': { major: u('파운드'), minor: u('펜스') },
      '¥': whole(u('엔')),
      '₩': whole(u('원')),
    },
  },
  jpn: {
    join: '',
    currencies: {
      '$': { major: u('ドル'), minor: u('セント') },
      '€': { major: u('ユーロ'), minor: u('セント') },
      '£': { major: u('ポンド'), minor: u('ペンス') },
      '¥': whole(u('円')),
      '₩': whole(u('ウォン')),
    },
  },
  // In Chinese text ¥ is the yuan; the amount is read as a decimal (五点五美元), as people say it.
  zho: {
    join: '',
    currencies: {
      '$': whole(u('美元')),
      '€': whole(u('欧元')),
      '£': whole(u('英镑')),
      '¥': whole(u('元')),
      '₩': whole(u('韩元')),
    },
  },
  yue: {
    join: '',
    currencies: {
      '$': whole(u('美元')),
      '€': whole(u('歐元')),
      '£': whole(u('英鎊')),
      '¥': whole(u('元')),
      '₩': whole(u('韓元')),
    },
  },
};

export function currencyLanguageOf(iso3: string): CurrencyLanguage | null {
  return table[iso3] ?? null;
}
