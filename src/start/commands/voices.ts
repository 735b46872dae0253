import { listBuiltinVoices } from '../../synthesis/catalog/catalog.js';
import { modelsOf } from '../../synthesis/catalog/voice-models.js';
import { parseCommandArgs, type Command } from './command.js';
import { printJson } from './with-services.js';

const help = `usage: orator voices [--json]

  lists the built-in voices: voice id, slug, name, language, gender, age, models`;

export const voicesCommand: Command = {
  name: 'voices',
  summary: 'list the built-in voices',
  help,
  async run(argv) {
    const { values } = parseCommandArgs({ name: 'voices', help }, argv, { json: { type: 'boolean' } });
    list(values.json ?? false);
  },
};

function list(json: boolean): void {
  const voices = listBuiltinVoices().map((v) => ({
    voice_id: `tc_${v.id}`,
    slug: v.slug,
    name: v.name.eng,
    language: v.language,
    gender: v.gender,
    age: v.age,
    models: modelsOf(v).map((m) => m.version),
  }));
  if (json) return printJson(voices);
  for (const v of voices) {
    console.log(`${v.voice_id}  ${v.slug.padEnd(14)} ${v.name.padEnd(10)} ${v.language} ${v.gender.padEnd(6)} ${v.age.padEnd(11)} ${v.models.join(',')}`);
  }
}
