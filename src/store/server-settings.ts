import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from './schema.js';

/** Deployment-wide key/value settings (table `server_settings`). */
export class ServerSettings {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async get(key: string): Promise<string | null> {
    const row = await this.db.selectFrom('server_settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value ?? null;
  }

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('server_settings')
      .values({ key, value, created_at: this.clock.now() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('server_settings').where('key', '=', key).execute();
  }

  /**
   * The value under `key`, creating it with `make()` if absent. When several nodes start at
   * once, exactly one insert wins and everyone reads the winner's value.
   */
  async getOrCreate(key: string, make: () => string): Promise<string> {
    await this.db
      .insertInto('server_settings')
      .values({ key, value: make(), created_at: this.clock.now() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const value = await this.get(key);
    if (value === null) throw new Error(`server setting ${key} vanished right after it was written`);
    return value;
  }
}
