import type { Services } from '../../app/services.js';
import type { Config } from '../../config/config.js';
import { openServicesForStart } from '../open-services.js';

/** Opens the services for one command and always closes them, so the process can exit. */
export async function withServices<T>(config: Config, run: (services: Services) => Promise<T>): Promise<T> {
  const services = await openServicesForStart(config);
  try {
    return await run(services);
  } finally {
    await services.close();
  }
}

export function printJson(value: unknown): void {
  console.log(JSON.stringify(value, null, 2));
}
