import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EspeakEngine } from '../../src/synthesis/engines/espeak/espeak-engine.js';
import { japaneseSpokenText } from '../../src/synthesis/engines/espeak/japanese-reading.js';
import { loadEspeakRuntime } from '../../src/synthesis/engines/espeak/espeak-runtime.js';
import { planEspeakProsody } from '../../src/synthesis/engines/espeak/prosody.js';
import { neutralProsody } from '../../src/synthesis/engines/engine.js';
import { kokoroPhonemeString } from '../../src/synthesis/engines/kokoro/kokoro-phonemes.js';
import { piperPhonemes } from '../../src/synthesis/engines/piper/piper-phonemes.js';
import { speakSentence } from '../../src/synthesis/pool/render-sentence.js';
import { checkIpa, InvalidPhonemeError, ipaToEspeak } from '../../src/synthesis/phonemes/ipa-to-espeak.js';
import { espeakPhonemeInput, markPhonemes, unmarkedSpoken } from '../../src/synthesis/phonemes/phoneme-marks.js';
import { applyPronunciation, phonemeReadings, wordsOnWrittenText } from '../../src/text/pronunciation/apply-pronunciation.js';
import { rulesFromLexicon } from '../../src/text/pronunciation/pls.js';
import type { PronunciationRule } from '../../src/text/pronunciation/pronunciation-rule.js';
import { readSpeechText } from '../../src/text/ssml/read-ssml.js';
import { SsmlError } from '../../src/text/ssml/ssml-error.js';
import { w3cExampleLexicon } from './w3c-example-lexicon.js';

/** eSpeak's own IPA of a text (its phonemes' separators dropped). */
async function espeakIpa(voice: string, text: string): Promise<string> {
  return (await loadEspeakRuntime()).phonemize(voice, text).join(' ').replaceAll('_', '');
}

const words: Record<string, string> = {
  'en-us':
    'the quick brown fox jumps over lazy dog she thought about measure church bridge singing tune near car her hair poor tour boy house button little bottle father caught nothing bird tomato water butter cure square nurse goat price choice mouth very',
  en: 'the quick brown fox jumps over lazy dog she thought about measure church bridge singing near car her hair poor tour boy house button little bottle father caught nothing bird tomato water cure square nurse goat',
  de: 'über die hütte schöne götter können ich auch bach zwei pferde sprechen rot ja mädchen sohn häuser leute eis buch bett bitte gut',
  fr: 'petit chien mange un bon pain blanc avec beurre et œufs fille rouge oui lundi peu agneau jour',
  es: 'el niño llama a calle perro caro jamón gente hacer ciudad agua hoy',
  it: 'ciao bella gnocchi figlio cena zucchero',
  pt: 'obrigado coração pão mãe',
};

describe('IPA spoken through the engines’ phoneme input', () => {
  it('converts English IPA to eSpeak’s names: vowels, diphthongs, r-coloured vowels, stress, length, consonants', () => {
    assert.equal(ipaToEspeak('təˈmɑːtoʊ', 'eng'), "t@'mA:toU");
    assert.equal(ipaToEspeak('təˈmeɪtoʊ', 'en-us'), "t@'meItoU");
    // The W3C example: a dental diacritic is read and left out, the flap is eSpeak's t#.
    assert.equal(ipaToEspeak('təmei̪ɾoʊ', 'eng'), 't@meIt#oU');
    assert.equal(ipaToEspeak('ˌθɪŋkˈæʃʒðʌ', 'eng'), ',TINk\'aSZDV');
    assert.equal(ipaToEspeak('ˈkɑɹ ˈvɛɹi ˈnɪɹ', 'eng'), "'kA@ 'vEri 'ni@3");
    assert.equal(ipaToEspeak('aɪ ɔɪ aʊ eə ʊə ɜː ɚ ɒ ʔ tʃ dʒ j w h', 'eng'), 'aI OI aU e@ U@ 3: 3 0 ? tS dZ j w h');
  });

  it('gives back eSpeak’s own reading of real words in English, German, French, Spanish, Italian, Portuguese', async () => {
    const runtime = await loadEspeakRuntime();
    for (const [voice, list] of Object.entries(words)) {
      for (const word of list.split(' ')) {
        const ipa = await espeakIpa(voice, word);
        const mnemonics = ipaToEspeak(ipa, voice);
        const back = runtime.phonemize(voice, `[[${mnemonics}]]`).join(' ').replaceAll('_', '');
        assert.equal(back, ipa, `${voice} "${word}": ${ipa} → ${mnemonics} → ${back}`);
      }
    }
  });

  it('refuses an IPA symbol it cannot speak, naming it, and an IPA with no sound', () => {
    assert.throws(() => checkIpa('təˈm☃toʊ'), (error: unknown) => error instanceof InvalidPhonemeError && error.symbol === '☃' && /"☃" \(U\+2603\)/.test(error.message));
    assert.throws(() => checkIpa('t3m'), /"3" \(U\+0033\)/);
    assert.throws(() => checkIpa('ˈ'), InvalidPhonemeError);
    for (const rule of rulesFromLexicon(w3cExampleLexicon)) if (rule.type === 'phoneme') checkIpa(rule.phoneme);
  });

  it('eSpeak speaks a marked word as the same mnemonics given directly, the word in its place in the timings', async () => {
    const engine = new EspeakEngine();
    const voice = { engine: 'espeak', id: 'en-us' } as const;
    const text = `I like ${markPhonemes('təˈmɑːtoʊ')} soup.`;
    const marked = await engine.synthesize({ text, language: 'eng', voice, prosody: neutralProsody });
    const runtime = await loadEspeakRuntime();
    const direct = runtime.synthesize('en-us', "I like  [[t@'mA:toU]]  soup.", planEspeakProsody(neutralProsody).parameters);
    assert.deepEqual(marked.samples, direct.samples, 'the same samples as [[t@\'mA:toU]]');
    const plain = await engine.synthesize({ text: 'I like tomato soup.', language: 'eng', voice, prosody: neutralProsody });
    assert.notDeepEqual(marked.samples, plain.samples);
    assert.deepEqual(
      marked.words.map((w) => text.slice(w.offset, w.offset + w.length).replace(/[\uE000\uE001]/gu, '')),
      ['I', 'like', 'təˈmɑːtoʊ', 'soup'],
    );
    // eSpeak's own reading of the word, given as IPA, is the word's audio.
    const own = await engine.synthesize({ text: `I like ${markPhonemes(await espeakIpa('en-us', 'tomato'))} soup.`, language: 'eng', voice, prosody: neutralProsody });
    assert.deepEqual(own.samples, plain.samples);
  });

  it('what an answer shows as spoken has the marks taken out, its words moved with them', () => {
    const text = `I like ${markPhonemes('təˈmɑːtoʊ')} soup.`;
    const word = (offset: number, length: number) => ({ offset, length, text: text.slice(offset, offset + length), start: 0, end: 0 });
    const shown = unmarkedSpoken(text, [word(0, 1), word(7, 11), word(19, 5)]);
    assert.equal(shown.text, 'I like təˈmɑːtoʊ soup.');
    assert.deepEqual(shown.words.map((w) => [w.offset, w.length, w.text]), [[0, 1, 'I'], [7, 9, 'təˈmɑːtoʊ'], [17, 5, 'soup.']]);
  });

  it('a Japanese text with kanji keeps a marked word whole (kuromoji reads only the rest)', async () => {
    const spoken = await japaneseSpokenText(`東京で${markPhonemes('toˈmato')}を食べる`);
    assert.equal(spoken.ssml, "トーキョーで [[to'mato]] を タベル");
  });

  it('Flite hands an engine call holding a phoneme to eSpeak’s voice for the language', async () => {
    const text = `Say ${markPhonemes('təˈmɑːtoʊ')} now.`;
    const fallback = await speakSentence({ kind: 'sentence', text, language: 'eng', voice: { engine: 'flite', id: 'slt' }, prosody: neutralProsody, sampleRate: 22050, pitch: 0, tempo: 1, lastPitch: 0, seed: 0 });
    const espeak = await new EspeakEngine().synthesize({ text, language: 'eng', voice: { engine: 'espeak', id: 'en-us' }, prosody: neutralProsody });
    assert.deepEqual(fallback.samples, espeak.samples);
  });

  it('the neural voices’ phonemization splices the IPA in place of the word’s phonemes (Piper and Kokoro)', async () => {
    const runtime = await loadEspeakRuntime();
    const phonemize = (clause: string) => runtime.phonemize('en-us', espeakPhonemeInput(clause, 'en-us'));
    const text = `I like ${markPhonemes('təˈmɑːtoʊ')} soup.`;
    const piper = piperPhonemes(text, phonemize);
    assert.equal(piper.length, 1);
    assert.equal(piper[0]!.phonemes.join('').normalize('NFC'), 'aɪ lˈaɪk təmˈɑːɾoʊ sˈuːp.');
    assert.equal(piper[0]!.wordCount, 4, 'the IPA is one word, in the place of the word it replaced');
    assert.equal(piperPhonemes('I like tomato soup.', phonemize)[0]!.phonemes.join('').normalize('NFC'), 'aɪ lˈaɪk təmˈeɪɾoʊ sˈuːp.');
    assert.equal(kokoroPhonemeString(text, phonemize, 'american'), 'ˈI lˈIk təmˈɑTO sˈup.'.replace('ˈI ', 'I '));
  });

  it('a request’s own [[…]] is text to the neural voices’ phonemizer, never phoneme input', async () => {
    const runtime = await loadEspeakRuntime();
    const phonemize = (clause: string) => runtime.phonemize('en-us', espeakPhonemeInput(clause, 'en-us'));
    const own = piperPhonemes("I like [[t@'mA:toU]] soup.", phonemize)[0]!.phonemes.join('').normalize('NFC');
    const asPhonemes = piperPhonemes(`I like ${markPhonemes('təˈmɑːtoʊ')} soup.`, phonemize)[0]!.phonemes.join('').normalize('NFC');
    assert.notEqual(own, asPhonemes);
    assert.doesNotMatch(own, /təmˈɑːɾoʊ/);
  });

  it('a dictionary’s phoneme rule and an SSML phoneme element put marked IPA in; the timings keep the written word', () => {
    const rule: PronunciationRule = { stringToReplace: 'tomato', type: 'phoneme', phoneme: 'təˈmɑːtoʊ', alphabet: 'ipa' };
    const written = 'Tomato soup, \uE000fake\uE001.';
    const { spoken, replacements } = applyPronunciation(written, [rule]);
    assert.equal(spoken, `${markPhonemes('təˈmɑːtoʊ')} soup,  fake .`, 'the request’s own mark characters are blanked');
    const words = wordsOnWrittenText([{ offset: 0, length: replacements[0]!.spokenTo, start: 0, end: 0.5, text: '' }], written, replacements);
    assert.deepEqual(words.map((w) => [w.text, w.offset, w.end]), [['Tomato', 0, 0.5]]);
    // A rule stored before phonemes were checked is no rule: the word is read as written.
    assert.equal(applyPronunciation('a tomato', [{ ...rule, phoneme: 'to☃' }]).spoken, 'a tomato');

    const said = readSpeechText('<speak>I like <phoneme alphabet="ipa" ph="təˈmɑːtoʊ">tomato</phoneme> soup.</speak>');
    assert.equal(said.text, 'I like tomato soup.');
    assert.deepEqual(said.phonemes, [{ from: 7, to: 13, ipa: 'təˈmɑːtoʊ' }]);
    // The element wins over a dictionary rule for the same word.
    const pronounced = applyPronunciation(said.text, [{ ...rule, phoneme: 'ˈtɒmɪtəʊ' }], phonemeReadings(said));
    assert.equal(pronounced.spoken, `I like ${markPhonemes('təˈmɑːtoʊ')} soup.`);
    assert.throws(
      () => readSpeechText('<speak><phoneme ph="tə☃">tomato</phoneme></speak>'),
      (error: unknown) => error instanceof SsmlError && error.code === 'invalid_phoneme' && /☃/.test(error.message),
    );
  });
});
