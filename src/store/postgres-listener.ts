import pg from 'pg';

/** A LISTEN on one channel; `close` ends it. */
export interface Listening {
  close(): Promise<void>;
}

/**
 * LISTEN on `channel` over a connection of its own (not one of the pool's, which are handed to
 * any query), calling `onNotify` for each NOTIFY. A lost connection is opened again after
 * `retryMs`, and `onNotify` is called then too, since notifications sent meanwhile were missed;
 * users keep a slower poll as well, so a listener that cannot connect only makes them slower.
 */
export function listenPostgres(config: pg.ClientConfig, channel: string, onNotify: () => void, retryMs = 1000): Listening {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client(config);
    next.on('notification', () => onNotify());
    next.on('error', () => {
      next.end().catch(() => undefined);
      if (client === next) client = null;
      if (!closed) retry = setTimeout(() => void connect(), retryMs);
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      onNotify();
    } catch {
      next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), retryMs);
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
