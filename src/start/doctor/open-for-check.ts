import type { Config } from '../../config/config.js';
import { StartupError } from '../../config/startup-error.js';
import { openDatabase, type Store } from '../../store/database.js';
import { explainStartupFailure } from '../explain-failure.js';

/** Opens the database for one check (never migrating it) and always closes it; opening errors read as the start's. */
export async function withDatabase<T>(config: Config, use: (store: Store) => Promise<T>): Promise<T> {
  const store = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, connectTimeoutMs: config.databaseConnectTimeoutMs }).catch((error: unknown) => {
    const explained = explainStartupFailure(error, config);
    throw explained instanceof StartupError ? explained : error;
  });
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}
