import { listBuiltinVoices } from '../../synthesis/catalog/catalog.js';
import { modelsOf } from '../../synthesis/catalog/voice-models.js';
import { printJson } from './with-services.js';

export async function voicesCommand(argv: string[]): Promise<void> {
  const voices = listBuiltinVoices().map((v) => ({
    voice_id: `tc_${v.id}`,
    slug: v.slug,
    name: v.name.eng,
    language: v.language,
    gender: v.gender,
    age: v.age,
    models: modelsOf(v).map((m) => m.version),
  }));
  if (argv.includes('--json')) return printJson(voices);
  for (const v of voices) {
    console.log(`${v.voice_id}  ${v.slug.padEnd(14)} ${v.name.padEnd(10)} ${v.language} ${v.gender.padEnd(6)} ${v.age.padEnd(11)} ${v.models.join(',')}`);
  }
}
