import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Every table Orator keeps, as Kysely sees it. One type for both SQLite and PostgreSQL, so the
 * columns stick to what both store the same way:
 * - timestamps are integer milliseconds since the epoch (bigint in PostgreSQL, returned as JS numbers);
 * - booleans are integers 0/1 (SQLite has no boolean type and better-sqlite3 refuses JS booleans);
 * - JSON is text, parsed by the code that owns it.
 */
export interface Database {
  plans: PlansTable;
  accounts: AccountsTable;
  server_settings: ServerSettingsTable;
  jobs: JobsTable;
  job_queue_clock: JobQueueClockTable;
  custom_voices: CustomVoicesTable;
  speaks: SpeaksTable;
  speak_resources: SpeakResourcesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  synthesis_cache: SynthesisCacheTable;
  account_audit: AccountAuditTable;
  account_keys: AccountKeysTable;
  sweep_runs: SweepRunsTable;
  upload_reservations: UploadReservationsTable;
  nodes: NodesTable;
  pronunciation_dictionaries: PronunciationDictionariesTable;
  pronunciation_dictionary_versions: PronunciationDictionaryVersionsTable;
}

/** 0 or 1. */
export type Flag = number;

export interface PlansTable {
  /** free, lite, plus, custom (the real tiers); operators may add more. */
  name: string;
  /** Simultaneous synthesis requests per account (current interface → 429 over it). */
  concurrency_limit: number;
  custom_voice_slot: number;
  professional_voice_slot: number;
  /** Characters of synthesis per period. */
  plan_credits: number;
  clone_allowed: Flag;
  prosody_meta_allowed: Flag;
  /** Synthesis requests per minute on the earlier interface. */
  speak_rate_per_minute: number;
  /** Clones one account may have in progress at once (→ 429 over it). */
  max_concurrent_clones: number;
  /** Professional clone trainings per period. */
  professional_clone_generations: number;
  /** Upload slots (`POST /api/speak/resource`) awaiting their upload at once. */
  upload_slots_open: Generated<number>;
  /** Bytes of uploads kept for the account at once. */
  upload_bytes: Generated<number>;
  /** New upload slots per hour. */
  upload_slots_per_hour: Generated<number>;
  /** How often credits renew: ISO 8601 duration of one unit (P1M, P1Y, P1W, P30D). */
  credit_period: Generated<string>;
}

/** When each cluster-wide maintenance sweep last ran (one row per sweep). */
export interface SweepRunsTable {
  name: string;
  last_run_at: number;
}

/** One running `orator serve` (migration 0014): see repositories/node-repository.ts. */
export interface NodesTable {
  id: string;
  role: string;
  hostname: string;
  host: string;
  port: number;
  pid: number;
  data_dir: string;
  public_url: string;
  has_redis: Flag;
  has_s3: Flag;
  started_at: number;
  heartbeat_at: number;
}

export interface AccountsTable {
  /** 24 lowercase hex. */
  uid: string;
  username: string;
  fullname: string;
  email: string | null;
  plan: string;
  enable_api: Flag;
  /** hex SHA-256 of the API key (X-API-KEY, current interface). */
  api_key_hash: string;
  /** hex SHA-256 of the api_token (Bearer, earlier interface). */
  api_token_hash: string;
  /** The api_token, AES-256-GCM with the server key, because GET /api/me shows it. */
  api_token_encrypted: string;
  /** `whsec_…` webhook signing secret, AES-256-GCM with the server key. */
  webhook_secret_encrypted: string;
  callback_url: string | null;
  used_credits: Generated<number>;
  used_professional_generations: Generated<number>;
  created_at: number;
  /** When an operator disabled the account (ms); null while it is enabled. */
  disabled_at: Generated<number | null>;
  /** Start (ms) of the billing period the usage counters belong to; null (rows written before) means created_at. */
  period_start: Generated<number | null>;
  /** Bumped by the database on every change to the account's custom voices (migration 0011): what caches of them are checked against. */
  voices_version: Generated<number>;
}

/** The API keys of each account (several per account), as SHA-256 digests. */
export interface AccountKeysTable {
  id: string;
  uid: string;
  key_hash: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
}

/** Every change an operator made to an account. */
export interface AccountAuditTable {
  /** 24 random hex. */
  id: string;
  uid: string;
  /** `cli` or `admin-api`. */
  actor: string;
  /** `create`, `set-plan`, `reset-usage`, `disable`, `enable`, … */
  action: string;
  /** JSON object. */
  details: string;
  /** ms since the epoch. */
  at: number;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
  created_at: number;
}

export type JobStateColumn = 'waiting' | 'active' | 'completed' | 'failed';

export interface JobsTable {
  /** Caller's idempotency id, or 24 random hex. */
  id: string;
  type: string;
  /** JSON. */
  payload: string;
  state: JobStateColumn;
  /** Earliest time (ms) the job may be claimed while waiting. */
  run_at: number;
  /** Attempts started so far; a claim counts as an attempt even if the worker then dies. */
  attempts: number;
  max_attempts: number;
  /** Random token of the claim that holds the lease; fences out a worker that lost it. */
  locked_by: string | null;
  /** While active: the lease end (ms). Past it, another worker may take the job over. */
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  /** Whose job it is (an account), for fair claiming; null for jobs that belong to nobody. */
  group_key: string | null;
  /** Start tag of fair queuing: claimed in increasing order among due jobs (DatabaseJobQueue). */
  fair_rank: number;
}

/** The database job queue's virtual clock: one row, the largest start tag claimed so far. */
export interface JobQueueClockTable {
  id: number;
  virtual_time: number;
}

export type PlanRow = Selectable<PlansTable>;
export type NewPlanRow = Insertable<PlansTable>;
export type PlanRowUpdate = Updateable<PlansTable>;
export type AccountRow = Selectable<AccountsTable>;
export type NewAccountRow = Insertable<AccountsTable>;
export type AccountAuditRow = Selectable<AccountAuditTable>;
export type JobRow = Selectable<JobsTable>;

/** One synthesis of the earlier interface (`POST /api/speak`). */
export interface SpeaksTable {
  /** 24 lowercase hex. */
  id: string;
  uid: string;
  status: 'progress' | 'done' | 'failed';
  /** JSON: the validated order the job synthesizes from. */
  params: string;
  /** JSON: the request body as sent (known fields), shown by prosody-meta as `query`. */
  query: string;
  actor_id: string | null;
  text_count: number;
  /** Credits debited at creation; refunded when the speak fails. */
  credits: number;
  /** wav | mp3 | mulaw */
  audio_format: string;
  audio_key: string | null;
  content_type: string | null;
  sample_rate: number | null;
  /** Seconds of audio. */
  duration: number | null;
  /** Seconds the synthesis took. */
  synthesis_seconds: number | null;
  /** JSON: word timings on the input and on the normalized text. */
  timing: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** An upload slot for `tts_mode: audio_file` (`POST /api/speak/resource`). */
export interface SpeakResourcesTable {
  id: string;
  uid: string;
  /** wav | mp3 | m4a, as declared when the slot was made. */
  audio_format: string;
  status: 'pending' | 'uploaded';
  blob_key: string | null;
  size: number | null;
  /** JSON: measurements of the upload. */
  analysis: string | null;
  created_at: number;
  /** The upload URL stops working at this time (ms). */
  expires_at: number;
  uploaded_at: number | null;
}

/** One completion webhook (all its attempts); `id` is the stable `webhook-id`. */
export interface WebhookDeliveriesTable {
  id: string;
  speak_id: string;
  uid: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  /** While an attempt is in flight: until when (ms) it holds the delivery (migration 0015). */
  attempt_until: Generated<number | null>;
}

export type SpeakRow = Selectable<SpeaksTable>;
export type SpeakResourceRow = Selectable<SpeakResourcesTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

export interface CustomVoicesTable {
  /** `uc_` + 24 lowercase hex. */
  voice_id: string;
  account_uid: string;
  name: string;
  /** ssfm-v21 or ssfm-v30: the voice is bound to it. */
  model: string;
  /** ISO 639-3 the voice was made for (professional clones name it), or null. */
  language: string | null;
  source: 'instant' | 'professional';
  status: 'pending' | 'training' | 'completed' | 'failed';
  /** A failure reason safe to show the owner, when failed. */
  error: string | null;
  /** VoiceProfile as JSON, once trained. */
  profile: string | null;
  /** Blob key of the original upload, once stored. */
  upload_key: string | null;
  created_at: number;
  updated_at: number;
}

export type CustomVoiceRow = Selectable<CustomVoicesTable>;

/** The response cache's index: one row per cached answer, its bytes in the blob store. */
export interface SynthesisCacheTable {
  key: string;
  blob_key: string;
  size: number;
  created_at: number;
  last_used_at: number;
  /** The account whose request stored it (deleted with the account); null for rows older than the column. */
  owner_uid?: string | null;
}
export type SynthesisCacheRow = Selectable<SynthesisCacheTable>;

/** Bytes an upload in flight may still store (see migration 0016); settled or given back when it ends. */
export interface UploadReservationsTable {
  id: string;
  uid: string;
  resource_id: string;
  bytes: number;
  created_at: number;
  /** Ignored from then on (a node that died mid-upload never settles its reservation). */
  expires_at: number;
}

/** A pronunciation dictionary of an account; its rules are in its versions. */
export interface PronunciationDictionariesTable {
  id: string;
  account_uid: string;
  name: string;
  description: string | null;
  /** 1: applies to every synthesis of the account, on every interface. */
  is_default: Flag;
  latest_version_id: string;
  /** 1 for the first version, one more for each change. */
  latest_version_number: number;
  created_at: number;
  archived_at: number | null;
}

/** One version of a dictionary, never changed once written. */
export interface PronunciationDictionaryVersionsTable {
  version_id: string;
  dictionary_id: string;
  version_number: number;
  /** The rules as JSON (PronunciationRule[]). */
  rules: string;
  rules_count: number;
  /** UTF-8 bytes of the rules' strings (a plan's allowance counts these). */
  bytes: number;
  created_at: number;
}

export type PronunciationDictionaryRow = Selectable<PronunciationDictionariesTable>;
export type PronunciationDictionaryVersionRow = Selectable<PronunciationDictionaryVersionsTable>;
