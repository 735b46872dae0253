import type { FastifyInstance } from 'fastify';

/** Paths load balancers and monitors poll; each probe would otherwise write two lines at info. */
const probePaths = ['/health', '/healthz', '/readyz'];

/**
 * Requests to the health probe are logged at debug (and trace), not at info: its route's
 * logger is raised to `warn` unless LOG_LEVEL asks for debug. Must run before routes register.
 */
export function quietHealthProbes(app: FastifyInstance, level: string): void {
  const verbose = level === 'debug' || level === 'trace';
  app.addHook('onRoute', (route) => {
    if (probePaths.includes(route.url) && !verbose) route.logLevel = 'warn';
  });
}
