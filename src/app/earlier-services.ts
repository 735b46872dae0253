import type { BlobStore } from '../blobs/blob-store.js';
import type { Clock } from '../clock.js';
import type { ConcurrencyLimiter, RateLimiter } from '../limits/limiter.js';
import type { JobQueue } from '../queue/job-queue.js';
import type { DeliveryRepository, Repositories, SpeakRepository } from '../repositories/index.js';
import type { UrlSigner } from '../security/url-signer.js';
import type { AccountService } from '../services/accounts/account-service.js';
import { SpeakResourceService } from '../services/speak-resources/speak-resource-service.js';
import { speakJob } from '../services/speaks/speak-job.js';
import { SpeakService } from '../services/speaks/speak-service.js';
import type { PronunciationSource } from '../services/pronunciation-dictionaries/pronunciation-dictionary-service.js';
import { SpeakUrls } from '../services/speaks/speak-urls.js';
import type { VoiceResolver } from '../services/voices/voice-resolver.js';
import { webhookJob } from '../services/webhooks/webhook-job.js';
import { WebhookService } from '../services/webhooks/webhook-service.js';
import type { Synthesizer } from '../synthesis/pipeline/synthesizer.js';
import type { BackendRetries } from '../outages/backend-retries.js';

/** The services of the earlier interface: speaks and their job, upload slots, webhooks and their job. */
export interface EarlierServices {
  speaks: SpeakService;
  /** The speaks repository (read by tests and benchmarks). */
  speakStore: SpeakRepository;
  urls: SpeakUrls;
  resources: SpeakResourceService;
  webhooks: WebhookService;
  /** The webhook deliveries repository. */
  deliveries: DeliveryRepository;
}

/** Exactly what the earlier interface's services need. */
export interface EarlierServiceDeps {
  /** PUBLIC_URL, read at each use: the test server learns its port after the services open. */
  publicUrl: () => string;
  /** ALLOW_PRIVATE_CALLBACKS: whether webhooks may go to private addresses. */
  allowPrivateCallbacks: boolean;
  clock: Clock;
  repositories: Pick<Repositories, 'speaks' | 'deliveries' | 'speakResources'>;
  blobs: BlobStore;
  queue: JobQueue;
  rate: RateLimiter;
  concurrency: ConcurrencyLimiter;
  urlSigner: UrlSigner;
  accounts: AccountService;
  synthesizer: Synthesizer;
  /** Voices of speaks: built-in, custom, and uploaded samples. */
  voices: VoiceResolver;
  /** The accounts' default pronunciation dictionaries, applied to speaks too. */
  pronunciation?: PronunciationSource;
  /** SPEAK_RETENTION_HOURS in ms: how long a finished speak is answered. */
  speakRetentionMs?: number;
  /** STORAGE_RETRY_SECONDS in ms: how long a speak's job waits out an unreachable storage. */
  storageRetryMs?: number;
  /** Where retries against unreachable backends are told (the metrics). */
  retries?: BackendRetries;
  /** WEBHOOK_ACCOUNT_CONCURRENCY: one account's webhook attempts in flight at once. */
  webhookAccountConcurrency?: number;
  /** WEBHOOK_TIMEOUT_SECONDS in ms: one delivery attempt. Default 10 s. */
  webhookTimeoutMs?: number;
}

/**
 * Wires the earlier interface's services and registers their job types on the queue. Call before
 * `queue.start()`. (Speaks and deliveries left without their job are queued again by the queue
 * reconciler, which runs at start.)
 */
export async function openEarlierServices(deps: EarlierServiceDeps): Promise<EarlierServices> {
  const { clock, blobs, queue, accounts, publicUrl, repositories } = deps;
  const signer = deps.urlSigner;
  const urls = new SpeakUrls(publicUrl, signer);
  const resources = new SpeakResourceService({ resources: repositories.speakResources, blobs, signer, clock, publicUrl, accounts, rate: deps.rate });
  const webhooks = new WebhookService({
    deliveries: repositories.deliveries,
    speaks: repositories.speaks,
    urls,
    accounts,
    queue,
    clock,
    post: { timeoutMs: deps.webhookTimeoutMs ?? 10_000, allowPrivate: deps.allowPrivateCallbacks },
    accountSlots: deps.webhookAccountConcurrency ? { limiter: deps.concurrency, limit: deps.webhookAccountConcurrency } : undefined,
  });
  const speaks = new SpeakService({
    store: repositories.speaks,
    accounts,
    rate: deps.rate,
    concurrency: deps.concurrency,
    queue,
    blobs,
    synthesizer: deps.synthesizer,
    clock,
    voices: deps.voices,
    resources,
    pronunciation: deps.pronunciation,
    finished: webhooks,
    retentionMs: deps.speakRetentionMs,
    storageRetryMs: deps.storageRetryMs,
    retries: deps.retries,
  });
  queue.register(speakJob(speaks));
  queue.register(webhookJob(webhooks, deps.retries));
  return { speaks, speakStore: repositories.speaks, urls, resources, webhooks, deliveries: repositories.deliveries };
}
