import type { FastifyInstance, RouteShorthandOptions } from 'fastify';

/** The name of the route constraint that tells the interfaces sharing a path apart. */
export const credentialConstraint = 'credential';
/** The constraint's value on a request that carries `xi-api-key`. */
export const xiApiKeyCredential = 'xi-api-key';

/**
 * Some paths are both Typecast's and ElevenLabs' (`GET /v1/voices`, `GET /v1/voices/{id}`,
 * `GET /v2/voices`, `DELETE /v1/voices/{id}`) and one is OpenAI's too (`GET /v1/models`). The
 * credential decides which interface answers: a request with `xi-api-key` reaches the ElevenLabs
 * route (registered with this constraint), every other request the route registered without it,
 * exactly as before. The router derives the value from one header lookup.
 */
export function addCredentialConstraint(app: FastifyInstance): void {
  if (app.hasConstraintStrategy(credentialConstraint)) return;
  app.addConstraintStrategy({
    name: credentialConstraint,
    storage() {
      const handlers = new Map<string, unknown>();
      return {
        get: (value: string) => (handlers.get(value) ?? null) as never,
        set: (value: string, handler: unknown) => void handlers.set(value, handler),
      };
    },
    deriveConstraint: (request: { headers: Record<string, string | string[] | undefined> }) => (request.headers[xiApiKeyCredential] !== undefined ? xiApiKeyCredential : undefined),
    mustMatchWhenDerived: false,
  } as unknown as Parameters<FastifyInstance['addConstraintStrategy']>[0]);
}

/** Route options of an ElevenLabs route on a shared path: it answers only requests carrying `xi-api-key`. */
export const onSharedPath: Pick<RouteShorthandOptions, 'constraints'> = { constraints: { [credentialConstraint]: xiApiKeyCredential } };
