// A separate process that opens a database and migrates it, to test nodes starting together.
import { openDatabase, type OpenDatabaseOptions } from '../../src/store/database.js';
import { migrateToLatest } from '../../src/store/migrate.js';

const options = JSON.parse(process.argv[2]) as OpenDatabaseOptions;
const store = await openDatabase(options);
try {
  process.stdout.write(JSON.stringify(await migrateToLatest(store)));
} finally {
  await store.close();
}
