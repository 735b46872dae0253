import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EspeakRuntime } from '../../../src/synthesis/engines/espeak/espeak-runtime.js';
import { loadEspeakRuntime } from '../../../src/synthesis/engines/espeak/espeak-runtime.js';
import { espeakVoiceName } from '../../../src/synthesis/engines/espeak/espeak-engine.js';
import { espeakLanguages, espeakVoiceFor, substitutes } from '../../../src/synthesis/engines/espeak/languages.js';

/** The languages the API lists (interface.md), all of which this engine must speak. */
const required = [
  'eng', 'kor', 'jpn', 'spa', 'zho', 'fra', 'deu', 'por', 'ita', 'rus', 'tam', 'ara', 'bul', 'ukr', 'hrv', 'ces', 'pol', 'slk',
  'fin', 'ron', 'ell', 'nld', 'swe', 'ind', 'tgl', 'dan', 'msa', 'hin', 'hun', 'nor', 'tur', 'vie', 'tha', 'ben', 'pan', 'yue',
];

/** Every language a bundled voice file declares (`language <code> [priority]` lines). */
function bundledLanguages(runtime: EspeakRuntime, directory = 'lang'): Set<string> {
  const languages = new Set<string>();
  for (const name of runtime.listDataDirectory(directory)) {
    const path = `${directory}/${name}`;
    let file: string;
    try {
      file = runtime.readDataFile(path);
    } catch {
      for (const language of bundledLanguages(runtime, path)) languages.add(language);
      continue;
    }
    for (const match of file.matchAll(/^\s*language\s+(\S+)/gm)) languages.add(match[1].toLowerCase());
  }
  return languages;
}

test('every required language maps to a voice the bundled data really has', async () => {
  assert.deepEqual([...espeakLanguages].sort(), [...required].sort());
  const bundled = bundledLanguages(await loadEspeakRuntime());
  for (const language of required) {
    const voice = espeakVoiceFor(language);
    assert.ok(voice && bundled.has(voice), `${language} → ${voice} is a bundled voice`);
  }
  assert.equal(espeakVoiceFor('ENG'), 'en-us');
  assert.equal(espeakVoiceFor('xxx'), undefined);
});

test('Tagalog is the one substitute, because the data has no Tagalog voice', async () => {
  const bundled = bundledLanguages(await loadEspeakRuntime());
  assert.ok(!bundled.has('tl') && !bundled.has('fil') && !bundled.has('tgl'));
  assert.deepEqual(Object.keys(substitutes), ['tgl']);
  assert.equal(espeakVoiceFor('tgl'), substitutes.tgl?.voice);
  assert.ok(bundled.has(substitutes.tgl!.voice));
});

test('a voice keeps its id for its own language and yields to the language voice for another', () => {
  assert.equal(espeakVoiceName('eng', { engine: 'espeak', id: 'en-gb', variant: 'f3' }), 'en-gb+f3');
  assert.equal(espeakVoiceName('kor', { engine: 'espeak', id: 'en-us', variant: 'm2' }), 'ko+m2');
  assert.equal(espeakVoiceName('jpn', { engine: 'espeak', id: '' }), 'ja');
  assert.equal(espeakVoiceName('eng', { engine: 'espeak', id: 'en-us+whisper' }), 'en-us+whisper');
  assert.equal(espeakVoiceName('tgl', { engine: 'espeak', id: 'id', variant: 'Alicia' }), 'id+Alicia');
  assert.equal(espeakVoiceName('xxx', { engine: 'espeak', id: 'eo' }), 'eo');
  assert.throws(() => espeakVoiceName('xxx', { engine: 'espeak', id: '' }), /cannot speak language "xxx"/);
  assert.throws(() => espeakVoiceName('xxx', { engine: 'espeak', id: '../voices' }), /cannot speak/);
  assert.throws(() => espeakVoiceName('eng', { engine: 'flite', id: 'kal' }), /flite voice/);
});
