import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadEspeakRuntime } from '../../../../src/synthesis/engines/espeak/espeak-runtime.js';
import { kokoroVoiceNaming } from '../../../../src/synthesis/engines/kokoro/kokoro-languages.js';
import { kokoroPhonemeString, kokoroSymbols, kokoroTokens, tiedIpa } from '../../../../src/synthesis/engines/kokoro/kokoro-phonemes.js';
import { kokoroV1Vocab } from '../../../../src/synthesis/engines/kokoro/kokoro-vocab.js';

/**
 * Expected ids derived by hand from Kokoro's pipeline rules (misaki's espeak rules, Kokoro v1.0's
 * published vocab): eSpeak's IPA with ties inside multi-letter phonemes; misaki's replacements
 * (English: e^ɪ→A, o^ʊ→O, a^ʊ→W, ɜː→ɜɹ, no ː in American, ə^ʊ→Q in British; others: t^ʃ→ʧ, …);
 * punctuation kept as written; one call per sentence. Vocab ids used: ␠ 16, , 3, . 4, ! 5, ? 6,
 * ̃ 17, A 24, O 31, Q 33, W 39, a 43, b 44, d 46, e 47, h 50, i 51, j 52, k 53, l 54, m 55, n 56,
 * o 57, t 62, u 63, w 65, ɑ 69, β 75, ɔ 76, ə 83, ɜ 87, ɡ 92, ɹ 123, ʁ 128, ʒ 147, ʧ 133, ˈ 156,
 * ˌ 157.
 */
const cases: { voice: string; text: string; phonemes: string; ids: number[][]; skipped?: Record<string, number> }[] = [
  {
    // en-us: h_ə_l_ˈoʊ → həlˈo^ʊ → həlˈO; w_ˈɜː_l_d → wˈɜɹld; "ɑːɹ" is one phoneme → ɑː^ɹ → ɑɹ (ː dropped);
    // j_uː → ju; t_ə_d_ˈeɪ → tədˈA. "!" ends the first call.
    voice: 'af_tiny',
    text: 'Hello, world! How are you today?',
    phonemes: 'həlˈO, wˈɜɹld! hˌW ɑɹ ju tədˈA?',
    ids: [
      [50, 83, 54, 156, 31, 3, 16, 65, 156, 87, 123, 54, 46, 5],
      [50, 157, 39, 16, 69, 123, 16, 52, 63, 16, 62, 83, 46, 156, 24, 6],
    ],
  },
  {
    // en-gb (eSpeak `en`): ɡ_ˌəʊ → ɡˌQ; h_ˈəʊ_m → hˈQm; m_ˈeɪ_t → mˈAt.
    voice: 'bm_tiny',
    text: 'Go home, mate.',
    phonemes: 'ɡˌQ hˈQm, mˈAt.',
    ids: [[92, 157, 33, 16, 50, 156, 33, 55, 3, 16, 55, 156, 24, 62, 4]],
  },
  {
    // es: "¿" is kept but not in the vocab (skipped, counted); tʃ_ˈi_k_o → t^ʃˈiko → ʧˈiko.
    voice: 'ef_tiny',
    text: '¿Qué tal? Muy bien, chico.',
    phonemes: '¿kˈe tˈal? mˈuj βjˈen, ʧˈiko.',
    ids: [
      [53, 156, 47, 16, 62, 156, 43, 54, 6],
      [55, 156, 63, 52, 16, 75, 52, 156, 47, 56, 3, 16, 133, 156, 51, 53, 57, 4],
    ],
    skipped: { '¿': 1 },
  },
  {
    // fr: nasal ɔ̃ is ɔ + U+0303 (id 17, no tie before a diacritic); "l_ə-" loses eSpeak's hyphen.
    voice: 'ff_tiny',
    text: 'Bonjour, le monde.',
    phonemes: 'bɔ̃ʒˈuʁ, lə mˈɔ̃d.',
    ids: [[44, 76, 17, 147, 156, 63, 128, 3, 16, 54, 83, 16, 55, 156, 76, 17, 46, 4]],
  },
];

describe("Kokoro's tokens from Orator's eSpeak NG", () => {
  for (const c of cases) {
    it(`${c.voice}: ${c.text}`, async () => {
      const runtime = await loadEspeakRuntime();
      const language = kokoroVoiceNaming(c.voice)!.language;
      const phonemes = kokoroPhonemeString(c.text, (clause) => runtime.phonemize(language.espeakVoice, clause), language.rules);
      assert.equal(phonemes, c.phonemes);
      const { chunks, missing } = kokoroTokens(phonemes, kokoroV1Vocab);
      assert.deepEqual(chunks.map((chunk) => chunk.tokens), c.ids);
      assert.deepEqual(Object.fromEntries(missing), c.skipped ?? {});
    });
  }

  it("ties where eSpeak's tie mode does: not after stress, not before modifiers or diacritics", () => {
    assert.equal(tiedIpa('h_ə_l_ˈoʊ w_ˈɜː_l_d'), 'həlˈo^ʊ wˈɜːld');
    assert.equal(tiedIpa('ɑːɹ dʒ_ˈʌ_dʒ(en)'), 'ɑː^ɹ d^ʒˈʌd^ʒ');
    assert.equal(kokoroSymbols('d^ʒˈʌd^ʒ', 'american'), 'ʤˈʌʤ');
    // misaki's American fallback: the flap is T, a glottal stop t, ɚ → əɹ, ə^l → ᵊl.
    assert.equal(kokoroSymbols('lˈɪɾə^l wˈɔːɾɚ', 'american'), 'lˈɪTᵊl wˈɔTəɹ');
  });

  it('cuts a sentence longer than 510 tokens at its last space, words carried on', () => {
    const long = Array.from({ length: 200 }, () => 'ab').join(' ') + '.';
    const { chunks } = kokoroTokens(long, kokoroV1Vocab);
    assert.ok(chunks.length === 2 && chunks.every((chunk) => chunk.tokens.length <= 510));
    assert.equal(chunks[0].tokens.length + chunks[1].tokens.length, [...long].length - 1);
    assert.equal(chunks[0].wordCount + chunks[1].wordCount, 200);
    assert.equal(chunks[1].wordOfToken[0], 0);
  });

  it("reads Kokoro's voice naming: language letter, gender letter, name", () => {
    assert.deepEqual(
      ['af_heart', 'bm_george', 'jf_alpha', 'zm_yunxi', 'pf_dora', 'hm_omega', 'xx_odd'].map((v) => {
        const n = kokoroVoiceNaming(v);
        return n ? `${n.language.iso3}/${n.language.espeakVoice}/${n.gender}/${n.name}` : null;
      }),
      ['eng/en-us/female/heart', 'eng/en/male/george', 'jpn/ja/female/alpha', 'zho/cmn/male/yunxi', 'por/pt-br/female/dora', 'hin/hi/male/omega', null],
    );
  });
});
