import type { PronunciationDictionaryRow, PronunciationDictionaryVersionRow } from '../store/schema.js';
import { affected, type DatabaseHandle } from './database-handle.js';
import { ReadUntilWrite } from './read-until-write.js';

export type NewDictionaryVersion = Omit<PronunciationDictionaryVersionRow, 'dictionary_id' | 'version_number'>;
export type DictionaryChanges = Partial<Pick<PronunciationDictionaryRow, 'name' | 'is_default' | 'archived_at'>>;

/** A dictionary and the rules of one of its versions. */
export type DictionaryVersion = PronunciationDictionaryRow & { version: PronunciationDictionaryVersionRow };

/** Which version of a dictionary is the one to apply: ids only, no rules. */
export interface DictionaryHead {
  id: string;
  versionId: string;
}

/**
 * The `pronunciation_dictionaries` and `pronunciation_dictionary_versions` tables: an account's
 * dictionaries and their versions. Every lookup is by owner, so another account's dictionary is
 * not found.
 */
/** A version's columns beside its dictionary's, in every read that joins them. */
const versionColumns = ['v.version_number', 'v.rules', 'v.rules_count', 'v.bytes', 'v.created_at as version_created_at', 'v.version_id', 'v.dictionary_id'] as const;

export class PronunciationDictionaryRepository {
  /** The default heads per account, kept on SQLite until anything is written (ReadUntilWrite). */
  private readonly keptDefaultHeads: ReadUntilWrite<DictionaryHead[]>;

  constructor(private readonly db: DatabaseHandle) {
    this.keptDefaultHeads = new ReadUntilWrite(db);
  }

  /** A new dictionary with its first version. */
  async insert(dictionary: Omit<PronunciationDictionaryRow, 'latest_version_id' | 'latest_version_number' | 'archived_at'>, first: NewDictionaryVersion): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('pronunciation_dictionaries')
        .values({ ...dictionary, latest_version_id: first.version_id, latest_version_number: 1, archived_at: null })
        .execute();
      await trx.insertInto('pronunciation_dictionary_versions').values({ ...first, dictionary_id: dictionary.id, version_number: 1 }).execute();
    });
  }

  /**
   * A new version after `afterVersionId`, which must still be the latest: false when another
   * change came first (or the dictionary is gone), so two changes never fork the history.
   */
  async addVersion(accountUid: string, dictionaryId: string, afterVersionId: string, version: NewDictionaryVersion): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('pronunciation_dictionaries')
        .select('latest_version_number')
        .where('id', '=', dictionaryId)
        .where('account_uid', '=', accountUid)
        .where('latest_version_id', '=', afterVersionId)
        .executeTakeFirst();
      if (!current) return false;
      const number = current.latest_version_number + 1;
      const moved = await trx
        .updateTable('pronunciation_dictionaries')
        .set({ latest_version_id: version.version_id, latest_version_number: number })
        .where('id', '=', dictionaryId)
        .where('latest_version_id', '=', afterVersionId)
        .executeTakeFirst();
      if (affected(moved) === 0) return false;
      await trx.insertInto('pronunciation_dictionary_versions').values({ ...version, dictionary_id: dictionaryId, version_number: number }).execute();
      return true;
    });
  }

  /** The account's dictionaries, oldest first; archived ones only when asked. */
  async listByAccount(accountUid: string, includeArchived = false): Promise<DictionaryVersion[]> {
    const rows = await this.db
      .selectFrom('pronunciation_dictionaries as d')
      .innerJoin('pronunciation_dictionary_versions as v', 'v.version_id', 'd.latest_version_id')
      .selectAll('d')
      .select(versionColumns)
      .where('d.account_uid', '=', accountUid)
      .$if(!includeArchived, (q) => q.where('d.archived_at', 'is', null))
      .orderBy('d.created_at')
      .orderBy('d.id')
      .execute();
    return rows.map(withVersion);
  }

  /** A dictionary of this account with its latest version (or the version named), or null. */
  async findOwned(accountUid: string, dictionaryId: string, versionId?: string): Promise<DictionaryVersion | null> {
    const row = await this.db
      .selectFrom('pronunciation_dictionaries as d')
      .innerJoin('pronunciation_dictionary_versions as v', 'v.dictionary_id', 'd.id')
      .selectAll('d')
      .select(versionColumns)
      .where('d.account_uid', '=', accountUid)
      .where('d.id', '=', dictionaryId)
      .$if(versionId === undefined, (q) => q.whereRef('v.version_id', '=', 'd.latest_version_id'))
      .$if(versionId !== undefined, (q) => q.where('v.version_id', '=', versionId!))
      .executeTakeFirst();
    return row ? withVersion(row) : null;
  }

  /**
   * The latest version of each of the account's default dictionaries (not archived), oldest first:
   * what every synthesis asks, so it reads one table through its account index and no rules (a
   * version never changes, so its rules can be kept by version id: see version-rules-cache.ts).
   * Any add, remove, PATCH or DELETE moves `latest_version_id`, `is_default`, `archived_at` or the
   * row itself, so the next read sees it, from whichever node it came. On SQLite the answer is
   * kept until the next write to the database; on PostgreSQL it is read every time.
   */
  async defaultHeads(accountUid: string): Promise<DictionaryHead[]> {
    const heads = await this.keptDefaultHeads.get(accountUid, async () => {
      const rows = await this.db
        .selectFrom('pronunciation_dictionaries')
        .select(['id', 'latest_version_id'])
        .where('account_uid', '=', accountUid)
        .where('is_default', '=', 1)
        .where('archived_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: r.id, versionId: r.latest_version_id }));
    });
    return heads ?? [];
  }

  /** One version's rules (JSON) and their size, by the version's id; null when it is gone. */
  async versionRules(versionId: string): Promise<{ rules: string; bytes: number } | null> {
    const row = await this.db.selectFrom('pronunciation_dictionary_versions').select(['rules', 'bytes']).where('version_id', '=', versionId).executeTakeFirst();
    return row ? { rules: row.rules, bytes: Number(row.bytes) } : null;
  }

  /** How many dictionaries the account has (archived ones too: they still hold their rules). */
  async countByAccount(accountUid: string): Promise<number> {
    const row = await this.db.selectFrom('pronunciation_dictionaries').select((eb) => eb.fn.countAll<number>().as('n')).where('account_uid', '=', accountUid).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** False when the account has no dictionary of that id. */
  async update(accountUid: string, dictionaryId: string, changes: DictionaryChanges): Promise<boolean> {
    const result = await this.db.updateTable('pronunciation_dictionaries').set(changes).where('id', '=', dictionaryId).where('account_uid', '=', accountUid).executeTakeFirst();
    return affected(result) > 0;
  }

  /** Deletes a dictionary of this account and its versions; false when it has none of that id. */
  async deleteOwned(accountUid: string, dictionaryId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const owned = await trx.selectFrom('pronunciation_dictionaries').select('id').where('id', '=', dictionaryId).where('account_uid', '=', accountUid).executeTakeFirst();
      if (!owned) return false;
      await trx.deleteFrom('pronunciation_dictionary_versions').where('dictionary_id', '=', dictionaryId).execute();
      await trx.deleteFrom('pronunciation_dictionaries').where('id', '=', dictionaryId).execute();
      return true;
    });
  }
}

type JoinedRow = PronunciationDictionaryRow & {
  version_id: string;
  dictionary_id: string;
  version_number: number;
  rules: string;
  rules_count: number;
  bytes: number;
  version_created_at: number;
};

function withVersion(row: JoinedRow): DictionaryVersion {
  const { version_id, dictionary_id, version_number, rules, rules_count, bytes, version_created_at, ...dictionary } = row;
  return {
    ...dictionary,
    created_at: Number(dictionary.created_at),
    archived_at: dictionary.archived_at === null ? null : Number(dictionary.archived_at),
    version: { version_id, dictionary_id, version_number, rules, rules_count, bytes, created_at: Number(version_created_at) },
  };
}
