import { findBuiltinVoice, listBuiltinVoices } from '../../synthesis/catalog/catalog.js';
import { modelsOf } from '../../synthesis/catalog/voice-models.js';
import type { CatalogVoice } from '../../synthesis/catalog/voice-types.js';
import { actorVersions, type ActorVersion } from './actor-versions.js';

/** Every built-in voice is an actor of the earlier interface, under the same 24 hex id (`tc_<actor_id>`). */
export function listActors(): readonly CatalogVoice[] {
  return listBuiltinVoices();
}

/** The versions of an actor, or null when there is no such actor. */
export function versionsOfActor(actorId: string): ActorVersion[] | null {
  if (!/^[0-9a-f]{24}$/.test(actorId)) return null;
  const voice = findBuiltinVoice(actorId);
  return voice ? actorVersions(modelsOf(voice)) : null;
}
