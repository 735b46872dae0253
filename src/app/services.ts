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
import { callbackUrlSeal } from '../security/callback-url-seal.js';
import { openRepositories, type Repositories } from '../repositories/index.js';
import { AccountService } from '../services/accounts/account-service.js';
import { PlanService } from '../services/accounts/plan-service.js';
import { AccountDeletion } from '../services/accounts/account-deletion.js';
import { PreviewService } from '../services/voices/preview-service.js';
import { VoiceCatalog } from '../services/voices/voice-catalog.js';
import { SpeechAdmission } from '../services/speech/admission.js';
import { SpeechService } from '../services/speech/speech-service.js';
import { SpeechCache } from '../services/speech/speech-cache.js';
import { PronunciationDictionaryService } from '../services/pronunciation-dictionaries/pronunciation-dictionary-service.js';
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
import { openMaintenance, type Maintenance } from '../services/maintenance/maintenance.js';
import { QueueReconciler, describeReconcile } from '../services/maintenance/queue-reconciler.js';
import { BackendRetries } from '../outages/backend-retries.js';

export type { EarlierServices } from './earlier-services.js';

/**
 * What every role of a node needs, wired once from the config: the state and its backends, and the
 * services the queued jobs run (speaks, webhook deliveries, professional clones). A worker node
 * (`--role worker`) opens only this.
 */
export interface CoreServices {
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
  /** Threads that analyse uploads for clones (`serve` warms them before it is ready). */
  adaptation: AdaptationPool;
  synthesizer: Synthesizer;
  /** Voice ids of requests → voices the account may use (built-in, later custom). */
  voices: VoiceResolver;
  /** Custom voices: instant and professional clones, their lifecycle and profiles. */
  customVoices: CustomVoiceService;
  /** The earlier interface: speaks (durable jobs), upload slots, completion webhooks. */
  earlier: EarlierServices;
  /** Accounts' pronunciation dictionaries: their versions, and the rules a synthesis applies. */
  pronunciationDictionaries: PronunciationDictionaryService;
  /**
   * The maintenance sweeps (abandoned clones, retention), each once per cluster; `serve` starts
   * `maintenance.scheduler` in the roles that do work (worker, all).
   */
  maintenance: Maintenance;
  /** Gives pending work without a live job its job again (at start, then a cluster sweep). */
  reconciler: QueueReconciler;
  /** Retries against unreachable backends (S3, Redis, the database), told to the metrics. */
  retries: BackendRetries;
  close(): Promise<void>;
}

/**
 * Everything a node that serves the interfaces works with (roles `all` and `api`, the CLI and the
 * tests): the core, plus what only HTTP requests use.
 */
export interface Services extends CoreServices {
  /** Preview audio of built-in voices (rendered once, kept in the blob store). */
  previews: PreviewService;
  /** The voices an account can list (its completed custom voices first); custom voices plug in through its CustomVoiceLister. */
  voiceCatalog: VoiceCatalog;
  /** Syntheses of the current interface: voice, model and emotion checks, concurrency slot, credits. */
  speech: SpeechService;
  /** Finished answers of identical synthesis requests, in the blob store, bounded by CACHE_MAX_BYTES. */
  speechCache: SpeechCache;
}

export interface OpenOptions {
  clock?: Clock;
}

/** The services of a node that serves HTTP: the core and the request-only services on top. */
export async function openServices(config: Config, options: OpenOptions = {}): Promise<Services> {
  return withHttpServices(await openCoreServices(config, options));
}

/** What only HTTP requests use, built over the core (no second database, pool or connection). */
export function withHttpServices(core: CoreServices): Services {
  const { config, clock, repositories, blobs, accounts, limiters, voices, synthesizer, pool, customVoices, pronunciationDictionaries } = core;
  const speechCache = new SpeechCache({ repository: repositories.synthesisCache, blobs, clock, maxBytes: config.cacheMaxBytes });
  return {
    ...core,
    previews: new PreviewService(synthesizer, blobs),
    voiceCatalog: new VoiceCatalog(customVoices),
    speech: new SpeechService({ voices, synthesizer, pool, admission: new SpeechAdmission(accounts, limiters.concurrency), cache: speechCache, pronunciation: pronunciationDictionaries }),
    speechCache,
    accountDeletion: new AccountDeletion({
      accounts: repositories.accounts,
      data: repositories.accountData,
      audit: repositories.audit,
      blobs,
      queue: core.queue,
      clock,
      storesUnderWay: () => speechCache.settled(),
    }),
    async close() {
      // Answers are stored behind their responses: the last ones land before the store closes.
      await speechCache.settled();
      await core.close();
    },
  };
}

/**
 * The core alone: what a worker node opens. The job types are registered on the queue here, in
 * every role (a producer reads a type's attempts from it); only `serve` decides whether this
 * process also consumes them (`queue.start`, roles `all` and `worker`).
 */
export async function openCoreServices(config: Config, options: OpenOptions = {}): Promise<CoreServices> {
  const clock = options.clock ?? systemClock;
  mkdirSync(config.dataDir, { recursive: true });
  const store = await openDatabase({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir, connectTimeoutMs: config.databaseConnectTimeoutMs });
  await migrateToLatest(store);
  const keys = await loadServerKeys(config, new ServerSettings(store.db, clock));
  const repositories = openRepositories(store.db, { callbackUrls: callbackUrlSeal(keys.encryption) });
  const blobs = await createBlobStore(config);
  configureEngines({ modelsDir: config.modelsDir, modelMemoryMb: config.modelMemoryMb });
  const pool = new SynthesisPool(config.synthWorkers, undefined, config.synthTaskBudgetSeconds);
  const synthesizer = new Synthesizer(pool);
  const queue = await createJobQueue(config, store, { clock });
  const limiters = await createLimiters(config, clock);
  const accounts = new AccountService(repositories.accounts, { encryptionKey: keys.encryption, clock, audit: repositories.audit, keys: repositories.keys, ownerChanges: { rate: limiters.rate, perHour: config.ownerChangesPerHour }, allowPrivateCallbacks: config.allowPrivateCallbacks });
  const urlSigner = new UrlSigner(keys.urlSigning, clock);
  // Clones render their calibration sentences in the (warm) synthesis threads.
  const adaptation = new AdaptationPool(1, config.cloneAnalysisBudgetSeconds, pool);
  const retries = new BackendRetries();
  const customVoices = new CustomVoiceService({
    repository: repositories.customVoices,
    blobs,
    queue,
    concurrency: limiters.concurrency,
    accounts,
    adaptation,
    tmpDir: path.join(config.dataDir, 'tmp', 'custom-voices'),
    clock,
    storageRetryMs: config.storageRetryMs,
    retries,
  });
  customVoices.registerJobs(queue);
  const voices = new ChainedVoiceResolver([new BuiltinVoiceResolver(), new CustomVoiceResolver(customVoices)]);
  // The earlier interface also speaks in the voice of an uploaded sample (tts_mode audio_file), adapted like a custom voice.
  const resourceVoices = new ResourceVoiceResolver({ resources: repositories.speakResources, blobs, adaptation, tmpDir: path.join(config.dataDir, 'tmp', 'speak-resources') });
  const earlierVoices = new ChainedVoiceResolver([voices, resourceVoices]);
  const pronunciationDictionaries = new PronunciationDictionaryService({ repository: repositories.pronunciationDictionaries, clock });
  const earlier = await openEarlierServices({
    publicUrl: () => config.publicUrl,
    allowPrivateCallbacks: config.allowPrivateCallbacks,
    clock,
    repositories,
    blobs,
    queue,
    rate: limiters.rate,
    concurrency: limiters.concurrency,
    urlSigner,
    accounts,
    synthesizer,
    voices: earlierVoices,
    pronunciation: pronunciationDictionaries,
    speakRetentionMs: config.speakRetentionMs,
    storageRetryMs: config.storageRetryMs,
    retries,
    webhookAccountConcurrency: config.webhookAccountConcurrency,
    webhookTimeoutMs: config.webhookTimeoutMs,
  });
  const reconciler = new QueueReconciler({ speaks: earlier.speaks, 'webhook deliveries': earlier.webhooks, 'professional clones': customVoices });
  const maintenance = openMaintenance({
    clock,
    sweepRuns: repositories.sweepRuns,
    retention: {
      speaks: repositories.speaks,
      resources: repositories.speakResources,
      deliveries: repositories.deliveries,
      queue,
      blobs,
      periods: { speakMs: config.speakRetentionMs, uploadMs: config.uploadRetentionMs, jobMs: config.jobRetentionMs },
    },
    retentionPeriodMs: config.retentionSweepMs,
    // Instant clones a dead process left `training` become `failed` (professional ones resume by their job).
    sweeps: [...customVoices.sweeps(), reconciler.sweep(config.reconcileMs)],
  });
  reconciler.listeners.push((report) => {
    const line = describeReconcile(report);
    if (line) maintenance.log.info(line);
  });
  // At start too: what a crash or an emptied queue left without its job is queued before work begins.
  await reconciler.run();
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
    adaptation,
    synthesizer,
    voices,
    customVoices,
    earlier,
    pronunciationDictionaries,
    maintenance,
    reconciler,
    retries,
    async close() {
      await queue.stop({ timeoutMs: 10_000 });
      await queue.close?.();
      await maintenance.scheduler.stop();
      await customVoices.idle();
      await adaptation.close();
      await pool.close();
      await limiters.close();
      blobs.close?.();
      await store.close();
    },
  };
}
