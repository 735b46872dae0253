import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import type { Clock } from '../../../src/clock.js';
import { AccountService } from '../../../src/services/accounts/account-service.js';
import { AccountServiceError } from '../../../src/services/accounts/errors.js';
import type { Store } from '../../../src/store/database.js';
import type { TestDatabase, TestDatabaseTarget } from '../../contract/test-databases.js';

/** Matches an AccountServiceError of one code (for assert.rejects). */
export const code = (c: AccountServiceError['code']) => (e: unknown) => e instanceof AccountServiceError && e.code === c;

/**
 * Inside a describe: a fresh database of `target` for the suite and an AccountService on it with
 * the given clock. Read the fields in tests (they are set by the suite's `before`).
 */
export function accountServiceSuite(target: TestDatabaseTarget, clock: Clock): { accounts: AccountService; store: Store } {
  const suite = {} as { accounts: AccountService; store: Store };
  let database: TestDatabase;
  before(async () => {
    database = await target.create();
    suite.store = await database.open();
    suite.accounts = new AccountService(suite.store.db, { encryptionKey: randomBytes(32), clock });
  });
  after(() => database.dispose());
  return suite;
}
