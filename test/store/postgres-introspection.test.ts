import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { migrateToLatest } from '../../src/store/migrate.js';
import { testDatabaseTargets, type TestDatabase } from '../contract/test-databases.js';

const postgres = testDatabaseTargets().find((target) => target.dialect === 'postgres');

/**
 * Kysely's Migrator lists tables at every start. Listing every schema's tables by name made a
 * migration fail whenever another schema was dropped meanwhile (parallel test files sharing the
 * database did it): the listing must stay inside the store's own schema.
 */
describe('PostgreSQL introspection stays in the store schema', { skip: postgres ? false : 'TEST_DATABASE_URL is not set' }, () => {
  let database: TestDatabase;
  let admin: pg.Client;
  const neighbour = `orator_neighbour_${randomBytes(6).toString('hex')}`;
  before(async () => {
    database = await postgres!.create();
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema "${neighbour}"`);
    await admin.query(`create table "${neighbour}".accounts (id serial primary key, other text)`);
    await admin.query(`create table "${neighbour}".kysely_migration (name text)`);
  });
  after(async () => {
    await admin.query(`drop schema if exists "${neighbour}" cascade`);
    await admin.end();
    await database.dispose();
  });

  it("lists only its own schema's tables, the migration bookkeeping when asked", async () => {
    const store = await database.open();
    const tables = await store.db.introspection.getTables();
    assert.ok(tables.length > 0);
    assert.deepEqual(new Set(tables.map((table) => table.schema)), new Set([store.schema]));
    const accounts = tables.find((table) => table.name === 'accounts');
    assert.ok(accounts, 'the accounts table is listed');
    assert.ok(!accounts.columns.some((column) => column.name === 'other'), "the neighbour's columns are not merged in");
    assert.ok(!tables.some((table) => table.name.startsWith('kysely_migration')));
    const withBookkeeping = await store.db.introspection.getTables({ withInternalKyselyTables: true });
    assert.deepEqual(withBookkeeping.filter((table) => table.name.startsWith('kysely_migration')).map((table) => `${table.schema}.${table.name}`).sort(), [`${store.schema}.kysely_migration`, `${store.schema}.kysely_migration_lock`]);
  });

  it('migrates while other schemas, tables and all, are dropped', async () => {
    const store = await database.open();
    // Many tables being dropped one schema at a time: with the stock listing, about one
    // migration in ten failed here.
    const doomed = Array.from({ length: 40 }, (_, i) => `${neighbour}_${i}`);
    for (const name of doomed) {
      const tables = Array.from({ length: 15 }, (_, t) => `create table "${name}".t${t} (id serial primary key, a text)`);
      await admin.query(`create schema "${name}"; ${tables.join('; ')}`);
    }
    let dropping = true;
    const drops = (async () => {
      for (const name of doomed) await admin.query(`drop schema "${name}" cascade`);
      dropping = false;
    })();
    let runs = 0;
    try {
      for (; dropping || runs === 0; runs++) assert.deepEqual(await migrateToLatest(store), []);
    } finally {
      dropping = false;
      await drops;
    }
    assert.ok(runs > 0);
  });
});
