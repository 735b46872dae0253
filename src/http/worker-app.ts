import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { CoreServices } from '../app/services.js';
import { createLogger } from '../logging/create-logger.js';
import { quietHealthProbes } from '../logging/quiet-health-probes.js';
import { requestLoggerFactory } from '../logging/request-loggers.js';
import { registerHealth } from './site/health.js';
import { registerWorkerMetrics } from '../metrics/worker-metrics.js';
import type { FrontDoor } from './front-door.js';
import { dropUnusedConnectionsOnClose } from './drop-unused-connections.js';
import { limitRequestBodies } from './request-bodies/limit-request-bodies.js';

/**
 * The HTTP server of a worker node (`--role worker`): only the probes `/healthz`, `/readyz` (and
 * `/health`) and its own `/metrics` (under the same rules as the API nodes'); every other path is
 * 404 `{detail}`, so a worker put behind a load balancer by mistake serves nothing it should not.
 * `door`: see buildApp.
 */
export async function buildWorkerApp(services: Pick<CoreServices, 'config' | 'store' | 'blobs' | 'retries' | 'reconciler'>, door?: FrontDoor): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: (door?.logger ?? createLogger({ level: services.config.logLevel })) as FastifyBaseLogger,
    childLoggerFactory: requestLoggerFactory,
    ...(door && { serverFactory: door.serverFactory }),
  });
  app.setErrorHandler((error, request, reply) => {
    // A client's fault (a body too slow or too large for a path that does not exist anyway).
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return reply.status(status).send({ detail: (error as Error).message });
    request.log.error(error);
    return reply.status(500).send({ detail: 'Internal server error' });
  });
  quietHealthProbes(app, services.config.logLevel);
  dropUnusedConnectionsOnClose(app);
  limitRequestBodies(app, services.config);
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: 'Not Found' }));
  registerHealth(app, services, door?.warming);
  registerWorkerMetrics(app, services);
  return app;
}
