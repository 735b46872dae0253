import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Config } from '../../config/config.js';
import { UsageError } from './usage-error.js';

/**
 * One `orator <name>` command. To add one: a file exporting a Command, and one entry in
 * `commandModules` of `start/cli.ts`. `--help` is answered by the CLI from `help` (no config is
 * read for it); `run` gets the rest of the arguments and the configuration.
 */
export interface Command {
  name: string;
  /** One line for `orator help`. */
  summary: string;
  /** The whole usage text `orator <name> --help` prints. */
  help: string;
  run(argv: string[], config: Config): Promise<void>;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * `util.parseArgs`, strict: an unknown flag, a flag without its value or a stray word is a
 * one-line UsageError carrying the command's usage. `maxPositionals` (default 0) bounds the words.
 */
export function parseCommandArgs<O extends Options>(command: Pick<Command, 'name' | 'help'>, argv: string[], options: O, maxPositionals = 0) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: maxPositionals > 0 });
  } catch (error) {
    throw new UsageError(`${command.name}: ${describeParseError(error as Error & { code?: string })}`, command.help);
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new UsageError(`${command.name}: unexpected argument "${parsed.positionals[maxPositionals]}"`, command.help);
  }
  return parsed;
}

function describeParseError(error: Error & { code?: string }): string {
  const flag = /'(-[^'\s]+)/.exec(error.message)?.[1];
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${flag ?? ''}`.trim();
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /argument missing/.test(error.message) ? `option ${flag} needs a value` : `option ${flag} takes no value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${/'([^']+)'/.exec(error.message)?.[1] ?? ''}`.trim();
    default:
      return error.message.split('\n')[0];
  }
}
