import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { readConfig, type Config } from '../../config/config.js';
import { announce } from '../../logging/create-logger.js';
import { explainStartupFailure } from '../explain-failure.js';
import { openServicesForStart } from '../open-services.js';
import { parseCommandArgs, type Command } from './command.js';

const help = `usage: orator serve [--port N] [--host ADDRESS]

  runs the HTTP server with its synthesis and job workers until SIGINT or SIGTERM
  --port N          TCP port (overrides PORT)
  --host ADDRESS    address to bind (overrides HOST; 0.0.0.0 serves other machines)
  Everything else comes from the environment: see README "Configuration".`;

export const serveCommand: Command = {
  name: 'serve',
  summary: 'run the HTTP server (npm start)',
  help,
  async run(argv, config) {
    const { values } = parseCommandArgs({ name: 'serve', help }, argv, { port: { type: 'string' }, host: { type: 'string' } });
    // Through readConfig, so a flag is checked like its variable and PUBLIC_URL follows the port.
    const overridden = values.port || values.host ? readConfig({ ...process.env, ...(values.port && { PORT: values.port }), ...(values.host && { HOST: values.host }) }) : config;
    await serve(overridden);
  },
};

/** Runs the API and its workers in one process until SIGINT/SIGTERM, then drains and exits. */
export async function serve(config: Config): Promise<void> {
  const services = await openServicesForStart(config);
  const { buildApp } = await import('../../http/app.js');
  const app = await buildApp(services);
  await services.queue.start({ concurrency: services.config.jobConcurrency });
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
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await services.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** "Orator listening on http://127.0.0.1:8080 (SQLite, api+worker)": where, on what, doing what. */
function listeningLine(config: Config, address: AddressInfo | string | null): string {
  const bound = address && typeof address === 'object' ? `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : `${config.host}:${config.port}`;
  const database = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  const roles = (config as Config & { role?: string }).role ?? 'api+worker';
  return `Orator listening on http://${bound} (${database}, ${roles}; public URL ${config.publicUrl})`;
}
