export { openDatabase, SQLITE_FILE_NAME, type Store, type Dialect, type OpenDatabaseOptions } from './database.js';
export { migrateToLatest, MigrationError } from './migrate.js';
export { ServerSettings } from './server-settings.js';
export type * from './schema.js';
