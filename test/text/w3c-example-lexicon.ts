/**
 * Lexicons written after the examples of the W3C Pronunciation Lexicon Specification (PLS) 1.0,
 * W3C Recommendation 14 October 2008, https://www.w3.org/TR/2008/REC-pronunciation-lexicon-20081014/
 * (the document header of its section 4.1, a phoneme, an acronym by alias, two graphemes sharing
 * one pronunciation, a preferred pronunciation among several).
 *
 * Not the specification's own text: its examples could not be read verbatim where these tests
 * were written. When they are put here, they go with the W3C document notice (copyright line and
 * link), which permits copying them.
 */
export const w3cExampleLexicon = `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0"
      xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
      xsi:schemaLocation="http://www.w3.org/2005/01/pronunciation-lexicon
        http://www.w3.org/TR/2007/CR-pronunciation-lexicon-20071212/pls.xsd"
      alphabet="ipa" xml:lang="en-US">
  <!-- after the examples of the PLS 1.0 Recommendation -->
  <lexeme>
    <grapheme>tomato</grapheme>
    <phoneme>təmei̪ɾoʊ</phoneme>
  </lexeme>
  <lexeme>
    <grapheme>W3C</grapheme>
    <alias>World Wide Web Consortium</alias>
  </lexeme>
  <lexeme>
    <grapheme>theater</grapheme>
    <grapheme>theatre</grapheme>
    <phoneme>ˈθɪətər</phoneme>
  </lexeme>
  <lexeme>
    <grapheme>read</grapheme>
    <phoneme>red</phoneme>
    <phoneme prefer="true">riːd</phoneme>
  </lexeme>
</lexicon>
`;

/** The header every lexicon below shares (as the specification's section 4.1 writes it). */
const lexiconHead = `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0"
      xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
      xsi:schemaLocation="http://www.w3.org/2005/01/pronunciation-lexicon
        http://www.w3.org/TR/2007/CR-pronunciation-lexicon-20071212/pls.xsd"
      alphabet="ipa" xml:lang="en-US">`;
const lexicon = (body: string, head = lexiconHead) => `${head}\n${body}\n</lexicon>\n`;

/**
 * One lexicon per feature of PLS 1.0 that an import must get right, each written after the
 * specification's examples of that feature (not copied from it), with the rules Orator must make
 * of it. `refused`: what Orator cannot take, and the words its 400 must name.
 */
export const plsFeatureExamples: { name: string; lexicon: string; rules?: unknown[]; refused?: string }[] = [
  {
    name: 'a phoneme in IPA, written with character references (its tomato example)',
    lexicon: lexicon(`  <lexeme>\n    <grapheme>tomato</grapheme>\n    <phoneme>t&#x0259;mei&#x032A;&#x027E;o&#x028A;</phoneme>\n  </lexeme>`),
    rules: [{ stringToReplace: 'tomato', type: 'phoneme', phoneme: 'təmei̪ɾoʊ', alphabet: 'ipa' }],
  },
  {
    name: 'an acronym by alias (the alias element)',
    lexicon: lexicon(`  <lexeme>\n    <grapheme>W3C</grapheme>\n    <alias>World Wide Web Consortium</alias>\n  </lexeme>`),
    rules: [{ stringToReplace: 'W3C', type: 'alias', alias: 'World Wide Web Consortium' }],
  },
  {
    name: 'several graphemes sharing one pronunciation (the grapheme element)',
    lexicon: lexicon(`  <lexeme>\n    <grapheme>colour</grapheme>\n    <grapheme>color</grapheme>\n    <phoneme>ˈkʌlər</phoneme>\n  </lexeme>`),
    rules: [
      { stringToReplace: 'colour', type: 'phoneme', phoneme: 'ˈkʌlər', alphabet: 'ipa' },
      { stringToReplace: 'color', type: 'phoneme', phoneme: 'ˈkʌlər', alphabet: 'ipa' },
    ],
  },
  {
    name: 'a preferred pronunciation among several (the prefer attribute)',
    lexicon: lexicon(`  <lexeme>\n    <grapheme>either</grapheme>\n    <phoneme>ˈaɪðər</phoneme>\n    <phoneme prefer="true">ˈiːðər</phoneme>\n  </lexeme>`),
    rules: [{ stringToReplace: 'either', type: 'phoneme', phoneme: 'ˈiːðər', alphabet: 'ipa' }],
  },
  {
    name: 'metadata, an example sentence and a role, which Orator passes over (meta, metadata, example, role)',
    lexicon: lexicon(
      `  <meta name="author" content="Orator tests"/>\n  <metadata><dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">Orator tests</dc:creator></metadata>\n` +
        `  <lexeme role="noun">\n    <grapheme>project</grapheme>\n    <phoneme>ˈprɒdʒɛkt</phoneme>\n    <example>The project starts today.</example>\n  </lexeme>`,
    ),
    rules: [{ stringToReplace: 'project', type: 'phoneme', phoneme: 'ˈprɒdʒɛkt', alphabet: 'ipa' }],
  },
  {
    name: 'a phoneme in another alphabet beside one in IPA: the IPA one',
    lexicon: lexicon(`  <lexeme>\n    <grapheme>tomato</grapheme>\n    <phoneme alphabet="x-sampa">t@meItoU</phoneme>\n    <phoneme>təˈmeɪtoʊ</phoneme>\n  </lexeme>`),
    rules: [{ stringToReplace: 'tomato', type: 'phoneme', phoneme: 'təˈmeɪtoʊ', alphabet: 'ipa' }],
  },
  {
    name: 'a lexicon in another alphabet (x-sampa)',
    lexicon: lexicon(`  <lexeme>\n    <grapheme>tomato</grapheme>\n    <phoneme>t@meItoU</phoneme>\n  </lexeme>`, lexiconHead.replace('alphabet="ipa"', 'alphabet="x-sampa"')),
    refused: 'x-sampa',
  },
  {
    name: 'a phoneme naming another alphabet (x-microsoft-ups)',
    lexicon: lexicon(`  <lexeme>\n    <grapheme>lead</grapheme>\n    <phoneme alphabet="x-microsoft-ups">S1 L EH D</phoneme>\n  </lexeme>`),
    refused: 'x-microsoft-ups',
  },
];
