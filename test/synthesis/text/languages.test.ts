import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  iso3FromIso1, languageCodes, languages, legacyActorLangs, legacyAudioFileLangs, legacyModeLanguages,
  normalizeIso3, resolveLegacyLang,
} from '../../../src/synthesis/text/languages.js';

const expected = 'eng kor jpn spa zho fra deu por ita rus tam ara bul ukr hrv ces pol slk fin ron ell nld swe ind tgl dan msa hin hun nor tur vie tha ben pan yue'.split(' ');

test('the registry holds every language once, with names and a locale Intl knows', () => {
  assert.deepEqual([...languageCodes].sort(), [...expected].sort());
  for (const language of languages.values()) {
    assert.match(language.iso3, /^[a-z]{3}$/);
    assert.ok(language.english.length > 0 && language.korean.length > 0, language.iso3);
    assert.match(language.korean, /어$/u, `${language.iso3} Korean name ends in 어`);
    assert.equal(Intl.PluralRules.supportedLocalesOf([language.locale]).length, 1, language.locale);
    if (language.iso1) assert.equal(iso3FromIso1(language.iso1), language.iso3);
  }
  const iso1s = [...languages.values()].map((l) => l.iso1).filter(Boolean);
  assert.equal(new Set(iso1s).size, iso1s.length);
});

test('normalizeIso3 takes any letter case and the individual-language spellings', () => {
  assert.equal(normalizeIso3('ENG'), 'eng');
  assert.equal(normalizeIso3('Kor'), 'kor');
  assert.equal(normalizeIso3('cmn'), 'zho');
  assert.equal(normalizeIso3('nob'), 'nor');
  assert.equal(normalizeIso3('fil'), 'tgl');
  assert.equal(normalizeIso3('en'), null);
  assert.equal(normalizeIso3('xyz'), null);
  assert.equal(normalizeIso3(''), null);
  assert.equal(normalizeIso3(' eng'), null);
});

test('every lang value of the earlier interface resolves in its mode, and only there', () => {
  for (const value of legacyActorLangs) {
    const code = resolveLegacyLang(value, 'actor');
    assert.ok(code === 'auto' || languages.has(code ?? ''), value);
  }
  for (const value of legacyAudioFileLangs) {
    const code = resolveLegacyLang(value, 'audio_file');
    assert.ok(code === 'auto' || languages.has(code ?? ''), value);
  }
  assert.equal(resolveLegacyLang('en-us', 'actor'), 'eng');
  assert.equal(resolveLegacyLang('EN-US', 'actor'), 'eng');
  assert.equal(resolveLegacyLang('zh-cn', 'audio_file'), 'zho');
  assert.equal(resolveLegacyLang('auto', 'actor'), 'auto');
  assert.equal(resolveLegacyLang('fr-fr', 'actor'), null, 'French is not an actor-mode language');
  assert.equal(resolveLegacyLang('fr-fr', 'audio_file'), 'fra');
  assert.equal(resolveLegacyLang('tl-ph', 'audio_file'), 'tgl');
  assert.equal(resolveLegacyLang('hin', 'audio_file'), null, 'not in the documented list');
  assert.equal(resolveLegacyLang('english', 'actor'), null);
  assert.deepEqual(legacyModeLanguages('actor'), ['eng', 'kor', 'jpn', 'spa', 'zho']);
  assert.equal(legacyModeLanguages('audio_file').length, 25);
});
