#!/usr/bin/env node
/** `orator <command>`: the server and the operator's tools. `orator help` lists the commands. */
import { readConfig } from '../config/config.js';
import { accountsCommand } from './commands/accounts.js';
import type { Command } from './commands/command.js';
import { doctorCommand } from './commands/doctor.js';
import { plansCommand } from './commands/plans.js';
import { sayCommand } from './commands/say.js';
import { serveCommand } from './commands/serve.js';
import { modelsCommand } from './commands/models.js';
import { configureEngines } from '../synthesis/engines/engine-settings.js';
import { UsageError } from './commands/usage-error.js';
import { voicesCommand } from './commands/voices.js';
import { secretsCommand } from './commands/secrets.js';
import { reportFailure } from './report-failure.js';
import { redisOutage } from '../logging/backend-outage.js';

/** Every command, in the order `orator help` lists them. A new command is one file and one entry here. */
export const commands: Command[] = [serveCommand, accountsCommand, plansCommand, sayCommand, voicesCommand, modelsCommand, doctorCommand, secretsCommand];

const usage = `usage: orator <command> [options]      (orator <command> --help for its options)

${commands.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`).join('\n')}

Configuration comes from the environment (PORT, HOST, DATA_DIR, DATABASE_URL, …): see README.`;

const helpFlags = ['--help', '-h'];

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || helpFlags.includes(name)) {
    const topic = name === 'help' && rest[0] ? commands.find((c) => c.name === rest[0]) : undefined;
    console.log(topic ? topic.help : usage);
    return;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) throw new UsageError(`unknown command "${name}"`, usage);
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
