import type { Services } from '../app/services.js';
import type { SpeechRequest } from '../synthesis/pipeline/speech-request.js';
import type { CoreServices } from '../app/services.js';
import type { Metrics } from './metrics.js';

/** The engine tier a request renders on (espeak, flite, …), as the metric label. */
function tierOf(request: SpeechRequest): string {
  try {
    return request.render(request.language ?? 'eng').voice.engine;
  } catch {
    return 'unknown';
  }
}

/**
 * Counts what the services do without their knowing: the synthesizer (engine seconds and audio
 * seconds per tier), the limiters (refusals) and the credit ledger, each wrapped on its instance.
 * Every service holds these same instances, so every interface is counted.
 */
export function instrumentServices(services: Services, metrics: Metrics): void {
  const { synthesizer, limiters, accounts } = services;

  services.speechCache.onLookup = (outcome) => metrics.cacheLookups.inc({ outcome });
  instrumentOutages(services, metrics);

  services.maintenance.retention.listeners.push((report) => {
    for (const [kind, freed] of Object.entries(report)) {
      metrics.retentionRows.inc({ kind }, freed.rows);
      metrics.retentionBytes.inc({ kind }, freed.bytes);
    }
  });

  const synthesize = synthesizer.synthesize.bind(synthesizer);
  synthesizer.synthesize = async (request, onProgress) => {
    const started = performance.now();
    const speech = await synthesize(request, onProgress);
    const tier = tierOf(request);
    metrics.synthesisSeconds.inc({ tier }, (performance.now() - started) / 1000);
    metrics.audioSeconds.inc({ tier }, speech.duration);
    return speech;
  };

  const sentences = synthesizer.sentences.bind(synthesizer);
  synthesizer.sentences = async function* (request, options) {
    const tier = tierOf(request);
    const source = sentences(request, options);
    try {
      for (;;) {
        const started = performance.now();
        const next = await source.next();
        if (next.done) return;
        metrics.synthesisSeconds.inc({ tier }, (performance.now() - started) / 1000);
        metrics.audioSeconds.inc({ tier }, next.value.samples.length / next.value.sampleRate);
        yield next.value;
      }
    } finally {
      await source.return(undefined);
    }
  };

  const tryAcquire = limiters.concurrency.tryAcquire.bind(limiters.concurrency);
  limiters.concurrency.tryAcquire = async (key, limit) => {
    const release = await tryAcquire(key, limit);
    if (!release) metrics.limiterRefusals.inc({ kind: 'concurrency' });
    return release;
  };
  const hit = limiters.rate.hit.bind(limiters.rate);
  limiters.rate.hit = async (key, limit, windowMs) => {
    const decision = await hit(key, limit, windowMs);
    if (!decision.allowed) metrics.limiterRefusals.inc({ kind: 'rate' });
    return decision;
  };

  const debit = accounts.debitCredits.bind(accounts);
  accounts.debitCredits = async (uid, n) => {
    const paid = await debit(uid, n);
    if (paid) metrics.creditsCharged.inc(n);
    return paid;
  };
  const refund = accounts.refundCredits.bind(accounts);
  accounts.refundCredits = async (uid, n) => {
    await refund(uid, n);
    metrics.creditsRefunded.inc(n);
  };
}

/** Counts the retries of outages waited out and the jobs the reconciler queued again (every role). */
export function instrumentOutages(services: Pick<CoreServices, 'retries' | 'reconciler'>, metrics: Pick<Metrics, 'backendRetries' | 'reconciledJobs'>): void {
  services.retries.onRetry = (backend) => metrics.backendRetries.inc({ backend });
  services.reconciler.listeners.push((report) => {
    for (const [kind, n] of Object.entries(report)) if (n > 0) metrics.reconciledJobs.inc({ kind }, n);
  });
}
