import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadEspeakRuntime } from '../../../../src/synthesis/engines/espeak/espeak-runtime.js';
import { phonemeIds, piperPhonemes } from '../../../../src/synthesis/engines/piper/piper-phonemes.js';
import { tinyPhonemeIdMap as map } from './tiny-model.js';

/**
 * Expected ids derived by hand from Piper's rules (piper-phonemize, piper1-gpl `phonemes_to_ids`):
 * eSpeak's IPA per clause; `,` `:` `;` then a space; `.` `?` `!` end a sentence; NFD code points;
 * per sentence `^`(1) `_`(0), each phoneme then `_`(0), `$`(2). The ids are those of Piper's
 * published map for espeak voices: ␠ 3, ! 4, , 8, . 10, ? 13, a 14, b 15, e 18, h 20, i 21, j 22,
 * k 23, l 24, m 25, p 28, s 31, t 32, u 33, ɑ 51, ɡ 66, ɪ 74, ˈ 120, ː 122.
 */
const cases: { voice: string; text: string; phonemes: string[]; ids: number[][] }[] = [
  {
    // eSpeak en-us: "hˈaɪ" + "," + " " | "bˈɑːb" + "." ends the sentence; "stˈɑːp ɪt" + "!".
    voice: 'en-us',
    text: 'Hi, Bob. Stop it!',
    phonemes: ['hˈaɪ, bˈɑːb.', 'stˈɑːp ɪt!'],
    ids: [
      [1, 0, 20, 0, 120, 0, 14, 0, 74, 0, 8, 0, 3, 0, 15, 0, 120, 0, 51, 0, 122, 0, 15, 0, 10, 0, 2],
      [1, 0, 31, 0, 32, 0, 120, 0, 51, 0, 122, 0, 28, 0, 3, 0, 74, 0, 32, 0, 4, 0, 2],
    ],
  },
  {
    // eSpeak de: "jˈɑː" + ", " then "ɡˈuːt" + "." (ɡ is U+0261, id 66, not the Latin g).
    voice: 'de',
    text: 'Ja, gut.',
    phonemes: ['jˈɑː, ɡˈuːt.'],
    ids: [[1, 0, 22, 0, 120, 0, 51, 0, 122, 0, 8, 0, 3, 0, 66, 0, 120, 0, 33, 0, 122, 0, 32, 0, 10, 0, 2]],
  },
  {
    // eSpeak es: "sˈi" + ", " + "mamˈa" + "."; then "¿" gives no phoneme, "kˈe tˈal" + "?".
    voice: 'es',
    text: 'Sí, mamá. ¿Qué tal?',
    phonemes: ['sˈi, mamˈa.', 'kˈe tˈal?'],
    ids: [
      [1, 0, 31, 0, 120, 0, 21, 0, 8, 0, 3, 0, 25, 0, 14, 0, 25, 0, 120, 0, 14, 0, 10, 0, 2],
      [1, 0, 23, 0, 120, 0, 18, 0, 3, 0, 32, 0, 120, 0, 14, 0, 24, 0, 13, 0, 2],
    ],
  },
];

describe("Piper's phonemes and ids from Orator's eSpeak NG", () => {
  for (const c of cases) {
    it(`${c.voice}: ${c.text}`, async () => {
      const runtime = await loadEspeakRuntime();
      const sentences = piperPhonemes(c.text, (clause) => runtime.phonemize(c.voice, clause));
      assert.deepEqual(sentences.map((s) => s.phonemes.join('')), c.phonemes);
      assert.deepEqual(sentences.map((s) => phonemeIds(s.phonemes, map).ids), c.ids);
    });
  }

  it('decomposes phonemes (NFD) into code points, each its own id', () => {
    const [sentence] = piperPhonemes('x', () => ['ã']);
    assert.deepEqual(sentence.phonemes, ['a', '\u0303']);
    assert.deepEqual(phonemeIds(sentence.phonemes, map).ids, [1, 0, 14, 0, 141, 0, 2]);
  });

  it('drops eSpeak language switches and skips, counting, phonemes the map lacks', () => {
    const [sentence] = piperPhonemes('x', () => ['(en)h_ə_l_ˈoʊ(fr)']);
    assert.equal(sentence.phonemes.join(''), 'həlˈoʊ');
    const { ids, missing } = phonemeIds(['h', '☃', 'a', '☃'], map);
    assert.deepEqual(ids, [1, 0, 20, 0, 14, 0, 2]);
    assert.deepEqual([...missing], [['☃', 2]]);
  });
});
