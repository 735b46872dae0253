import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { CoreServices } from '../app/services.js';
import { createLogger } from '../logging/create-logger.js';
import { quietHealthProbes } from '../logging/quiet-health-probes.js';
import { requestLoggerFactory } from '../logging/request-loggers.js';
import { registerHealth } from './site/health.js';
import type { FrontDoor } from './front-door.js';
import { dropUnusedConnectionsOnClose } from './drop-unused-connections.js';

/**
 * The HTTP server of a worker node (`--role worker`): only the probes `/healthz`, `/readyz` (and
 * `/health`); every other path is 404 `{detail}`, so a worker put behind a load balancer by
 * mistake serves nothing it should not. `door`: see buildApp.
 */
export async function buildWorkerApp(services: Pick<CoreServices, 'config' | 'store' | 'blobs'>, door?: FrontDoor): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: (door?.logger ?? createLogger({ level: services.config.logLevel })) as FastifyBaseLogger,
    childLoggerFactory: requestLoggerFactory,
    ...(door && { serverFactory: door.serverFactory }),
  });
  app.setErrorHandler((error, request, reply) => {
    request.log.error(error);
    return reply.status(500).send({ detail: 'Internal server error' });
  });
  quietHealthProbes(app, services.config.logLevel);
  dropUnusedConnectionsOnClose(app);
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: 'Not Found' }));
  registerHealth(app, services, door?.warming);
  return app;
}
