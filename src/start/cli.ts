#!/usr/bin/env node
/** `orator <command>`: the server and the operator's tools. `orator help` lists the commands. */
import { ConfigError, readConfig } from '../config/config.js';
import { AccountServiceError } from '../services/accounts/errors.js';
import { accountsCommand } from './commands/accounts.js';
import { plansCommand } from './commands/plans.js';
import { sayCommand } from './commands/say.js';
import { voicesCommand } from './commands/voices.js';
import { modelsCommand, modelsUsage } from './commands/models.js';
import { ModelError } from '../synthesis/engines/piper/model-error.js';
import { configureEngines } from '../synthesis/engines/engine-settings.js';
import { UsageError } from './commands/usage-error.js';
import { serve } from './serve.js';

const usage = `usage: orator <command>

  serve                                   run the HTTP server (npm start)
  accounts create --plan free|lite|plus|custom [--email E] [--name N] [--json]
  accounts list [--json]
  accounts webhook-secret UID [--rotate] [--json]
  plans [--json]                          show the plans
  plans set PLAN FIELD VALUE              change a plan setting (e.g. plans set free concurrency_limit 3)
  say TEXT | --file F --voice ID [--lang L] [--model M] [--format wav|mp3] --out FILE
  voices [--json]                         list the built-in voices
${modelsUsage}

Configuration comes from the environment (PORT, HOST, DATA_DIR, DATABASE_URL, …): see README.`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const config = readConfig();
  configureEngines({ modelsDir: config.modelsDir, modelMemoryMb: config.modelMemoryMb });
  switch (command) {
    case 'serve':
      return serve(config);
    case 'accounts':
      return accountsCommand(config, rest);
    case 'plans':
      return plansCommand(config, rest);
    case 'say':
      return sayCommand(config, rest);
    case 'voices':
      return voicesCommand(rest);
    case 'models':
      return modelsCommand(config, rest);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(usage);
      return;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof AccountServiceError || error instanceof ModelError) {
    console.error(`orator: ${error.message}`);
    if (error instanceof UsageError) console.error(`\n${usage}`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
