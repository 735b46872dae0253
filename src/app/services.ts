import { configureEngines } from '../synthesis/engines/engine-settings.js';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BlobStore } from '../blobs/blob-store.js';
import { createBlobStore } from '../blobs/create-blob-store.js';
import { systemClock, type Clock } from '../clock.js';
import type { Config } from '../config/config.js';
import { createLimiters, type Limiters } from '../limits/create-limiters.js';
import { createJobQueue } from '../queue/create-job-queue.js';
import type { JobQueue } from '../queue/job-queue.js';
import { loadServerKeys, type ServerKeys } from '../security/server-keys.js';
import { UrlSigner } from '../security/url-signer.js';
import { openRepositories, type Repositories } from '../repositories/index.js';
import { AccountService } from '../services/accounts/account-service.js';
import { PlanService } from '../services/accounts/plan-service.js';
import { AccountDeletion } from '../services/accounts/account-deletion.js';
import { PreviewService } from '../services/voices/preview-service.js';
import { VoiceCatalog } from '../services/voices/voice-catalog.js';
import { SpeechAdmission } from '../services/speech/admission.js';
import { SpeechService } from '../services/speech/speech-service.js';
import { SpeechCache } from '../services/speech/speech-cache.js';
import { BuiltinVoiceResolver, ChainedVoiceResolver, type VoiceResolver } from '../services/voices/voice-resolver.js';
import { CustomVoiceResolver, CustomVoiceService } from '../services/custom-voices/index.js';
import { ResourceVoiceResolver } from '../services/speak-resources/resource-voice-resolver.js';
import { AdaptationPool } from '../synthesis/adaptation/adaptation-pool.js';
import { openDatabase, type Store } from '../store/database.js';
import { migrateToLatest } from '../store/migrate.js';
import { ServerSettings } from '../store/server-settings.js';
import { SynthesisPool } from '../synthesis/pool/synthesis-pool.js';
import { Synthesizer } from '../synthesis/pipeline/synthesizer.js';
import { openEarlierServices, type EarlierServices } from './earlier-services.js';

export type { EarlierServices } from './earlier-services.js';

/** Everything a process of Orator works with, wired once from the config. */
export interface Services {
  config: Config;
  clock: Clock;
  store: Store;
  /** One repository per aggregate over `store`: the only code that reads or writes the database. */
  repositories: Repositories;
  blobs: BlobStore;
  queue: JobQueue;
  limiters: Limiters;
  keys: ServerKeys;
  urlSigner: UrlSigner;
  accounts: AccountService;
  plans: PlanService;
  /** Deletes an account and everything it owns (CLI `accounts delete`, the admin API). */
  accountDeletion: AccountDeletion;
  pool: SynthesisPool;
  synthesizer: Synthesizer;
  previews: PreviewService;
  /** Voice ids of requests → voices the account may use (built-in, later custom). */
  voices: VoiceResolver;
  /** Custom voices: instant and professional clones, their lifecycle and profiles. */
  customVoices: CustomVoiceService;
  /** The voices an account can list (its completed custom voices first); custom voices plug in through its CustomVoiceLister. */
  voiceCatalog: VoiceCatalog;
  /** Syntheses of the current interface: voice, model and emotion checks, concurrency slot, credits. */
  speech: SpeechService;
  /** Finished answers of identical synthesis requests, in the blob store, bounded by CACHE_MAX_BYTES. */
  speechCache: SpeechCache;
  /** The earlier interface: speaks (durable jobs), upload slots, completion webhooks. */
  earlier: EarlierServices;
  close(): Promise<void>;
}

export interface OpenOptions {
  clock?: Clock;
}

export async function openServices(config: Config, options: OpenOptions = {}): Promise<Services> {
  const clock = options.clock ?? systemClock;
  mkdirSync(config.dataDir, { recursive: true });
  const store = await openDatabase({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir, connectTimeoutMs: config.databaseConnectTimeoutMs });
  await migrateToLatest(store);
  const repositories = openRepositories(store.db);
  const keys = await loadServerKeys(config, new ServerSettings(store.db, clock));
  const blobs = await createBlobStore(config);
  configureEngines({ modelsDir: config.modelsDir, modelMemoryMb: config.modelMemoryMb });
  const pool = new SynthesisPool(config.synthWorkers);
  const synthesizer = new Synthesizer(pool);
  const queue = await createJobQueue(config, store, { clock });
  const limiters = await createLimiters(config, clock);
  const accounts = new AccountService(repositories.accounts, { encryptionKey: keys.encryption, clock, audit: repositories.audit, keys: repositories.keys });
  const urlSigner = new UrlSigner(keys.urlSigning, clock);
  const adaptation = new AdaptationPool(1);
  const customVoices = new CustomVoiceService({
    repository: repositories.customVoices,
    blobs,
    queue,
    concurrency: limiters.concurrency,
    accounts,
    adaptation,
    tmpDir: path.join(config.dataDir, 'tmp', 'custom-voices'),
    clock,
  });
  customVoices.registerJobs(queue);
  // Instant clones a dead process left `training` become `failed` (professional ones resume by their job).
  await customVoices.startMaintenance();
  const voices = new ChainedVoiceResolver([new BuiltinVoiceResolver(), new CustomVoiceResolver(customVoices)]);
  // The earlier interface also speaks in the voice of an uploaded sample (tts_mode audio_file), adapted like a custom voice.
  const resourceVoices = new ResourceVoiceResolver({ resources: repositories.speakResources, blobs, adaptation, tmpDir: path.join(config.dataDir, 'tmp', 'speak-resources') });
  const earlierVoices = new ChainedVoiceResolver([voices, resourceVoices]);
  const earlier = await openEarlierServices({
    publicUrl: () => config.publicUrl,
    allowPrivateCallbacks: config.allowPrivateCallbacks,
    clock,
    repositories,
    blobs,
    queue,
    rate: limiters.rate,
    urlSigner,
    accounts,
    synthesizer,
    voices: earlierVoices,
  });
  const speechCache = new SpeechCache({ repository: repositories.synthesisCache, blobs, clock, maxBytes: config.cacheMaxBytes });
  return {
    config,
    clock,
    store,
    repositories,
    blobs,
    queue,
    limiters,
    keys,
    urlSigner,
    accounts,
    plans: new PlanService(repositories.plans),
    accountDeletion: new AccountDeletion({ accounts: repositories.accounts, data: repositories.accountData, audit: repositories.audit, blobs, queue, clock }),
    pool,
    synthesizer,
    previews: new PreviewService(synthesizer, blobs),
    voices,
    customVoices,
    earlier,
    voiceCatalog: new VoiceCatalog(customVoices),
    speech: new SpeechService({ voices, synthesizer, pool, admission: new SpeechAdmission(accounts, limiters.concurrency), cache: speechCache }),
    speechCache,
    async close() {
      await queue.stop({ timeoutMs: 10_000 });
      await queue.close?.();
      await customVoices.stopMaintenance();
      await customVoices.idle();
      await adaptation.close();
      await pool.close();
      await limiters.close();
      blobs.close?.();
      await store.close();
    },
  };
}
