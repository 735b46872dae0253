import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { CoreServices } from '../../app/services.js';
import { readConfig, type Config } from '../../config/config.js';
import { FrontDoor } from '../../http/front-door.js';
import { announce, createLogger } from '../../logging/create-logger.js';
import { prepareDataDir } from '../data-dir.js';
import { joinCluster } from '../join-cluster.js';
import type { NodeRegistry } from '../../services/cluster/node-registry.js';
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
    const node = await serve(overridden);
    const stop = (signal: string) => void node.stop(signal).then(() => process.exit(0), () => process.exit(1));
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    // Opening the services, the warm-up and the queue's start come after the listening line: one
    // that fails ends the process with its one line (reportFailure), as a failed start did.
    await node.ready;
  },
};

/** How long a stopping node lets running jobs finish before handing them back to the queue. */
export const jobDrainMs = 25_000;

/**
 * The warm-up `serve` runs once the app serves: the adaptation and synthesis threads
 * (warm-up-threads.ts, seconds), then the main thread's text path. `signal` ends it early when the
 * node is told to stop meanwhile.
 */
export async function warmUpNode(services: CoreServices, signal: AbortSignal): Promise<void> {
  const [{ warmUpThreads }, { warmUpTextPath }] = await Promise.all([import('../../app/warm-up-threads.js'), import('../../synthesis/pipeline/warm-up-text.js')]);
  await warmUpThreads(services, signal);
  warmUpTextPath();
}

export interface ServeOptions {
  /**
   * What runs between the app's start and ready (default warmUpNode): `/readyz` answers 503
   * `warming` until it settles, while requests are served. Tests hand in one they hold open.
   * Started before the app serves its first request (the adaptation pool's warm-up must come
   * before any other use of it).
   */
  warmUp?: (services: CoreServices, signal: AbortSignal) => Promise<void>;
}

/** A node `serve` started: listening, and on its way to ready until `ready` settles. */
export interface RunningNode {
  /** Where it listens, as bound: http://127.0.0.1:PORT. */
  url: string;
  /** The app and its services, once opened (the app serves from then on). */
  opened: Promise<{ app: FastifyInstance; services: CoreServices }>;
  /**
   * Settles once the warm-up has ended, the garbage of the start is collected and (roles that run
   * jobs) the queue runs: `/readyz` then says what the database, Redis and S3 say. Rejects when
   * opening the services, the warm-up or the queue's start failed; resolves when the node was
   * stopped before.
   */
  ready: Promise<void>;
  /**
   * Drains: the HTTP server stops accepting and finishes the requests in flight (and those that
   * waited at the door for the app), a warm-up still running is ended, the queue stops claiming
   * and lets running jobs finish within jobDrainMs (past it they are aborted and come back to the
   * queue), the services close. Once: calling it again gives the same promise.
   */
  stop(signal: string): Promise<void>;
}

/**
 * Listens first, then opens the node's role behind it: the listening line comes within a second of
 * the process's start (the yardstick, a bare Fastify process, in `npm run bench -- start`), a port
 * in use, a bad host or an unusable DATA_DIR is reported before anything else is opened (and no
 * listening line is printed), and `/healthz` answers 200 from
 * then on. `/readyz` says `warming` until the services are open, the app built and the threads
 * warm (seconds); requests that arrive meanwhile wait for the app and are served (slower, never
 * refused). "ready in N ms" is logged at info once ready.
 */
export async function serve(config: Config, options: ServeOptions = {}): Promise<RunningNode> {
  const logger = createLogger({ level: config.logLevel });
  const door = new FrontDoor(logger);
  let address: AddressInfo | string | null;
  try {
    address = await door.listen(config.port, config.host);
  } catch (error) {
    const { explainStartupFailure } = await import('../explain-failure.js');
    throw explainStartupFailure(error, config, 'listen');
  }
  // A DATA_DIR that cannot be used is said before the listening line too (a few file checks).
  try {
    prepareDataDir(config.dataDir);
  } catch (error) {
    await door.close();
    throw error;
  }
  announce(logger, listeningLine(config, address));

  const stopping = new AbortController();
  // 'opening' (services, app) → 'warming' → 'starting' (collection, queue, sweeps) → 'ready'.
  let phase: 'opening' | 'warming' | 'starting' | 'ready' = 'opening';
  const opened = openBehind(config, door);
  const ready = (async () => {
    const { app, services } = await opened;
    phase = 'warming';
    const warmUpStart = performance.now();
    if (!stopping.signal.aborted) {
      const warmUp = (options.warmUp ?? warmUpNode)(services, stopping.signal);
      door.open();
      try {
        await warmUp;
      } catch (error) {
        if (!stopping.signal.aborted) throw error;
      }
    } else door.open(); // requests that waited are served before the drain
    if (stopping.signal.aborted) return;
    phase = 'starting';
    const [{ collectGarbageAndShrink }, { releaseNativeMemory }] = await Promise.all([
      import('../../synthesis/pool/collect-garbage.js'),
      import('../../synthesis/pool/release-native-memory.js'),
    ]);
    // Start-up (modules, migrations, the app's boot, the warm-up's bookkeeping) leaves garbage V8
    // would keep until much later; collected once now, the idle server holds less. The boot grew the
    // young generation to its maximum (~30 MB), which a plain collection gives back only when the
    // warm-up happened to take over ~5 s (a loaded machine), so an idle server held 130 or 160 MB.
    await collectGarbageAndShrink();
    releaseNativeMemory();
    // Roles that run jobs start the queue and the sweeps after the warm-up, not before: a job has
    // no client waiting on a connection (in a cluster a ready worker takes it meanwhile), one taken
    // now would share the threads with the warm-up and lengthen both, and a queue that cannot
    // start (unfinished jobs of an unknown type) still ends the process with its line. Jobs the
    // API queued meanwhile start at once, on warm threads. An api node only enqueues.
    if (config.role !== 'api') {
      await services.queue.start({ concurrency: services.config.jobConcurrency });
      // Each cluster-wide sweep runs on one node per period.
      services.maintenance.log = { info: (message) => app.log.info(message), error: (error, message) => app.log.error(error, message) };
      await services.maintenance.scheduler.start();
    }
    phase = 'ready';
    door.warming.end();
    const now = performance.now();
    // performance.now() counts from the process's start.
    app.log.info(`ready in ${Math.round(now)} ms (warm-up ${Math.round(now - warmUpStart)} ms)`);
  })();
  // Awaited by the caller (the CLI reports a failure); never an unhandled rejection meanwhile.
  ready.catch(() => undefined);

  let stopped: Promise<void> | undefined;
  const stop = (signal: string): Promise<void> =>
    (stopped ??= (async () => {
      logger.info(`${signal}: draining (${config.role}${phase === 'ready' ? '' : `, ${phase === 'opening' ? 'while opening' : 'while warming up'}`})`);
      stopping.abort(new Error(`${signal} before ready`));
      // No new connection from now on, even while the app is still being opened.
      void door.stopAccepting();
      // Opening (migrations included) is let finish, so the requests that waited are served and
      // the services close as after any start; it takes a second or two.
      const { app, services, registry } = await opened.catch(async (error: unknown) => {
        await door.close();
        throw error;
      });
      try {
        await app.close(); // its preClose hook closes the door: no new connection, requests in flight answered
        // A queue being started is let start, then stopped like a running one; a warm-up still
        // running ends as the threads close (the signal keeps it from starting them again).
        if (phase === 'starting') await ready.catch(() => undefined);
        await services.queue.stop({ timeoutMs: jobDrainMs });
        await registry.leave().catch((error: unknown) => logger.warn(`could not deregister from the node registry: ${(error as Error).message}`));
        await services.close();
      } catch (error) {
        logger.error(error, 'while shutting down');
        throw error;
      }
    })());
  return { url: `http://${boundAddress(config, address)}`, opened, ready, stop };
}

/** The role's services and app, built on the door's server and ready to serve (not yet serving: see FrontDoor.open). */
async function openBehind(config: Config, door: FrontDoor): Promise<{ app: FastifyInstance; services: CoreServices; registry: NodeRegistry }> {
  const { openCoreServicesForStart, openServicesForStart } = await import('../open-services.js');
  // Each role opens what it uses: a worker the core services and its probes, the others the HTTP services too.
  const { services, app } =
    config.role === 'worker'
      ? await openCoreServicesForStart(config).then(async (core) => ({ services: core, app: await (await import('../../http/worker-app.js')).buildWorkerApp(core, door) }))
      : await openServicesForStart(config).then(async (full) => ({ services: full, app: await (await import('../../http/app.js')).buildApp(full, door) }));
  // The app does not listen itself (the door's server does): closing the app closes the door as
  // Fastify closes a server it listens on, in its first onClose hook (they run last registered
  // first, and Fastify's own, registered on ready, does nothing for a server it did not listen on).
  // Not in preClose: those hooks are timed out (pluginTimeout, 10 s), the requests in flight are not.
  app.addHook('onClose', () => door.close());
  // Registered before the warm-up, so a node that cannot join its cluster says so at once.
  const registry = await joinCluster(services, (error) => app.log.warn(`node registry heartbeat failed: ${(error as Error).message}`));
  // Fastify boots its plugins (routes, their schemas' validators and serializers, the API
  // description) on ready; the garbage this leaves is collected after the warm-up.
  await app.ready();
  return { app, services, registry };
}

/** "Orator listening on http://127.0.0.1:8080 (SQLite in …, api+worker; …)": where, on what, doing what (the role: api+worker, api or worker). */
function listeningLine(config: Config, address: AddressInfo | string | null): string {
  const bound = boundAddress(config, address);
  const database = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  return `Orator listening on http://${bound} (${database}, ${config.role === 'all' ? 'api+worker' : config.role}; public URL ${config.publicUrl})`;
}

/** host:port as bound ([v6]:port), or as configured when the server has no TCP address. */
function boundAddress(config: Config, address: AddressInfo | string | null): string {
  return address && typeof address === 'object' ? `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : `${config.host}:${config.port}`;
}
