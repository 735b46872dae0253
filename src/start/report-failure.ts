import { ConfigError } from '../config/config.js';
import { AccountServiceError } from '../services/accounts/errors.js';
import { ModelError } from '../synthesis/engines/model-error.js';
import { UsageError } from './commands/usage-error.js';

/**
 * The one place a failed command ends: one line on stderr and a non-zero exit, never a stack
 * trace (the stack, causes included, only at LOG_LEVEL=debug or trace). Wrong usage and bad
 * configuration exit 2, everything else 1.
 */
export function reportFailure(error: unknown): never {
  const debug = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');
  const message = error instanceof Error ? error.message : String(error);
  console.error(`orator: ${message.split('\n')[0]}`);
  if (error instanceof UsageError && error.usage) console.error(`\n${error.usage}`);
  if (debug && error instanceof Error) console.error(stackWithCauses(error));
  const expected = error instanceof UsageError || error instanceof ConfigError || error instanceof AccountServiceError || error instanceof ModelError;
  process.exit(expected ? 2 : 1);
}

function stackWithCauses(error: Error): string {
  const parts = [error.stack ?? String(error)];
  let cause = error.cause;
  while (cause instanceof Error) {
    parts.push(`caused by: ${cause.stack ?? String(cause)}`);
    cause = cause.cause;
  }
  return parts.join('\n');
}
