import { randomBytes } from 'node:crypto';
import { checkIpa, InvalidPhonemeError } from '../../synthesis/phonemes/ipa-to-espeak.js';
import type { Clock } from '../../clock.js';
import type { DictionaryVersion, PronunciationDictionaryRepository } from '../../repositories/pronunciation-dictionary-repository.js';
import { LexiconError, lexiconOf, rulesFromLexicon } from '../../text/pronunciation/pls.js';
import { ruleBytes, type PronunciationRule } from '../../text/pronunciation/pronunciation-rule.js';
import { dictionaryLimitsOf, maxDictionariesPerRequest } from './dictionary-limits.js';
import { PronunciationDictionaryError } from './pronunciation-dictionary-errors.js';
import { VersionRulesCache } from './version-rules-cache.js';

/** A dictionary as listings show it: its latest version and how many rules that has. */
export interface DictionarySummary {
  id: string;
  name: string;
  description: string | null;
  isDefault: boolean;
  createdBy: string;
  /** Milliseconds. */
  createdAt: number;
  archivedAt: number | null;
  versionId: string;
  versionNumber: number;
  rulesCount: number;
}

export type DictionaryWithRules = DictionarySummary & { rules: PronunciationRule[] };

/** A request's choice of dictionary: its id, and a version (the latest when null). */
export interface DictionaryLocator {
  id: string;
  versionId: string | null;
}

/** The rules one synthesis applies, and what keys the response cache: each dictionary's version. */
export interface AppliedDictionaries {
  rules: PronunciationRule[];
  versions: { id: string; versionId: string }[];
}

/** What dictionaries a synthesis may read (the speech services depend on this only). */
export interface PronunciationSource {
  forSynthesis(accountUid: string, locators?: readonly DictionaryLocator[]): Promise<AppliedDictionaries>;
}

export interface NewDictionary {
  name: string;
  description: string | null;
}

const newId = () => randomBytes(10).toString('hex');

/**
 * An account's pronunciation dictionaries: made from rules or from a W3C PLS lexicon, each change
 * (rules added or removed) a new version, within the plan's limits (dictionary-limits.ts). Another
 * account's dictionary is not found. Syntheses read the rules of the dictionaries a request
 * names plus the account's defaults.
 */
export class PronunciationDictionaryService implements PronunciationSource {
  private readonly versionRules = new VersionRulesCache();

  constructor(private readonly deps: { repository: PronunciationDictionaryRepository; clock: Clock }) {}

  async create(accountUid: string, plan: string, dictionary: NewDictionary, rules: readonly PronunciationRule[]): Promise<DictionarySummary> {
    const limits = dictionaryLimitsOf(plan);
    const checked = this.checkRules(rules, plan);
    if ((await this.deps.repository.countByAccount(accountUid)) >= limits.dictionaries) {
      throw new PronunciationDictionaryError('dictionary_limit_reached', `The ${plan} plan allows ${limits.dictionaries} pronunciation dictionaries; delete one first.`);
    }
    const id = newId();
    const now = this.deps.clock.now();
    const version = this.versionOf(checked, now);
    await this.deps.repository.insert({ id, account_uid: accountUid, name: dictionary.name, description: dictionary.description, is_default: 0, created_at: now }, version);
    return summaryOf((await this.deps.repository.findOwned(accountUid, id))!);
  }

  /** A dictionary from a PLS lexicon's text. */
  async createFromLexicon(accountUid: string, plan: string, dictionary: NewDictionary, lexicon: string): Promise<DictionarySummary> {
    let rules: PronunciationRule[];
    try {
      rules = rulesFromLexicon(lexicon);
    } catch (error) {
      if (error instanceof LexiconError) throw new PronunciationDictionaryError('invalid_lexicon', `The file is not a PLS lexicon Orator can read: ${error.message}`);
      throw error;
    }
    return this.create(accountUid, plan, dictionary, rules);
  }

  async list(accountUid: string, includeArchived = false): Promise<DictionarySummary[]> {
    return (await this.deps.repository.listByAccount(accountUid, includeArchived)).map(summaryOf);
  }

  async get(accountUid: string, id: string): Promise<DictionaryWithRules> {
    const found = await this.find(accountUid, id);
    return { ...summaryOf(found), rules: rulesOf(found) };
  }

  /** One version as a PLS lexicon. */
  async download(accountUid: string, id: string, versionId: string): Promise<string> {
    const found = await this.deps.repository.findOwned(accountUid, id, versionId);
    if (!found) {
      await this.find(accountUid, id);
      throw new PronunciationDictionaryError('version_not_found', `The pronunciation dictionary ${id} has no version ${versionId}.`);
    }
    return lexiconOf(rulesOf(found));
  }

  /** A new version with these rules added; a rule for a string already there replaces it (as ElevenLabs does). */
  addRules(accountUid: string, plan: string, id: string, added: readonly PronunciationRule[]): Promise<DictionarySummary> {
    return this.change(accountUid, plan, id, (rules) => {
      const replaced = new Set(added.map((r) => r.stringToReplace));
      return [...rules.filter((r) => !replaced.has(r.stringToReplace)), ...added];
    });
  }

  /** A new version without the rules of these strings. */
  removeRules(accountUid: string, plan: string, id: string, strings: readonly string[]): Promise<DictionarySummary> {
    const removed = new Set(strings);
    return this.change(accountUid, plan, id, (rules) => rules.filter((r) => !removed.has(r.stringToReplace)));
  }

  /** Name, archived, default: no new version (the rules do not change). */
  async update(accountUid: string, id: string, changes: { name?: string; archived?: boolean; isDefault?: boolean }): Promise<DictionaryWithRules> {
    const found = await this.find(accountUid, id);
    if (changes.isDefault === true && !found.is_default) {
      if ((await this.deps.repository.defaultHeads(accountUid)).length >= maxDictionariesPerRequest) {
        throw new PronunciationDictionaryError('too_many_dictionaries', `At most ${maxDictionariesPerRequest} dictionaries can be default; unset one first.`);
      }
    }
    await this.deps.repository.update(accountUid, id, {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.isDefault !== undefined ? { is_default: changes.isDefault ? 1 : 0 } : {}),
      ...(changes.archived !== undefined ? { archived_at: changes.archived ? (found.archived_at ?? this.deps.clock.now()) : null } : {}),
    });
    return this.get(accountUid, id);
  }

  async delete(accountUid: string, id: string): Promise<void> {
    if (!(await this.deps.repository.deleteOwned(accountUid, id))) throw notFound(id);
  }

  /**
   * The rules a synthesis of this account applies: the dictionaries the request names (in its
   * order, the version it names or the latest), then the account's defaults not named already.
   * Earlier dictionaries win for the same string.
   */
  async forSynthesis(accountUid: string, locators: readonly DictionaryLocator[] = []): Promise<AppliedDictionaries> {
    if (locators.length > maxDictionariesPerRequest) throw new PronunciationDictionaryError('too_many_dictionaries', `At most ${maxDictionariesPerRequest} pronunciation dictionaries per request.`);
    const chosen: { id: string; versionId: string; rules: PronunciationRule[] }[] = [];
    for (const locator of locators) {
      const found = await this.deps.repository.findOwned(accountUid, locator.id, locator.versionId ?? undefined);
      if (!found) {
        await this.find(accountUid, locator.id);
        throw new PronunciationDictionaryError('version_not_found', `The pronunciation dictionary ${locator.id} has no version ${locator.versionId}.`);
      }
      chosen.push({ id: found.id, versionId: found.version.version_id, rules: rulesOf(found) });
    }
    // The defaults: which versions apply is read fresh (one light query; kept until the next
    // write on SQLite), their rules come from the cache of immutable versions.
    for (const head of await this.deps.repository.defaultHeads(accountUid)) {
      if (chosen.some((c) => c.id === head.id)) continue;
      const rules = await this.rulesOfVersion(head.versionId);
      // Deleted between the two reads: as if it had been deleted just before.
      if (rules !== null) chosen.push({ id: head.id, versionId: head.versionId, rules });
    }
    // concat, not flatMap: V8's flatMap costs ~0.3 ms on 3,000 rules, concat ~7 µs.
    return { rules: ([] as PronunciationRule[]).concat(...chosen.map((c) => c.rules)), versions: chosen.map((c) => ({ id: c.id, versionId: c.versionId })) };
  }

  private async rulesOfVersion(versionId: string): Promise<PronunciationRule[] | null> {
    const kept = this.versionRules.get(versionId);
    if (kept !== undefined) return kept;
    const read = await this.deps.repository.versionRules(versionId);
    if (read === null) return null;
    const rules = JSON.parse(read.rules) as PronunciationRule[];
    this.versionRules.set(versionId, rules, read.bytes);
    return rules;
  }

  private async change(accountUid: string, plan: string, id: string, edit: (rules: PronunciationRule[]) => PronunciationRule[]): Promise<DictionarySummary> {
    const found = await this.find(accountUid, id);
    const rules = this.checkRules(edit(rulesOf(found)), plan);
    const added = await this.deps.repository.addVersion(accountUid, id, found.version.version_id, this.versionOf(rules, this.deps.clock.now()));
    if (!added) throw new PronunciationDictionaryError('version_conflict', `The pronunciation dictionary ${id} changed meanwhile; try again.`);
    return summaryOf((await this.deps.repository.findOwned(accountUid, id))!);
  }

  private async find(accountUid: string, id: string): Promise<DictionaryVersion> {
    const found = await this.deps.repository.findOwned(accountUid, id);
    if (!found) throw notFound(id);
    return found;
  }

  private checkRules(rules: readonly PronunciationRule[], plan: string): PronunciationRule[] {
    const limits = dictionaryLimitsOf(plan);
    for (const rule of rules) {
      if (rule.stringToReplace.trim() === '') throw new PronunciationDictionaryError('invalid_rules', 'A rule has an empty string_to_replace.');
      if (rule.type === 'alias' && rule.alias.trim() === '') throw new PronunciationDictionaryError('invalid_rules', `The rule of "${rule.stringToReplace.slice(0, 40)}" has an empty alias.`);
      if (rule.type === 'phoneme' && (rule.phoneme.trim() === '' || rule.alphabet !== 'ipa')) {
        throw new PronunciationDictionaryError('invalid_rules', `The rule of "${rule.stringToReplace.slice(0, 40)}" needs a phoneme in the ipa alphabet.`);
      }
      if (rule.type === 'phoneme') {
        try {
          checkIpa(rule.phoneme);
        } catch (error) {
          if (error instanceof InvalidPhonemeError) throw new PronunciationDictionaryError('invalid_phoneme', `The rule of "${rule.stringToReplace.slice(0, 40)}": ${error.message}.`);
          throw error;
        }
      }
    }
    if (rules.length > limits.rules) throw new PronunciationDictionaryError('dictionary_limit_reached', `The ${plan} plan allows ${limits.rules} rules per dictionary (this version would have ${rules.length}).`);
    const bytes = rules.reduce((sum, r) => sum + ruleBytes(r), 0);
    if (bytes > limits.bytes) throw new PronunciationDictionaryError('dictionary_limit_reached', `The ${plan} plan allows ${limits.bytes} bytes of rules per dictionary (this version would have ${bytes}).`);
    return [...rules];
  }

  private versionOf(rules: readonly PronunciationRule[], now: number) {
    return { version_id: newId(), rules: JSON.stringify(rules), rules_count: rules.length, bytes: rules.reduce((sum, r) => sum + ruleBytes(r), 0), created_at: now };
  }
}

function notFound(id: string): PronunciationDictionaryError {
  return new PronunciationDictionaryError('dictionary_not_found', `The pronunciation dictionary ${id} was not found.`);
}

function rulesOf(found: DictionaryVersion): PronunciationRule[] {
  return JSON.parse(found.version.rules) as PronunciationRule[];
}

function summaryOf(found: DictionaryVersion): DictionarySummary {
  return {
    id: found.id,
    name: found.name,
    description: found.description,
    isDefault: found.is_default === 1,
    createdBy: found.account_uid,
    createdAt: found.created_at,
    archivedAt: found.archived_at,
    versionId: found.version.version_id,
    versionNumber: found.version.version_number,
    rulesCount: found.version.rules_count,
  };
}
