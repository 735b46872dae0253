import type { FastifyInstance } from 'fastify';
import type { Services } from '../app/services.js';
import { registerHttpMetrics } from './http-metrics.js';
import { instrumentServices } from './instrument-services.js';
import { createMetrics } from './metrics.js';
import { registerMetricsRoute } from './metrics-route.js';

/**
 * Prometheus metrics for one server: HTTP hooks, counters around the services, and `GET /metrics`.
 * Register on the root instance before any interface, so the hooks apply to every route.
 */
const instrumented = new WeakMap<Services, ReturnType<typeof createMetrics>>();

export function registerMetrics(app: FastifyInstance, services: Services): void {
  // One set per Services: an app built twice on the same services must not wrap them twice.
  let metrics = instrumented.get(services);
  if (!metrics) {
    metrics = createMetrics();
    instrumentServices(services, metrics);
    instrumented.set(services, metrics);
  }
  registerHttpMetrics(app, metrics);
  registerMetricsRoute(app, services, metrics);
}
