import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Services } from '../app/services.js';
import { createLogger } from '../logging/create-logger.js';
import { quietHealthProbes } from '../logging/quiet-health-probes.js';
import { requestLoggerFactory } from '../logging/request-loggers.js';
import { boundedErrorBody } from './bounded-error-body.js';
import { ApiError } from './api-error.js';
import { unavailableService } from './service-unavailable.js';
import { registerCurrentInterface } from './current/index.js';
import { registerEarlierInterface } from './earlier/index.js';
import { registerOpenAiInterface } from './openai/index.js';
import { registerElevenLabsInterface } from './elevenlabs/index.js';
import { registerMetrics } from '../metrics/index.js';
import { registerHealth } from './site/health.js';
import { registerPlayground } from './site/playground.js';
import { registerPreview } from './site/preview.js';
import { dropUnusedConnectionsOnClose } from './drop-unused-connections.js';
import { renderFrameworkError } from './framework-errors.js';
import { registerCors } from './cors.js';
import { limitRequestBodies } from './request-bodies/limit-request-bodies.js';
import type { FrontDoor } from './front-door.js';

/** Largest WebSocket message taken (a stream-input text message); larger ones close the socket with 1009. */
const maxWebSocketMessageBytes = 256 * 1024;

/**
 * The HTTP server. Each interface registers its routes in its own scope with its own error
 * renderer; routes outside both (health, previews) answer errors as `{detail}`. Built behind a
 * `door` (serve.ts: the server already listens), it serves that door's server and logs through its logger.
 */
export async function buildApp(services: Services, door?: FrontDoor): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: (door?.logger ?? createLogger({ level: services.config.logLevel })) as FastifyBaseLogger,
    ...(door && { serverFactory: door.serverFactory }),
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: 1024 * 1024,
    // Bodies of the earlier interface can carry a 350-character text; 1 MiB leaves room without inviting abuse.
    // URLs the router refuses (a path segment too long, bad percent-encoding), in each interface's shape.
    frameworkErrors: renderFrameworkError,
  });
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).headers(error.headers).send(boundedErrorBody({ detail: error.message }));
    const { statusCode: status, message } = error as { statusCode?: number; message?: string };
    if (status && status >= 400 && status < 500) return reply.status(status).send(boundedErrorBody({ detail: message ?? 'Bad request' }));
    const down = unavailableService(error);
    if (down) return reply.status(503).headers(down.headers).send({ detail: down.message });
    request.log.error(error);
    return reply.status(500).send({ detail: 'Internal server error' });
  });
  quietHealthProbes(app, services.config.logLevel);
  dropUnusedConnectionsOnClose(app);
  // Root hooks, before every interface's key check: body bounds, then CORS (preflights answered here).
  limitRequestBodies(app, services.config);
  await registerCors(app, services.config);
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ detail: 'Not Found' }));
  registerMetrics(app, services);
  registerHealth(app, services, door?.warming);
  registerPlayground(app);
  registerPreview(app, services);
  // Before every route, so that an upgrade to a path without a WebSocket route is refused.
  await app.register(websocket, { options: { maxPayload: maxWebSocketMessageBytes } });
  await registerCurrentInterface(app, services);
  await registerEarlierInterface(app, services);
  await registerOpenAiInterface(app, services);
  await registerElevenLabsInterface(app, services);
  return app;
}
