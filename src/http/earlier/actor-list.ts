import type { FastifyInstance } from 'fastify';
import { listActors } from '../../services/speaks/actors.js';

/** `GET /api/actor`: every activated actor (each built-in voice), `{actor_id, name: {en, ko}}`. */
export function registerActorList(api: FastifyInstance): void {
  api.get('/actor', async () => ({
    result: listActors().map((voice) => ({ actor_id: voice.id, name: { en: voice.name.eng, ko: voice.name.kor } })),
  }));
}
