import type { FastifyInstance } from 'fastify';
import { findActorVersion } from '../../services/speaks/actor-versions.js';
import { versionsOfActor } from '../../services/speaks/actors.js';
import { errors } from '../api-error.js';
import { actorVersionShape } from './actor-version-shape.js';

/** `GET /api/actor/{id}/versions/{version}`: one version by name (`v2`) or alias (`first`, `latest`); 404 when absent. */
export function registerActorVersion(api: FastifyInstance): void {
  api.get<{ Params: { id: string; version: string } }>('/actor/:id/versions/:version', async (request) => {
    const versions = versionsOfActor(request.params.id);
    if (!versions) throw errors.notFound('No actor with this id');
    const version = findActorVersion(versions, request.params.version);
    if (!version) throw errors.notFound(`This actor has no version "${request.params.version.slice(0, 64)}"`);
    return { result: actorVersionShape(version) };
  });
}
