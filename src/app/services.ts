import { mkdirSync } from 'node:fs';
import type { BlobStore } from '../blobs/blob-store.js';
import { createBlobStore } from '../blobs/create-blob-store.js';
import { systemClock, type Clock } from '../clock.js';
import type { Config } from '../config/config.js';
import { createLimiters, type Limiters } from '../limits/create-limiters.js';
import { createJobQueue } from '../queue/create-job-queue.js';
import type { JobQueue } from '../queue/job-queue.js';
import { loadServerKeys, type ServerKeys } from '../security/server-keys.js';
import { UrlSigner } from '../security/url-signer.js';
import { AccountService } from '../services/accounts/account-service.js';
import { PlanService } from '../services/accounts/plan-service.js';
import { PreviewService } from '../services/voices/preview-service.js';
import { BuiltinVoiceResolver, ChainedVoiceResolver, type VoiceResolver } from '../services/voices/voice-resolver.js';
import { openDatabase, type Store } from '../store/database.js';
import { migrateToLatest } from '../store/migrate.js';
import { ServerSettings } from '../store/server-settings.js';
import { SynthesisPool } from '../synthesis/pool/synthesis-pool.js';
import { Synthesizer } from '../synthesis/pipeline/synthesizer.js';

/** Everything a process of Orator works with, wired once from the config. */
export interface Services {
  config: Config;
  clock: Clock;
  store: Store;
  blobs: BlobStore;
  queue: JobQueue;
  limiters: Limiters;
  keys: ServerKeys;
  urlSigner: UrlSigner;
  accounts: AccountService;
  plans: PlanService;
  pool: SynthesisPool;
  synthesizer: Synthesizer;
  previews: PreviewService;
  /** Voice ids of requests → voices the account may use (built-in, later custom). */
  voices: VoiceResolver;
  close(): Promise<void>;
}

export interface OpenOptions {
  clock?: Clock;
}

export async function openServices(config: Config, options: OpenOptions = {}): Promise<Services> {
  const clock = options.clock ?? systemClock;
  mkdirSync(config.dataDir, { recursive: true });
  const store = await openDatabase({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir });
  await migrateToLatest(store);
  const keys = await loadServerKeys(new ServerSettings(store.db, clock));
  const blobs = createBlobStore(config);
  const pool = new SynthesisPool(config.synthWorkers);
  const synthesizer = new Synthesizer(pool);
  const queue = createJobQueue(config, store, { clock });
  return {
    config,
    clock,
    store,
    blobs,
    queue,
    limiters: createLimiters(config, clock),
    keys,
    urlSigner: new UrlSigner(keys.urlSigning, clock),
    accounts: new AccountService(store.db, { encryptionKey: keys.encryption, clock }),
    plans: new PlanService(store.db),
    pool,
    synthesizer,
    previews: new PreviewService(synthesizer, blobs),
    voices: new ChainedVoiceResolver([new BuiltinVoiceResolver()]),
    async close() {
      await queue.stop({ timeoutMs: 10_000 });
      await pool.close();
      await store.close();
    },
  };
}
