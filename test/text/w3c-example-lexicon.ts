/**
 * A lexicon written after the examples of the W3C Pronunciation Lexicon Specification 1.0 (the
 * document header of its section 4.1, a phoneme, an acronym by alias, two graphemes sharing one
 * pronunciation, a preferred pronunciation among several).
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
