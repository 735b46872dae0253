import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Every metric one server exposes, in a registry of its own (so several servers in one process never collide). */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Wall-clock seconds the engines spent, per engine tier; with audioSeconds it gives the real-time factor. */
  synthesisSeconds: Counter<'tier'>;
  audioSeconds: Counter<'tier'>;
  streamTtfb: Histogram<'route'>;
  limiterRefusals: Counter<'kind'>;
  creditsCharged: Counter;
  creditsRefunded: Counter;
  queueDepth: Gauge<'type'>;
  jobsRunning: Gauge<'type'>;
  jobsFailed: Gauge<'type'>;
  webhookDeliveries: Gauge<'outcome'>;
  /** Response cache lookups by outcome (hit, miss). */
  cacheLookups: Counter<'outcome'>;
  /** Rows the retention sweep removed, by kind (speaks, speak_resources, jobs, webhook_deliveries). */
  retentionRows: Counter<'kind'>;
  /** Blob bytes the retention sweep freed, by kind. */
  retentionBytes: Counter<'kind'>;
  /** Retries against an unreachable backend (s3, redis, database) while an outage is waited out. */
  backendRetries: Counter<'backend'>;
  /** Jobs the queue reconciler queued again (lost by the queue), by kind of work. */
  reconciledJobs: Counter<'kind'>;
}

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'orator_' });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({ name: 'orator_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers }),
    httpDuration: new Histogram({ name: 'orator_http_request_duration_seconds', help: 'Time from request to the end of the answer', labelNames: ['method', 'route', 'status'], buckets: latencyBuckets, registers }),
    synthesisSeconds: new Counter({ name: 'orator_synthesis_seconds_total', help: 'Wall-clock seconds spent synthesizing, by engine tier', labelNames: ['tier'], registers }),
    audioSeconds: new Counter({ name: 'orator_audio_seconds_total', help: 'Seconds of speech synthesized, by engine tier', labelNames: ['tier'], registers }),
    streamTtfb: new Histogram({ name: 'orator_stream_ttfb_seconds', help: 'Time from request to the first byte of a streamed answer', labelNames: ['route'], buckets: latencyBuckets, registers }),
    limiterRefusals: new Counter({ name: 'orator_limiter_refusals_total', help: 'Requests refused by a limiter, by kind (concurrency, rate)', labelNames: ['kind'], registers }),
    creditsCharged: new Counter({ name: 'orator_credits_charged_total', help: 'Credits (characters) debited from accounts', registers }),
    creditsRefunded: new Counter({ name: 'orator_credits_refunded_total', help: 'Credits given back (failed syntheses, streams left early)', registers }),
    queueDepth: new Gauge({ name: 'orator_queue_depth', help: 'Jobs waiting, by type (whole cluster)', labelNames: ['type'], registers }),
    jobsRunning: new Gauge({ name: 'orator_jobs_running', help: 'Jobs running, by type (whole cluster)', labelNames: ['type'], registers }),
    jobsFailed: new Gauge({ name: 'orator_jobs_failed', help: 'Jobs that failed for good, by type (whole cluster)', labelNames: ['type'], registers }),
    webhookDeliveries: new Gauge({ name: 'orator_webhook_deliveries', help: 'Webhook deliveries by outcome (pending, delivered, failed)', labelNames: ['outcome'], registers }),
    cacheLookups: new Counter({ name: 'orator_cache_lookups_total', help: 'Response cache lookups by outcome (hit, miss)', labelNames: ['outcome'], registers }),
    retentionRows: new Counter({ name: 'orator_retention_removed_rows_total', help: 'Rows the retention sweep removed, by kind', labelNames: ['kind'], registers }),
    retentionBytes: new Counter({ name: 'orator_retention_freed_bytes_total', help: 'Blob bytes the retention sweep freed, by kind', labelNames: ['kind'], registers }),
    ...createOutageMetrics(registry),
  };
}

/** The counters of outages and of the reconciler: every role has them (a worker node serves them alone). */
export function createOutageMetrics(registry: Registry): Pick<Metrics, 'backendRetries' | 'reconciledJobs'> {
  const registers = [registry];
  return {
    backendRetries: new Counter({ name: 'orator_backend_retries_total', help: 'Retries against an unreachable backend while an outage is waited out, by backend (s3, redis, database)', labelNames: ['backend'], registers }),
    reconciledJobs: new Counter({ name: 'orator_reconciled_jobs_total', help: 'Jobs the queue reconciler queued again because the queue had lost them, by kind of work', labelNames: ['kind'], registers }),
  };
}
