import type { BlobStore } from '../../blobs/blob-store.js';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config/config.js';
import type { Limiters } from '../../limits/create-limiters.js';
import type { JobQueue } from '../../queue/job-queue.js';
import type { ServerKeys } from '../../security/server-keys.js';
import { UrlSigner } from '../../security/url-signer.js';
import type { Store } from '../../store/database.js';
import type { Synthesizer } from '../../synthesis/pipeline/synthesizer.js';
import type { AccountService } from '../accounts/account-service.js';
import { SpeakResourceService } from '../speak-resources/speak-resource-service.js';
import type { VoiceResolver } from '../voices/voice-resolver.js';
import { DeliveryStore } from '../webhooks/delivery-store.js';
import { webhookJob } from '../webhooks/webhook-job.js';
import { WebhookService } from '../webhooks/webhook-service.js';
import { speakJob } from './speak-job.js';
import { SpeakService } from './speak-service.js';
import { SpeakStore } from './speak-store.js';
import { SpeakUrls } from './speak-urls.js';

/** The services of the earlier interface: speaks and their job, upload slots, webhooks and their job. */
export interface EarlierServices {
  speaks: SpeakService;
  speakStore: SpeakStore;
  urls: SpeakUrls;
  resources: SpeakResourceService;
  webhooks: WebhookService;
  deliveries: DeliveryStore;
}

export interface EarlierServiceDeps {
  config: Config;
  clock: Clock;
  store: Store;
  blobs: BlobStore;
  queue: JobQueue;
  limiters: Limiters;
  keys: ServerKeys;
  accounts: AccountService;
  synthesizer: Synthesizer;
  voices: VoiceResolver;
}

/**
 * Wires the earlier interface's services, registers their job types on the queue, and queues
 * again any speak a crash left without its job. Call before `queue.start()`.
 */
export async function openEarlierServices(deps: EarlierServiceDeps): Promise<EarlierServices> {
  const { config, clock, store, blobs, queue, accounts } = deps;
  // PUBLIC_URL is read at each use: the test server learns its port after the services open.
  const publicUrl = () => config.publicUrl;
  const signer = new UrlSigner(deps.keys.urlSigning, clock);
  const urls = new SpeakUrls(publicUrl, signer);
  const speakStore = new SpeakStore(store.db);
  const deliveries = new DeliveryStore(store.db);
  const resources = new SpeakResourceService({ db: store.db, blobs, signer, clock, publicUrl });
  const webhooks = new WebhookService({
    deliveries,
    speaks: speakStore,
    urls,
    accounts,
    queue,
    clock,
    post: { timeoutMs: 10_000, allowPrivate: config.allowPrivateCallbacks },
  });
  const speaks = new SpeakService({
    store: speakStore,
    accounts,
    rate: deps.limiters.rate,
    queue,
    blobs,
    synthesizer: deps.synthesizer,
    clock,
    voices: deps.voices,
    resources,
    finished: webhooks,
  });
  queue.register(speakJob(speaks));
  queue.register(webhookJob(webhooks));
  await speaks.recover();
  return { speaks, speakStore, urls, resources, webhooks, deliveries };
}
