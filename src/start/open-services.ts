import type { Services } from '../app/services.js';
import type { Config } from '../config/config.js';
import { prepareDataDir } from './data-dir.js';
import { explainStartupFailure } from './explain-failure.js';

/**
 * The services a command or the server needs, opened after DATA_DIR is checked; a failure to
 * open them (database unreachable, SQLite file unreadable, …) becomes a one-line StartupError.
 */
export async function openServicesForStart(config: Config): Promise<Services> {
  prepareDataDir(config.dataDir);
  try {
    // Loaded here, not at the top: `orator --help` and a refused DATA_DIR answer without loading the whole server.
    const { openServices } = await import('../app/services.js');
    return await openServices(config);
  } catch (error) {
    throw explainStartupFailure(error, config);
  }
}
