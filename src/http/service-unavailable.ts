/** What every interface says, in its own shape, while the database cannot be reached. */
export const databaseUnavailable = {
  message: 'The database is unreachable for the moment; try again shortly',
  // Long enough for a pool to reconnect after a database restart, short enough not to stall clients.
  headers: { 'retry-after': '5' },
} as const;
