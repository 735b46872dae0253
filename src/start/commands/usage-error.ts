/** Wrong words on the command line: reported with the usage text and exit code 2. */
export class UsageError extends Error {}
