import type { PronunciationRule } from '../../text/pronunciation/pronunciation-rule.js';

interface Kept {
  rules: PronunciationRule[];
  bytes: number;
}

/**
 * The parsed rules of dictionary versions, by version id. A version is never edited (a change
 * adds a new one with a new id), so what is kept here is never stale, on any node of a cluster:
 * only which version applies must be read fresh, and that is a light query (the repository's
 * `defaultHeads`). Saves reading up to three versions' JSON from the database and parsing it on
 * every synthesis.
 *
 * Bounded by the rules' bytes (as the plan limits count them); the least recently used go first.
 */
export class VersionRulesCache {
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;

  constructor(private readonly maxBytes = 16 * 1024 * 1024) {}

  get(versionId: string): PronunciationRule[] | undefined {
    const hit = this.kept.get(versionId);
    if (hit === undefined) return undefined;
    // Map order is insertion order: moving the hit to the end makes the first the least recent.
    this.kept.delete(versionId);
    this.kept.set(versionId, hit);
    return hit.rules;
  }

  set(versionId: string, rules: PronunciationRule[], bytes: number): void {
    if (bytes > this.maxBytes) return;
    const old = this.kept.get(versionId);
    if (old !== undefined) {
      this.kept.delete(versionId);
      this.bytes -= old.bytes;
    }
    while (this.bytes + bytes > this.maxBytes && this.kept.size > 0) {
      const [oldest, value] = this.kept.entries().next().value as [string, Kept];
      this.kept.delete(oldest);
      this.bytes -= value.bytes;
    }
    this.kept.set(versionId, { rules, bytes });
    this.bytes += bytes;
  }
}
