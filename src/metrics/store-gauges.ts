import type { Services } from '../app/services.js';
import type { Metrics } from './metrics.js';

/**
 * Gauges read from the database at scrape time, so they count the whole cluster whichever node
 * is scraped: jobs waiting, running and failed per type, webhook deliveries per outcome.
 * (Reads the embedded queue's table; a Redis queue would answer these from its own counts.)
 */
export async function collectStoreGauges(services: Services, metrics: Metrics): Promise<void> {
  const db = services.store.db;
  const jobs = await db.selectFrom('jobs').select(['type', 'state']).select((eb) => eb.fn.countAll<number>().as('n')).groupBy(['type', 'state']).execute();
  metrics.queueDepth.reset();
  metrics.jobsRunning.reset();
  metrics.jobsFailed.reset();
  for (const row of jobs) {
    const gauge = row.state === 'waiting' ? metrics.queueDepth : row.state === 'active' ? metrics.jobsRunning : row.state === 'failed' ? metrics.jobsFailed : null;
    gauge?.set({ type: row.type }, Number(row.n));
  }
  const deliveries = await db.selectFrom('webhook_deliveries').select('status').select((eb) => eb.fn.countAll<number>().as('n')).groupBy('status').execute();
  metrics.webhookDeliveries.reset();
  for (const outcome of ['pending', 'delivered', 'failed']) metrics.webhookDeliveries.set({ outcome }, 0);
  for (const row of deliveries) metrics.webhookDeliveries.set({ outcome: row.status }, Number(row.n));
}
