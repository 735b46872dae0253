/**
 * Wrong words on the command line: reported in one line, exit code 2, followed by the usage of
 * the command (`usage`) when there is one to show.
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage?: string,
  ) {
    super(message);
  }
}
