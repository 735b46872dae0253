import { openServices } from '../app/services.js';
import type { Config } from '../config/config.js';
import { buildApp } from '../http/app.js';

/** Runs the API and its workers in one process until SIGINT/SIGTERM, then drains and exits. */
export async function serve(config: Config): Promise<void> {
  const services = await openServices(config);
  const app = await buildApp(services);
  await services.queue.start({ concurrency: services.config.jobConcurrency });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Orator listening on ${config.publicUrl} (data in ${config.dataDir}, ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'})`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await services.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
