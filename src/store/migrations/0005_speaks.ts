import type { Kysely } from 'kysely';

/**
 * The earlier interface's durable state: speaks (one synthesis job each), upload slots for
 * `tts_mode: audio_file`, and webhook deliveries. Job scheduling itself lives in `jobs`; these
 * tables hold what the API answers with, so a speak survives any restart of its job.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('speaks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // The validated order (JSON) the job synthesizes from, and the request body as sent (JSON).
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('text_count', 'integer', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('audio_format', 'text', (c) => c.notNull())
    .addColumn('audio_key', 'text')
    .addColumn('content_type', 'text')
    .addColumn('sample_rate', 'integer')
    .addColumn('duration', 'double precision')
    .addColumn('synthesis_seconds', 'double precision')
    // Word timings on the input and on the normalized text (JSON), for prosody-meta.
    .addColumn('timing', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('speaks_uid').on('speaks').columns(['uid', 'created_at']).execute();
  await db.schema.createIndex('speaks_status').on('speaks').column('status').execute();

  await db.schema
    .createTable('speak_resources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('audio_format', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text')
    .addColumn('size', 'integer')
    // What was measured on the upload (JSON): duration, median F0, whether it decoded.
    .addColumn('analysis', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('uploaded_at', 'bigint')
    .execute();
  await db.schema.createIndex('speak_resources_uid').on('speak_resources').column('uid').execute();

  await db.schema
    .createTable('webhook_deliveries')
    // The Standard Webhooks `webhook-id`: the same on every attempt.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('speak_id', 'text', (c) => c.notNull().unique())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('speak_resources').execute();
  await db.schema.dropTable('speaks').execute();
}
