import path from 'node:path';
import type { Config } from '../config/config.js';
import { StartupError } from '../config/startup-error.js';
import { SQLITE_FILE_NAME } from '../store/database.js';

type SystemError = Error & { code?: string; hostname?: string; address?: string; port?: number; syscall?: string };

/** Where DATABASE_URL points, without its password. */
function databaseTarget(databaseUrl: string): { where: string; database: string; user: string } {
  try {
    const url = new URL(databaseUrl);
    return { where: `${url.hostname}:${url.port || '5432'}`, database: decodeURIComponent(url.pathname.slice(1)) || '(default)', user: decodeURIComponent(url.username) || '(default)' };
  } catch {
    return { where: 'DATABASE_URL', database: '?', user: '?' };
  }
}

function explainPostgres(error: SystemError, databaseUrl: string): string | null {
  const { where, database, user } = databaseTarget(databaseUrl);
  switch (error.code) {
    case 'ECONNREFUSED':
      return `PostgreSQL at ${where} refused the connection: is it running and listening there? (DATABASE_URL)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `PostgreSQL host "${error.hostname ?? where}" does not resolve: check the host in DATABASE_URL`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `PostgreSQL at ${where} cannot be reached (${error.code}): check DATABASE_URL and the network`;
    case '3D000':
      return `PostgreSQL database "${database}" does not exist at ${where}: create it (createdb ${database}) or fix DATABASE_URL`;
    case '28000':
      return `PostgreSQL refused role "${user}" at ${where}: ${error.message} (create the role or fix DATABASE_URL)`;
    case '28P01':
      return `PostgreSQL refused the password of "${user}" at ${where}: fix the password in DATABASE_URL`;
    case '42501':
      return `PostgreSQL role "${user}" lacks a privilege at ${where}: ${error.message}`;
  }
  if (/timeout/i.test(error.message)) return `PostgreSQL at ${where} did not answer within DATABASE_CONNECT_TIMEOUT: is the host right and the server up?`;
  if (/SASL|password/i.test(error.message)) return `PostgreSQL at ${where}: ${error.message} (check the password in DATABASE_URL)`;
  return null;
}

function explainListen(error: SystemError, config: Config): string | null {
  switch (error.code) {
    case 'EADDRINUSE':
      return `port ${config.port} on ${config.host} is already in use: stop the other server or set PORT`;
    case 'EADDRNOTAVAIL':
      return `HOST ${config.host} is not an address of this machine: set HOST (e.g. 127.0.0.1 or 0.0.0.0)`;
    case 'EACCES':
      return `not allowed to listen on port ${config.port}: ports below 1024 need privileges; set PORT`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST "${config.host}" does not resolve: set HOST to an address or a resolvable name`;
  }
  return null;
}

/**
 * The one line an operator needs for an error that stopped the start (opening the services, or
 * `listen`ing), as a StartupError; errors it does not recognize come back unchanged.
 */
export function explainStartupFailure(error: unknown, config: Config, stage: 'open' | 'listen' = 'open'): unknown {
  if (!(error instanceof Error) || error instanceof StartupError) return error;
  const e = error as SystemError;
  if (stage === 'listen') {
    const listen = explainListen(e, config);
    return listen ? new StartupError(listen, { cause: error }) : error;
  }
  if (config.databaseUrl) {
    const line = explainPostgres(e, config.databaseUrl);
    if (line) return new StartupError(line, { cause: error });
  } else if (e.code?.startsWith('SQLITE_') || error.constructor.name === 'SqliteError' || /unable to open database/.test(error.message)) {
    const file = path.join(config.dataDir, SQLITE_FILE_NAME);
    return new StartupError(`cannot open the SQLite database ${file}: ${error.message}`, { cause: error });
  }
  return error;
}
