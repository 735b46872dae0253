/**
 * How symbols are said, per language. A language missing here keeps the symbol, and eSpeak says
 * it with its own symbol names, which is better than an English word in a foreign sentence.
 */
export interface SymbolWords {
  and?: string;
  at?: string;
  plus?: string;
  equals?: string;
  /** Said for "." inside web addresses and e-mail addresses. */
  dot?: string;
  slash?: string;
  dash?: string;
  underscore?: string;
}

const symbolWords: Readonly<Record<string, SymbolWords>> = {
  eng: { and: 'and', at: 'at', plus: 'plus', equals: 'equals', dot: 'dot', slash: 'slash', dash: 'dash', underscore: 'underscore' },
  spa: { and: 'y', at: 'arroba', plus: 'más', equals: 'igual a', dot: 'punto', slash: 'barra', dash: 'guion', underscore: 'guion bajo' },
  fra: { and: 'et', at: 'arobase', plus: 'plus', equals: 'égale', dot: 'point', slash: 'slash', dash: 'tiret', underscore: 'tiret bas' },
  deu: { and: 'und', at: 'ät', plus: 'plus', equals: 'gleich', dot: 'Punkt', slash: 'Schrägstrich', dash: 'Bindestrich', underscore: 'Unterstrich' },
  ita: { and: 'e', at: 'chiocciola', plus: 'più', equals: 'uguale', dot: 'punto', slash: 'barra', dash: 'trattino', underscore: 'trattino basso' },
  por: { and: 'e', at: 'arroba', plus: 'mais', equals: 'igual a', dot: 'ponto', slash: 'barra', dash: 'hífen', underscore: 'sublinhado' },
  nld: { and: 'en', at: 'apenstaartje', plus: 'plus', equals: 'is gelijk aan', dot: 'punt', slash: 'schuine streep', dash: 'streepje', underscore: 'laag streepje' },
  rus: { and: 'и', at: 'собака', plus: 'плюс', equals: 'равно', dot: 'точка', slash: 'слеш', dash: 'дефис', underscore: 'нижнее подчёркивание' },
  ukr: { and: 'і', at: 'равлик', plus: 'плюс', equals: 'дорівнює', dot: 'крапка', slash: 'слеш', dash: 'дефіс' },
  pol: { and: 'i', at: 'małpa', plus: 'plus', equals: 'równa się', dot: 'kropka', slash: 'ukośnik', dash: 'myślnik' },
  swe: { and: 'och', at: 'snabel-a', plus: 'plus', equals: 'är lika med', dot: 'punkt', slash: 'snedstreck', dash: 'bindestreck' },
  dan: { and: 'og', at: 'snabel-a', plus: 'plus', equals: 'lig med', dot: 'punktum', slash: 'skråstreg', dash: 'bindestreg' },
  nor: { and: 'og', at: 'krøllalfa', plus: 'pluss', equals: 'er lik', dot: 'punktum', slash: 'skråstrek', dash: 'bindestrek' },
  fin: { and: 'ja', at: 'ät', plus: 'plus', equals: 'on yhtä kuin', dot: 'piste', slash: 'kauttaviiva', dash: 'viiva' },
  tur: { and: 've', at: 'et', plus: 'artı', equals: 'eşittir', dot: 'nokta', slash: 'eğik çizgi', dash: 'tire' },
  ind: { and: 'dan', at: 'et', plus: 'tambah', equals: 'sama dengan', dot: 'titik', slash: 'garis miring', dash: 'strip' },
  msa: { and: 'dan', at: 'at', plus: 'tambah', equals: 'sama dengan', dot: 'titik', slash: 'garis condong', dash: 'sempang' },
  kor: { and: '앤드', at: '골뱅이', plus: '플러스', equals: '이퀄', dot: '점', slash: '슬래시', dash: '하이픈', underscore: '언더바' },
  jpn: { and: 'アンド', at: 'アット', plus: 'プラス', equals: 'イコール', dot: 'ドット', slash: 'スラッシュ', dash: 'ハイフン', underscore: 'アンダーバー' },
  zho: { and: '和', at: '艾特', plus: '加', equals: '等于', dot: '点', slash: '斜杠', dash: '横杠', underscore: '下划线' },
  yue: { and: '同', at: 'at', plus: '加', equals: '等於', dot: '點', slash: '斜線', dash: '一槓', underscore: '底線' },
};

export function symbolWordsOf(iso3: string): SymbolWords {
  return symbolWords[iso3] ?? {};
}

/**
 * How "%" is said after (or before) a number. `forms` is keyed by the CLDR plural category of the
 * number (Intl.PluralRules), for the languages whose noun changes with it.
 */
export interface PercentWords {
  position: 'before' | 'after';
  forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
}

const after = (other: string, forms: Partial<Record<Intl.LDMLPluralRule, string>> = {}): PercentWords => ({
  position: 'after',
  forms: { ...forms, other },
});

const percentWords: Readonly<Record<string, PercentWords>> = {
  eng: after('percent'), spa: after('por ciento'), fra: after('pour cent'), deu: after('Prozent'),
  ita: after('per cento'), por: after('por cento'), nld: after('procent'),
  rus: after('процента', { one: 'процент', few: 'процента', many: 'процентов' }),
  ukr: after('відсотка', { one: 'відсоток', few: 'відсотки', many: 'відсотків' }),
  bul: after('процента', { one: 'процент' }),
  pol: after('procent'),
  ces: after('procent', { one: 'procento', few: 'procenta', many: 'procenta' }),
  slk: after('percent', { one: 'percento', few: 'percentá', many: 'percenta' }),
  hrv: after('posto'), fin: after('prosenttia', { one: 'prosentti' }), ron: after('la sută'),
  ell: after('τοις εκατό'), swe: after('procent'), dan: after('procent'), nor: after('prosent'),
  hun: after('százalék'), ind: after('persen'), msa: after('peratus'), tgl: after('porsiyento'),
  vie: after('phần trăm'), tha: after('เปอร์เซ็นต์'), hin: after('प्रतिशत'), ben: after('শতাংশ'),
  pan: after('ਪ੍ਰਤੀਸ਼ਤ'), tam: after('சதவீதம்'), ara: after('بالمئة'),
  kor: after('퍼센트'), jpn: after('パーセント'),
  zho: { position: 'before', forms: { other: '百分之' } },
  yue: { position: 'before', forms: { other: '百分之' } },
  tur: { position: 'before', forms: { other: 'yüzde' } },
};

export function percentWordsOf(iso3: string): PercentWords | null {
  return percentWords[iso3] ?? null;
}
