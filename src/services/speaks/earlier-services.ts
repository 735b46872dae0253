import type { Services } from '../../app/services.js';
import { SpeakResourceService } from '../speak-resources/speak-resource-service.js';
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

/** What the earlier interface takes from the process's services. */
export type EarlierServiceDeps = Pick<
  Services,
  'config' | 'clock' | 'store' | 'blobs' | 'queue' | 'limiters' | 'urlSigner' | 'accounts' | 'synthesizer' | 'voices'
>;

/**
 * Wires the earlier interface's services, registers their job types on the queue, and queues
 * again any speak a crash left without its job. Call before `queue.start()`.
 */
export async function openEarlierServices(deps: EarlierServiceDeps): Promise<EarlierServices> {
  const { config, clock, store, blobs, queue, accounts } = deps;
  // PUBLIC_URL is read at each use: the test server learns its port after the services open.
  const publicUrl = () => config.publicUrl;
  const signer = deps.urlSigner;
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
