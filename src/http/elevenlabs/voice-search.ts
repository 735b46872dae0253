import type { ElevenLabsVoice } from './voice-shape.js';

/** The filters of `GET /v2/voices` that mean something here. */
export interface VoiceSearch {
  search?: string;
  category?: string;
  voiceType?: string;
  gender?: string;
  age?: string;
  language?: string;
  voiceIds?: string[];
  sort?: 'name' | 'created_at_unix';
  sortDirection?: 'asc' | 'desc';
}

/** ElevenLabs' voice_type → the categories it keeps: the account's own voices, or the server's. */
const categoriesOfType: Record<string, readonly string[]> = {
  personal: ['cloned'],
  workspace: ['cloned'],
  'non-default': ['cloned'],
  default: ['premade'],
  community: [],
  saved: [],
};

const matches = (value: string | undefined, wanted: string | undefined) => wanted === undefined || (value ?? '').toLowerCase() === wanted.toLowerCase();

/**
 * The voices a search keeps, in its order. `search` looks in the name, description and labels
 * (case-insensitive); the other filters each match one label or the category exactly. Unknown
 * voice types keep nothing (there are no community or saved voices here).
 */
export function searchVoices(voices: readonly ElevenLabsVoice[], search: VoiceSearch): ElevenLabsVoice[] {
  const words = search.search?.trim().toLowerCase();
  const kept = voices.filter((voice) => {
    if (search.voiceIds && search.voiceIds.length > 0 && !search.voiceIds.includes(voice.voice_id)) return false;
    if (search.voiceType !== undefined && !(categoriesOfType[search.voiceType] ?? []).includes(voice.category)) return false;
    if (!matches(voice.category, search.category)) return false;
    if (!matches(voice.labels.gender, search.gender) || !matches(voice.labels.age, search.age) || !matches(voice.labels.language, search.language)) return false;
    if (words) {
      const haystack = [voice.name, voice.description, ...Object.values(voice.labels)].join(' ').toLowerCase();
      if (!haystack.includes(words)) return false;
    }
    return true;
  });
  if (search.sort === 'name') kept.sort((a, b) => a.name.localeCompare(b.name));
  if (search.sortDirection === 'desc') kept.reverse();
  return kept;
}

/** A page token: the offset of the page's first voice, opaque to the client. */
export function pageTokenOf(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

/** The offset a page token stands for, or null when it is not one of ours. */
export function offsetOfToken(token: string): number | null {
  const match = /^offset:(\d{1,9})$/.exec(Buffer.from(token, 'base64url').toString());
  return match ? Number(match[1]) : null;
}
