import type { FastifyInstance } from 'fastify';
import { Registry, collectDefaultMetrics } from 'prom-client';
import type { CoreServices } from '../app/services.js';
import { instrumentOutages } from './instrument-services.js';
import { createOutageMetrics } from './metrics.js';
import { serveRegistry } from './metrics-route.js';

const instrumented = new WeakMap<object, Registry>();

/**
 * `GET /metrics` of a worker node: the process's own metrics and what happens only where jobs run,
 * the retries of outages waited out and the jobs the reconciler queued again (the HTTP and
 * cluster-wide gauges are the API nodes'). Same token rules as the API nodes' /metrics.
 */
export function registerWorkerMetrics(app: FastifyInstance, services: Pick<CoreServices, 'config' | 'retries' | 'reconciler'>): void {
  let registry = instrumented.get(services);
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'orator_' });
    instrumentOutages(services, createOutageMetrics(registry));
    instrumented.set(services, registry);
  }
  serveRegistry(app, services.config, registry);
}
