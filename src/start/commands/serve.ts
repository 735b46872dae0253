import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { warmUpThreads } from '../../app/warm-up-threads.js';
import { readConfig, type Config } from '../../config/config.js';
import { announce } from '../../logging/create-logger.js';
import { warmUpTextPath } from '../../synthesis/pipeline/warm-up-text.js';
import { collectGarbageAndShrink } from '../../synthesis/pool/collect-garbage.js';
import { releaseNativeMemory } from '../../synthesis/pool/release-native-memory.js';
import { explainStartupFailure } from '../explain-failure.js';
import { joinCluster } from '../join-cluster.js';
import { openCoreServicesForStart, openServicesForStart } from '../open-services.js';
import { parseCommandArgs, type Command } from './command.js';

const help = `usage: orator serve [--role all|api|worker] [--port N] [--host ADDRESS]

  runs the HTTP server and/or the job workers until SIGINT or SIGTERM, then drains and exits 0
  --role ROLE       all (default): HTTP and the queued jobs in one process
                    api: HTTP and synchronous syntheses; queued jobs are left to worker nodes
                    worker: runs the queued jobs; HTTP only for /healthz and /readyz
                    (overrides ORATOR_ROLE)
  --port N          TCP port (overrides PORT)
  --host ADDRESS    address to bind (overrides HOST; 0.0.0.0 serves other machines)
  Everything else comes from the environment: see README "Configuration".`;

export const serveCommand: Command = {
  name: 'serve',
  summary: 'run the HTTP server (npm start)',
  help,
  async run(argv, config) {
    const { values } = parseCommandArgs({ name: 'serve', help }, argv, { port: { type: 'string' }, host: { type: 'string' }, role: { type: 'string' } });
    // Through readConfig, so a flag is checked like its variable and PUBLIC_URL follows the port.
    const flags = { ...(values.port && { PORT: values.port }), ...(values.host && { HOST: values.host }), ...(values.role && { ORATOR_ROLE: values.role }) };
    const overridden = Object.keys(flags).length > 0 ? readConfig({ ...process.env, ...flags }) : config;
    await serve(overridden);
  },
};

/** How long a stopping node lets running jobs finish before handing them back to the queue. */
export const jobDrainMs = 25_000;

/**
 * Runs the node's role until SIGINT/SIGTERM, then drains: the HTTP server stops accepting and
 * finishes the requests in flight (fastify close), the queue stops claiming and lets running jobs
 * finish within jobDrainMs (past it they are aborted and come back to the queue), then exit 0.
 */
export async function serve(config: Config): Promise<void> {
  // Each role opens what it uses: a worker the core services and its probes, the others the HTTP services too.
  const { services, app } =
    config.role === 'worker'
      ? await openCoreServicesForStart(config).then(async (core) => ({ services: core, app: await (await import('../../http/worker-app.js')).buildWorkerApp(core) }))
      : await openServicesForStart(config).then(async (full) => ({ services: full, app: await (await import('../../http/app.js')).buildApp(full) }));
  // Registered before the warm-up, so a node that cannot join its cluster says so at once.
  const registry = await joinCluster(services, (error) => app.log.warn(`node registry heartbeat failed: ${(error as Error).message}`));
  // Fastify boots its plugins (routes, their schemas' validators and serializers, the API
  // description) on ready, which listen() would otherwise do after the collection below: their
  // garbage then stayed, and the young generation they grew to its maximum (up to ~25 MB more
  // held by an idle server, and a full collection of the main thread in its first requests).
  await app.ready();
  // Every role synthesizes and clones: warm the threads before listening or taking jobs, so neither
  // /readyz nor the "listening" line comes before a first request can be served as fast as the next.
  await warmUpThreads(services);
  warmUpTextPath();
  // Start-up (modules, migrations, the app's boot, the warm-up's bookkeeping) leaves garbage V8
  // would keep until much later; collected once now, the idle server holds less. The boot grew the
  // young generation to its maximum (~30 MB), which a plain collection gives back only when the
  // warm-up happened to take over ~5 s (a loaded machine), so an idle server held 130 or 160 MB.
  await collectGarbageAndShrink();
  releaseNativeMemory();
  // Only roles that run jobs consume the queue and run the sweeps; an api node only enqueues.
  if (config.role !== 'api') {
    await services.queue.start({ concurrency: services.config.jobConcurrency });
    // Each cluster-wide sweep runs on one node per period.
    services.maintenance.log = { info: (message) => app.log.info(message), error: (error, message) => app.log.error(error, message) };
    await services.maintenance.scheduler.start();
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    throw explainStartupFailure(error, config, 'listen');
  }
  announce(app.log as Logger, listeningLine(config, app.server.address()));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: draining (${config.role})`);
    try {
      await app.close();
      await services.queue.stop({ timeoutMs: jobDrainMs });
      await registry.leave().catch((error: unknown) => app.log.warn(`could not deregister from the node registry: ${(error as Error).message}`));
      await services.close();
    } catch (error) {
      app.log.error(error, 'while shutting down');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** "Orator listening on http://127.0.0.1:8080 (SQLite in …, api+worker; …)": where, on what, doing what (the role: api+worker, api or worker). */
function listeningLine(config: Config, address: AddressInfo | string | null): string {
  const bound = address && typeof address === 'object' ? `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : `${config.host}:${config.port}`;
  const database = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  return `Orator listening on http://${bound} (${database}, ${config.role === 'all' ? 'api+worker' : config.role}; public URL ${config.publicUrl})`;
}
