import type { Kysely } from 'kysely';

/**
 * The node registry (issue 30 item 8): every `orator serve` registers itself here, heartbeats and
 * deregisters on a clean stop, so that a node can see the others on its database (and refuse to
 * join a half-cluster) and `orator doctor` can list them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('nodes')
    /** Random per process start. */
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('role', 'text', (c) => c.notNull())
    /** os.hostname() of the machine (or container) it runs on. */
    .addColumn('hostname', 'text', (c) => c.notNull())
    /** HOST and PORT it listens on. */
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    /** Absolute DATA_DIR: nodes without S3 share files only through the same folder on the same machine. */
    .addColumn('data_dir', 'text', (c) => c.notNull())
    .addColumn('public_url', 'text', (c) => c.notNull())
    .addColumn('has_redis', 'integer', (c) => c.notNull())
    .addColumn('has_s3', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('nodes_heartbeat_at').on('nodes').column('heartbeat_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('nodes').execute();
}
