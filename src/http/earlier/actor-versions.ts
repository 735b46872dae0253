import type { FastifyInstance } from 'fastify';
import { versionsOfActor } from '../../services/speaks/actors.js';
import { errors } from '../api-error.js';
import { actorVersionShape } from './actor-version-shape.js';

/** `GET /api/actor/{id}/versions`: the actor's model versions, oldest first. */
export function registerActorVersions(api: FastifyInstance): void {
  api.get<{ Params: { id: string } }>('/actor/:id/versions', async (request) => {
    const versions = versionsOfActor(request.params.id);
    if (!versions) throw errors.notFound('No actor with this id');
    return { result: versions.map(actorVersionShape) };
  });
}
