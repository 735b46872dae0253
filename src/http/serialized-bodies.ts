import type { FastifyReply } from 'fastify';

/** What Fastify writes as the content type of a JSON body it serializes itself. */
const jsonContentType = 'application/json; charset=utf-8';

/**
 * JSON bodies serialized once per source object, for routes whose answer is a function of objects
 * that are never changed, only replaced: a sign-in kept until the next write, a voice entry. A
 * request that finds its body sends the ready bytes; the route's own response serializer made
 * them, so the bytes and headers are those Fastify would have sent. Exact by construction: a
 * change anywhere gives a new source object, which has no body yet. `along` is anything else the
 * body depends on (compared by identity), such as the billing period. Held weakly: a body goes
 * with its source.
 */
export class SerializedBodies<Source extends object> {
  private readonly bodies = new WeakMap<Source, { along: unknown; body: Buffer }>();

  /** Sends the body for `source` (and `along`), rendering and serializing it first if it has none yet. */
  send(reply: FastifyReply, source: Source, render: (source: Source) => unknown, along?: unknown): FastifyReply {
    let kept = this.bodies.get(source);
    if (kept === undefined || kept.along !== along) {
      // A JSON serializer (the route's response schema, or JSON.stringify) always gives a string.
      kept = { along, body: Buffer.from(reply.serialize(render(source)) as string) };
      this.bodies.set(source, kept);
    }
    return reply.type(jsonContentType).send(kept.body);
  }
}
