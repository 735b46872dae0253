import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { addAdminExamples } from './admin-examples.js';
import { addCurrentExamples } from './current-examples.js';
import { earlierPaths } from './earlier-interface.js';
import { oratorLogo } from './orator-logo.js';

/** Version of the Typecast interface description this server follows. */
export const interfaceVersion = '0.1.2';

/**
 * OpenAPI for both interfaces. The current interface's routes registered after this, in this
 * scope, are described by @fastify/swagger from the very TypeBox schemas they validate with; the
 * earlier interface (validated by hand) is described in earlier-interface.ts and merged in.
 * Every request example is valid against this server (a test executes them all). `/openapi.json`
 * serves it; `/docs` is Swagger UI under Orator's name, its files served from the installed
 * package (nothing fetched from the internet). Both answer without a key.
 */
export async function registerOpenApi(scope: FastifyInstance): Promise<void> {
  await scope.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Orator: Typecast-compatible speech synthesis API',
        version: interfaceVersion,
        description:
          'Both Typecast interfaces as Orator serves them.\n\n' +
          '**Current interface** (X-API-KEY; /v1, /v2, /v3): errors are `{detail}`; schema violations are FastAPI 422s ' +
          '`{detail: [{loc, msg, type}]}`; text with nothing to speak is 422 `{error_code: "TEXT_NOT_SYNTHESIZABLE", message}`.\n\n' +
          '**Earlier interface** (Authorization: Bearer; /api): errors are `{message: {msg, error_code}}`; speaks are queued, ' +
          'polled at speak_v2_url and announced by a signed webhook.\n\n' +
          'Every example is valid here: "Try it out" with it answers the documented success.',
      },
      components: {
        securitySchemes: {
          ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-KEY' },
          BearerAuth: { type: 'http', scheme: 'bearer', description: 'The earlier interface: the api_token of `orator accounts create`' },
          AdminToken: { type: 'http', scheme: 'bearer', description: 'The admin API (/admin/v1): the ADMIN_TOKEN the server was started with' },
        },
      },
      security: [{ ApiKeyAuth: [] }],
      tags: [
        { name: 'voices', description: 'The voice catalog' },
        { name: 'text-to-speech', description: 'Synthesis' },
        { name: 'custom-voices', description: 'Voices cloned from a sample: create, list, read, delete' },
        { name: 'account', description: 'The account behind the key' },
        { name: 'earlier interface', description: 'Bearer token, /api: actors, speaks (queued, polled, webhooks), direct synthesis' },
        { name: 'admin', description: 'Operators, /admin/v1 (only when ADMIN_TOKEN is set): accounts, keys, audit log. Errors are `{detail, code}`' },
      ],
    },
    transformObject: (document) => {
      const openapiObject = (document as { openapiObject: { paths?: object } }).openapiObject;
      const paths = (openapiObject.paths ?? {}) as Parameters<typeof addCurrentExamples>[0];
      addCurrentExamples(paths);
      addAdminExamples(paths);
      return { ...openapiObject, paths: { ...paths, ...earlierPaths } };
    },
  });
  await scope.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { deepLinking: true },
    staticCSP: true,
    logo: { type: 'image/svg+xml', content: oratorLogo },
    theme: { title: 'Orator API' },
  });
  scope.get('/openapi.json', { schema: { hide: true } }, async () => scope.swagger());
}
