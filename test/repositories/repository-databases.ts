import { randomBytes } from 'node:crypto';
import { after, before, describe } from 'node:test';
import { openRepositories, type Repositories } from '../../src/repositories/index.js';
import type { Dialect, Store } from '../../src/store/database.js';
import { testDatabaseTargets, type TestDatabase } from '../contract/test-databases.js';

/** What a repository contract works with: the repositories over one database, and a second handle (another node). */
export interface RepositoryContext {
  dialect: Dialect;
  repos: Repositories;
  /** The open database behind `repos` (for what is not a repository, such as the database job queue). */
  store: Store;
  /** The same database through a second connection pool, as a second node would see it. */
  other: () => Promise<Repositories>;
  /** A fresh account on `plan`, straight through the repository; returns its uid. */
  account: (plan?: string, createdAt?: number) => Promise<string>;
}

/**
 * Runs `suite` once per database: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set
 * (in a fresh schema of its own, dropped afterwards).
 */
export function onEveryDatabase(name: string, suite: (context: RepositoryContext) => void): void {
  for (const target of testDatabaseTargets()) {
    describe(`${name} on ${target.dialect}`, () => {
      let database: TestDatabase;
      let store: Store;
      let second: Repositories | null = null;
      const context: RepositoryContext = {
        dialect: target.dialect,
        repos: null as unknown as Repositories,
        store: null as unknown as Store,
        async other() {
          second ??= openRepositories((await database.open()).db);
          return second;
        },
        async account(plan = 'free', createdAt = 1_700_000_000_000) {
          const uid = randomBytes(12).toString('hex');
          await context.repos.accounts.insert({
            uid,
            username: `user-${uid.slice(0, 8)}`,
            fullname: '',
            email: null,
            plan,
            enable_api: 1,
            api_key_hash: `key-${uid}`,
            api_token_hash: `token-${uid}`,
            api_token_encrypted: `enc-token-${uid}`,
            webhook_secret_encrypted: `enc-secret-${uid}`,
            callback_url: null,
            created_at: createdAt,
          });
          return uid;
        },
      };
      before(async () => {
        database = await target.create();
        store = await database.open();
        context.repos = openRepositories(store.db);
        context.store = store;
      });
      after(async () => {
        await database.dispose();
      });
      suite(context);
    });
  }
}

export const newId = () => randomBytes(12).toString('hex');
