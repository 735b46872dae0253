import { listBuiltinVoices } from '../../synthesis/catalog/catalog.js';
import { modelsOf, type VoiceModel } from '../../synthesis/catalog/voice-models.js';
import type { Age, CatalogVoice, Gender } from '../../synthesis/catalog/voice-types.js';

/** Every voice as the listings see it, built-in or custom. */
export interface VoiceEntry {
  /** `tc_…` built-in, `uc_…` custom. */
  voiceId: string;
  kind: 'builtin' | 'custom';
  /** Localized names (ISO 639-3 keys); a custom voice carries its one name under every key. */
  name: { eng: string; kor: string };
  gender: Gender | null;
  age: Age | null;
  models: VoiceModel[];
  useCases: string[];
  /** Free words used by recommendations. */
  style: string[];
  /** The language the voice was made for, when known. */
  language: string | null;
}

/** A custom voice ready to speak (status `completed`), as the owner's listings show it. */
export interface UsableCustomVoice {
  voiceId: string;
  name: string;
  /** A custom voice is bound to the model it was made for. */
  model: VoiceModel;
  language: string | null;
}

/**
 * The seam custom voices plug into: the completed custom voices of an account, newest first.
 * The custom-voice service implements it; until then `noCustomVoices` lists none.
 */
export interface CustomVoiceLister {
  listUsable(accountUid: string): Promise<UsableCustomVoice[]>;
}

export const noCustomVoices: CustomVoiceLister = {
  async listUsable() {
    return [];
  },
};

function builtinEntry(voice: CatalogVoice): VoiceEntry {
  return {
    voiceId: `tc_${voice.id}`,
    kind: 'builtin',
    name: { eng: voice.name.eng, kor: voice.name.kor },
    gender: voice.gender,
    age: voice.age,
    models: modelsOf(voice),
    useCases: [...voice.useCases],
    style: [...voice.style],
    language: voice.language,
  };
}

/** Built-in entries, remade only when the catalog changes (a model installed or removed while running). */
let builtinSource: readonly CatalogVoice[] | null = null;
let builtinEntries: readonly VoiceEntry[] = [];
let builtinById = new Map<string, VoiceEntry>();

function currentBuiltins(): { entries: readonly VoiceEntry[]; byId: Map<string, VoiceEntry> } {
  const voices = listBuiltinVoices();
  if (voices !== builtinSource) {
    builtinSource = voices;
    builtinEntries = voices.map(builtinEntry);
    builtinById = new Map(builtinEntries.map((entry) => [entry.voiceId, entry]));
  }
  return { entries: builtinEntries, byId: builtinById };
}

function customEntry(voice: UsableCustomVoice): VoiceEntry {
  return {
    voiceId: voice.voiceId,
    kind: 'custom',
    name: { eng: voice.name, kor: voice.name },
    gender: null,
    age: null,
    models: [voice.model],
    useCases: [],
    style: [],
    language: voice.language,
  };
}

/**
 * The voices an account can see: its own completed custom voices first, then the built-in
 * catalog. Another account's custom voices never appear, so they answer 404 like unknown ids.
 */
export class VoiceCatalog {
  constructor(private readonly customVoices: CustomVoiceLister = noCustomVoices) {}

  async list(accountUid: string): Promise<readonly VoiceEntry[]> {
    const { custom, builtin } = await this.listByKind(accountUid);
    return custom.length === 0 ? builtin : [...custom, ...builtin];
  }

  /**
   * The same voices in their two parts. The built-in part is the same array for every account and
   * every call, so listings can cache what they make of it.
   */
  async listByKind(accountUid: string): Promise<{ custom: VoiceEntry[]; builtin: readonly VoiceEntry[] }> {
    const custom = await this.customVoices.listUsable(accountUid);
    return { custom: custom.map(customEntry), builtin: currentBuiltins().entries };
  }

  async find(accountUid: string, voiceId: string): Promise<VoiceEntry | null> {
    const builtin = currentBuiltins().byId.get(voiceId);
    if (builtin) return builtin;
    if (!voiceId.startsWith('uc_')) return null;
    const custom = await this.customVoices.listUsable(accountUid);
    const found = custom.find((voice) => voice.voiceId === voiceId);
    return found ? customEntry(found) : null;
  }
}
