import { builtinVoices } from '../../synthesis/catalog/builtin-voices.js';
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

/** The fixed catalog's entries (every release has them), by voice id. */
const fixedById = new Map(builtinVoices.map((voice) => [`tc_${voice.id}`, builtinEntry(voice)]));

/** Built-in entries, remade only when the catalog changes (a model installed or removed while running). */
let builtinSource: readonly CatalogVoice[] | null = null;
let builtinEntries: readonly VoiceEntry[] = [];
let builtinById = new Map<string, VoiceEntry>();

function currentBuiltins(): { entries: readonly VoiceEntry[]; byId: Map<string, VoiceEntry> } {
  const voices = listBuiltinVoices();
  if (voices !== builtinSource) {
    builtinSource = voices;
    builtinEntries = voices.map((voice) => fixedById.get(`tc_${voice.id}`) ?? builtinEntry(voice));
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

/** The custom part of an account with none: one shared array, so what listings make of it is shared too. */
const noCustomEntries: readonly VoiceEntry[] = Object.freeze([]);

/** One account's custom entries as of one voices version. */
interface CachedCustomVoices {
  version: number;
  entries: readonly VoiceEntry[];
  byId: Map<string, VoiceEntry>;
}

/**
 * The voices an account can see: its own completed custom voices first, then the built-in
 * catalog. Another account's custom voices never appear, so they answer 404 like unknown ids.
 *
 * An account's custom voices are read once per voices version: callers that know the version the
 * database holds now (read with the account at sign-in, `SignedIn.voicesVersion`) pass it, and the
 * entries cached under that same version are used; any other version reads them again. The
 * database bumps the version in the same transaction as every change to the account's voices, so
 * a change made by any process is seen on the next request, on every node. Without a version
 * nothing is cached. The cache keeps the most recently used `maxAccounts` accounts.
 */
export class VoiceCatalog {
  private readonly cached = new Map<string, CachedCustomVoices>();
  /** The account last put at the end of `cached` (most recently used): moving it there again changes nothing. */
  private newest: string | null = null;

  constructor(
    private readonly customVoices: CustomVoiceLister = noCustomVoices,
    private readonly maxAccounts = 1000,
  ) {}

  async list(accountUid: string, voicesVersion?: number | null): Promise<readonly VoiceEntry[]> {
    const { custom, builtin } = await this.listByKind(accountUid, voicesVersion);
    return custom.length === 0 ? builtin : [...custom, ...builtin];
  }

  /**
   * The same voices in their two parts. The built-in part is the same array for every account and
   * every call, and the custom part the same array while the account's voices version stays the
   * same, so listings can cache what they make of them (keyed by the arrays themselves).
   */
  async listByKind(accountUid: string, voicesVersion?: number | null): Promise<{ custom: readonly VoiceEntry[]; builtin: readonly VoiceEntry[] }> {
    const custom = await this.customOf(accountUid, voicesVersion);
    return { custom: custom.entries, builtin: currentBuiltins().entries };
  }

  /**
   * listByKind's answer when it needs no read (the account's custom voices are cached under this
   * voices version), else undefined (then listByKind). Synchronous, so a route can answer in the
   * same tick, without the promise and microtask turns of an async handler.
   */
  listByKindKept(accountUid: string, voicesVersion?: number | null): { custom: readonly VoiceEntry[]; builtin: readonly VoiceEntry[] } | undefined {
    const custom = this.keptCustomOf(accountUid, voicesVersion);
    return custom === undefined ? undefined : { custom: custom.entries, builtin: currentBuiltins().entries };
  }

  async find(accountUid: string, voiceId: string, voicesVersion?: number | null): Promise<VoiceEntry | null> {
    const kept = this.findKept(accountUid, voiceId, voicesVersion);
    if (kept !== undefined) return kept;
    return (await this.customOf(accountUid, voicesVersion)).byId.get(voiceId) ?? null;
  }

  /** find's answer when it needs no read (any built-in id; a custom one cached under this voices version), else undefined (then find). */
  findKept(accountUid: string, voiceId: string, voicesVersion?: number | null): VoiceEntry | null | undefined {
    // Only the id of a voice from an installed model needs the models directory looked at: a
    // custom id (`uc_`) never names a built-in voice, and the fixed catalog is always there.
    if (!voiceId.startsWith('uc_')) return fixedById.get(voiceId) ?? currentBuiltins().byId.get(voiceId) ?? null;
    const custom = this.keptCustomOf(accountUid, voicesVersion);
    return custom === undefined ? undefined : (custom.byId.get(voiceId) ?? null);
  }

  /** The account's custom voices cached under this voices version (marked most recently used), or undefined. */
  private keptCustomOf(accountUid: string, version: number | null | undefined): Omit<CachedCustomVoices, 'version'> | undefined {
    if (version === undefined || version === null) return undefined;
    const hit = this.cached.get(accountUid);
    if (hit === undefined || hit.version !== version) return undefined;
    // Most recently used last, so the first key is the one to drop. An account asking again and
    // again (one client's lookups) is already last: no delete and insert per request then.
    if (this.newest !== accountUid) this.remember(accountUid, hit);
    return hit;
  }

  private async customOf(accountUid: string, version: number | null | undefined): Promise<Omit<CachedCustomVoices, 'version'>> {
    const kept = this.keptCustomOf(accountUid, version);
    if (kept !== undefined) return kept;
    // Read after the version was: a change committed meanwhile bumps the version past the one
    // this is stored under, so the next request reads again rather than keep what this missed.
    const voices = await this.customVoices.listUsable(accountUid);
    const entries = voices.length === 0 ? noCustomEntries : Object.freeze(voices.map(customEntry));
    const read = { entries, byId: new Map(entries.map((entry) => [entry.voiceId, entry])) };
    if (version !== undefined && version !== null) this.remember(accountUid, { version, ...read });
    return read;
  }

  /** Puts the account's entries last (most recently used), dropping the least recently used past maxAccounts. */
  private remember(accountUid: string, entries: CachedCustomVoices): void {
    this.cached.delete(accountUid);
    if (this.cached.size >= this.maxAccounts) this.cached.delete(this.cached.keys().next().value!);
    this.cached.set(accountUid, entries);
    this.newest = accountUid;
  }
}
