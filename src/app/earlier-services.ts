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
import { SpeakUrls } from '../services/speaks/speak-urls.js';
import type { VoiceResolver } from '../services/voices/voice-resolver.js';
import { webhookJob } from '../services/webhooks/webhook-job.js';
import { WebhookService } from '../services/webhooks/webhook-service.js';
import type { Synthesizer } from '../synthesis/pipeline/synthesizer.js';

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
  /** SPEAK_RETENTION_HOURS in ms: how long a finished speak is answered. */
  speakRetentionMs?: number;
}

/**
 * Wires the earlier interface's services, registers their job types on the queue, and queues
 * again any speak a crash left without its job. Call before `queue.start()`.
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
    post: { timeoutMs: 10_000, allowPrivate: deps.allowPrivateCallbacks },
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
    finished: webhooks,
    retentionMs: deps.speakRetentionMs,
  });
  queue.register(speakJob(speaks));
  queue.register(webhookJob(webhooks));
  await speaks.recover();
  return { speaks, speakStore: repositories.speaks, urls, resources, webhooks, deliveries: repositories.deliveries };
}
