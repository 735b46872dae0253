/**
 * Abbreviations spoken in full, per language. Only ones common in ordinary text and read one way;
 * a wrong expansion is worse than letting the engine spell the letters.
 */
export interface Abbreviation {
  /** As written, case-sensitive, with its dots. */
  written: string;
  spoken: string;
  /** Often the last word of a sentence ("etc."): the sentence splitter may break after it. */
  mayEndSentence?: boolean;
  /** Read this way only before a number ("No. 5"). */
  beforeNumber?: boolean;
}

const a = (written: string, spoken: string, extra: Partial<Abbreviation> = {}): Abbreviation => ({ written, spoken, ...extra });

const byLanguage: Readonly<Record<string, readonly Abbreviation[]>> = {
  eng: [
    a('Mr.', 'Mister'), a('Mrs.', 'Missus'), a('Ms.', 'Miz'), a('Dr.', 'Doctor'), a('Prof.', 'Professor'),
    a('Mt.', 'Mount'), a('Jr.', 'Junior', { mayEndSentence: true }), a('Sr.', 'Senior', { mayEndSentence: true }),
    a('vs.', 'versus'), a('vs', 'versus'), a('etc.', 'et cetera', { mayEndSentence: true }),
    a('e.g.', 'for example'), a('i.e.', 'that is'), a('approx.', 'approximately'), a('cf.', 'compare'),
    a('No.', 'number', { beforeNumber: true }), a('no.', 'number', { beforeNumber: true }),
    a('Inc.', 'Incorporated', { mayEndSentence: true }), a('Ltd.', 'Limited', { mayEndSentence: true }),
    a('Ave.', 'Avenue', { mayEndSentence: true }), a('Blvd.', 'Boulevard', { mayEndSentence: true }),
    a('a.m.', 'A M', { mayEndSentence: true }), a('p.m.', 'P M', { mayEndSentence: true }),
    // "St." is Saint before a name and Street after one; see `speakAbbreviation`.
    a('St.', 'Saint', { mayEndSentence: true }),
  ],
  spa: [
    a('Sr.', 'señor'), a('Sra.', 'señora'), a('Srta.', 'señorita'), a('Dr.', 'doctor'), a('Dra.', 'doctora'),
    a('Ud.', 'usted'), a('Uds.', 'ustedes'), a('Sto.', 'santo'), a('Sta.', 'santa'),
    a('etc.', 'etcétera', { mayEndSentence: true }), a('p. ej.', 'por ejemplo'), a('aprox.', 'aproximadamente'),
    a('núm.', 'número', { beforeNumber: true }), a('pág.', 'página', { beforeNumber: true }),
    a('EE. UU.', 'Estados Unidos', { mayEndSentence: true }), a('EE.UU.', 'Estados Unidos', { mayEndSentence: true }),
  ],
  fra: [
    a('M.', 'monsieur'), a('MM.', 'messieurs'), a('Mme', 'madame'), a('Mmes', 'mesdames'), a('Mlle', 'mademoiselle'),
    a('Dr', 'docteur'), a('Pr', 'professeur'), a('etc.', 'et cetera', { mayEndSentence: true }),
    a('p. ex.', 'par exemple'), a('c.-à-d.', "c'est-à-dire"), a('env.', 'environ'),
    a('n°', 'numéro', { beforeNumber: true }), a('no', 'numéro', { beforeNumber: true }),
  ],
  deu: [
    a('Hr.', 'Herr'), a('Fr.', 'Frau'), a('Dr.', 'Doktor'), a('Prof.', 'Professor'),
    a('z. B.', 'zum Beispiel'), a('z.B.', 'zum Beispiel'), a('d. h.', 'das heißt'), a('d.h.', 'das heißt'),
    a('u. a.', 'unter anderem'), a('u.a.', 'unter anderem'), a('usw.', 'und so weiter', { mayEndSentence: true }),
    a('bzw.', 'beziehungsweise'), a('ca.', 'circa'), a('evtl.', 'eventuell'), a('ggf.', 'gegebenenfalls'),
    a('inkl.', 'inklusive'), a('vgl.', 'vergleiche'), a('etc.', 'et cetera', { mayEndSentence: true }),
    a('Nr.', 'Nummer', { beforeNumber: true }), a('Str.', 'Straße', { mayEndSentence: true }),
  ],
  ita: [
    a('Sig.ra', 'signora'), a('Sig.na', 'signorina'), a('Sig.', 'signor'), a('Dott.ssa', 'dottoressa'),
    a('Dott.', 'dottor'), a('Prof.', 'professor'), a('ecc.', 'eccetera', { mayEndSentence: true }),
    a('ad es.', 'ad esempio'), a('pag.', 'pagina', { beforeNumber: true }), a('n.', 'numero', { beforeNumber: true }),
  ],
  por: [
    a('Sr.', 'senhor'), a('Sra.', 'senhora'), a('Dr.', 'doutor'), a('Dra.', 'doutora'), a('Prof.', 'professor'),
    a('etc.', 'etcétera', { mayEndSentence: true }), a('p. ex.', 'por exemplo'),
    a('pág.', 'página', { beforeNumber: true }), a('n.º', 'número', { beforeNumber: true }),
  ],
  nld: [
    a('dhr.', 'de heer'), a('mevr.', 'mevrouw'), a('bijv.', 'bijvoorbeeld'), a('d.w.z.', 'dat wil zeggen'),
    a('enz.', 'enzovoort', { mayEndSentence: true }), a('nr.', 'nummer', { beforeNumber: true }),
  ],
  rus: [
    a('и т. д.', 'и так далее', { mayEndSentence: true }), a('и т.д.', 'и так далее', { mayEndSentence: true }),
    a('и т. п.', 'и тому подобное', { mayEndSentence: true }), a('и т.п.', 'и тому подобное', { mayEndSentence: true }),
    a('т. е.', 'то есть'), a('т.е.', 'то есть'), a('см.', 'смотри'),
  ],
};

export function abbreviationsOf(iso3: string): readonly Abbreviation[] {
  return byLanguage[iso3] ?? [];
}

/**
 * Short forms after which a sentence practically never ends, whatever the language: titles and
 * "for example"-type phrases. The sentence splitter joins across them.
 */
export function nonFinalAbbreviations(iso3: string): string[] {
  const own = abbreviationsOf(iso3).filter((x) => !x.mayEndSentence && x.written.endsWith('.')).map((x) => x.written);
  return [...new Set([...own, ...sharedTitles])];
}

// Titles written with a dot in most languages we speak (Dr. Müller, Prof. Rossi, Mr. Smith).
const sharedTitles = ['Dr.', 'Prof.', 'Mr.', 'Mrs.', 'Ms.', 'Nr.', 'No.', 'vs.', 'Hr.', 'Sra.'];
