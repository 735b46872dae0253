import type { CoreServices, Services } from '../app/services.js';
import type { Config } from '../config/config.js';
import { prepareDataDir } from './data-dir.js';
import { explainStartupFailure } from './explain-failure.js';

/**
 * The services a command or the server needs, opened after DATA_DIR is checked; a failure to
 * open them (database unreachable, SQLite file unreadable, …) becomes a one-line StartupError.
 */
export function openServicesForStart(config: Config): Promise<Services> {
  return openForStart(config, async () => (await import('../app/services.js')).openServices(config));
}

/** The same for a worker node: only the core services (no previews, listings, synthesis admission or response cache). */
export function openCoreServicesForStart(config: Config): Promise<CoreServices> {
  return openForStart(config, async () => (await import('../app/services.js')).openCoreServices(config));
}

async function openForStart<T>(config: Config, open: () => Promise<T>): Promise<T> {
  prepareDataDir(config.dataDir);
  try {
    // Loaded inside `open`, not at the top: `orator --help` and a refused DATA_DIR answer without loading the whole server.
    return await open();
  } catch (error) {
    throw explainStartupFailure(error, config);
  }
}
