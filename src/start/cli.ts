#!/usr/bin/env node
/** `orator <command>`: the server and the operator's tools. `orator help` lists the commands. */
import { readConfig } from '../config/config.js';
import type { Command } from './commands/command.js';
import { configureEngines } from '../synthesis/engines/engine-settings.js';
import { UsageError } from './commands/usage-error.js';
import { reportFailure } from './report-failure.js';
import { redisOutage } from '../logging/backend-outage.js';

/**
 * Every command, in the order `orator help` lists them. A new command is one file and one entry
 * here. Each module is loaded only when its command runs: together they load the store, the
 * engines and the services (over a second), which `orator serve` must not wait for before it listens.
 */
const commandModules: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./commands/serve.js')).serveCommand,
  accounts: async () => (await import('./commands/accounts.js')).accountsCommand,
  plans: async () => (await import('./commands/plans.js')).plansCommand,
  say: async () => (await import('./commands/say.js')).sayCommand,
  voices: async () => (await import('./commands/voices.js')).voicesCommand,
  models: async () => (await import('./commands/models.js')).modelsCommand,
  doctor: async () => (await import('./commands/doctor.js')).doctorCommand,
  secrets: async () => (await import('./commands/secrets.js')).secretsCommand,
};

async function usage(): Promise<string> {
  const commands = await Promise.all(Object.values(commandModules).map((load) => load()));
  return `usage: orator <command> [options]      (orator <command> --help for its options)

${commands.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`).join('\n')}

Configuration comes from the environment (PORT, HOST, DATA_DIR, DATABASE_URL, …): see README.`;
}

const helpFlags = ['--help', '-h'];

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || helpFlags.includes(name)) {
    const topic = name === 'help' && rest[0] && Object.hasOwn(commandModules, rest[0]) ? await commandModules[rest[0]]() : undefined;
    console.log(topic ? topic.help : await usage());
    return;
  }
  if (!Object.hasOwn(commandModules, name)) throw new UsageError(`unknown command "${name}"`, await usage());
  const command = await commandModules[name]();
  // --help anywhere before a `--` answers without reading the configuration.
  const end = rest.indexOf('--');
  if ((end < 0 ? rest : rest.slice(0, end)).some((a) => helpFlags.includes(a))) {
    console.log(command.help);
    return;
  }
  const config = readConfig();
  // Every command that synthesizes (serve, say, doctor, models) sees the installed neural voices.
  configureEngines({ modelsDir: config.modelsDir, modelMemoryMb: config.modelMemoryMb });
  // Backend outages (Redis's reconnect loops) are logged at the configured level, in the log's format.
  redisOutage.configureLogger({ level: config.logLevel });
  await command.run(rest, config);
}

// Everything Orator writes (database, its WAL, key file, audio, uploads) is for this user alone.
process.umask(0o077);
main(process.argv.slice(2)).catch(reportFailure);
