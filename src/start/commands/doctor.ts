import type { Config } from '../../config/config.js';
import type { Check, CheckResult } from '../doctor/check.js';
import { checkDatabase, checkDataDir } from '../doctor/data-checks.js';
import { checkEngines } from '../doctor/engine-checks.js';
import { checkRedis } from '../doctor/redis-check.js';
import { checkS3 } from '../doctor/s3-check.js';
import { checkPort } from '../doctor/port-check.js';
import { checkModels } from '../doctor/models-check.js';
import { checkSecretKey } from '../doctor/key-check.js';
import { checkNodes } from '../doctor/nodes-check.js';
import { parseCommandArgs, type Command } from './command.js';
import { printJson } from './with-services.js';

const help = `usage: orator doctor [--json]

  checks what a server needs and says what is wrong and how to fix it:
  the configuration, DATA_DIR and its free disk, the database (SQLite or PostgreSQL), Redis when
  REDIS_URL is set, the S3 bucket when S3_BUCKET is set (a write, a read, a delete), each
  synthesis engine (it speaks one word), PORT on HOST (free to bind, or a running Orator's), the
  models in MODELS_DIR (each must load), the secret key against the fingerprint the database
  records, and the nodes running on the database (role, where, last heartbeat, Redis and S3),
  warning about a half cluster.
  Exit code 0 when nothing failed (warnings allowed), 1 otherwise.`;

/** The checks, in the order they are printed. A new backend adds its check here. */
export const doctorChecks: Check[] = [checkConfig, checkDataDir, checkDatabase, checkRedis, checkS3, checkEngines, checkPort, checkModels, checkSecretKey, checkNodes];

async function checkConfig(config: Config): Promise<CheckResult[]> {
  const database = config.databaseUrl ? 'PostgreSQL' : 'SQLite';
  return [{ name: 'configuration', status: 'ok', detail: `read and valid: ${config.host}:${config.port}, ${database}, ${config.synthWorkers} synthesis workers, LOG_LEVEL ${config.logLevel}` }];
}

const marks: Record<CheckResult['status'], string> = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL', skip: '--  ' };

export const doctorCommand: Command = {
  name: 'doctor',
  summary: 'check the configuration, database, Redis, S3, engines, disk, port, models, key and nodes; say how to fix what fails',
  help,
  async run(argv, config) {
    const { values } = parseCommandArgs({ name: 'doctor', help }, argv, { json: { type: 'boolean' } });
    const results: CheckResult[] = [];
    for (const check of doctorChecks) {
      for (const result of await check(config)) {
        results.push(result);
        if (!values.json) {
          console.log(`${marks[result.status]}  ${result.name.padEnd(16)} ${result.detail}`);
          if (result.fix && result.status !== 'ok') console.log(`${' '.repeat(23)}fix: ${result.fix}`);
        }
      }
    }
    const failed = results.filter((r) => r.status === 'fail').length;
    if (values.json) printJson({ ok: failed === 0, checks: results });
    else console.log(failed === 0 ? '\nnothing failed' : `\n${failed} check(s) failed`);
    if (failed > 0) process.exitCode = 1;
  },
};
