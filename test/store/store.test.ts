import { storeContract } from '../contract/store.contract.js';
import { testDatabaseTargets } from '../contract/test-databases.js';

// SQLite always; PostgreSQL too when TEST_DATABASE_URL is set.
for (const target of testDatabaseTargets()) storeContract(target);
