import os from 'node:os';
import { sql } from 'kysely';
import { systemClock } from '../../clock.js';
import type { Config } from '../../config/config.js';
import { NodeRepository } from '../../repositories/node-repository.js';
import type { ClusterNode } from '../../services/cluster/cluster-node.js';
import { clusterGaps } from '../../services/cluster/cluster-rule.js';
import { liveNodes } from '../../services/cluster/node-registry.js';
import { describeNode } from '../join-cluster.js';
import { attempt, type CheckResult } from './check.js';
import { withDatabase } from './open-for-check.js';

const name = 'nodes';
const fix = 'every node of a cluster needs REDIS_URL and S3_BUCKET (docs/scaling.md#the-node-registry)';

/**
 * The nodes running on this database (the node registry: role, where, last heartbeat, Redis and
 * S3 or not), warning about a half cluster: two live nodes that cannot work as one server, or a
 * node started with this configuration that `serve` would refuse.
 */
export async function checkNodes(config: Config): Promise<CheckResult[]> {
  return [
    await attempt(
      name,
      () =>
        withDatabase(config, async (store) => {
          const exists = await sql`select 1 from nodes where 1 = 0`.execute(store.db).then(() => true, () => false);
          if (!exists) return { name, status: 'skip', detail: 'no node registry yet: start `orator serve` once (it migrates the database)' };
          const now = systemClock.now();
          const { live } = await liveNodes(new NodeRepository(store.db), systemClock, { hostname: os.hostname(), pid: process.pid });
          if (live.length === 0) return { name, status: 'ok', detail: 'no node runs on this database now' };
          const listed = `${live.length} live node${live.length === 1 ? '' : 's'}: ${live.map((n) => `${describeNode(n, now)}, ${n.hasRedis ? 'Redis' : 'no Redis'}, ${n.hasS3 ? 'S3' : 'no S3'}`).join('; ')}`;
          const problems: string[] = [];
          for (let i = 0; i < live.length; i++) {
            for (let j = i + 1; j < live.length; j++) {
              for (const gap of clusterGaps(live[i], live[j])) problems.push(`${gap.setting} missing on ${gap.missingOn === 'both' ? 'both' : gap.missingOn === 'this' ? live[i].hostname : live[j].hostname} (${gap.breaks})`);
            }
          }
          const self: ClusterNode = { id: 'doctor', role: config.role, hostname: os.hostname(), host: config.host, port: config.port, pid: process.pid, dataDir: config.dataDir, publicUrl: config.publicUrl, hasRedis: config.redisUrl !== null, hasS3: config.s3Bucket !== null, startedAt: now, heartbeatAt: now };
          const refused = live.flatMap((other) => clusterGaps(self, other)).filter((g) => g.missingOn !== 'other');
          if (problems.length > 0) return { name, status: 'warn', detail: `half cluster: ${[...new Set(problems)].join('; ')}. ${listed}`, fix };
          if (refused.length > 0) return { name, status: 'warn', detail: `a node started with this configuration would be refused: ${[...new Set(refused.map((g) => `${g.setting} (${g.breaks})`))].join('; ')}. ${listed}`, fix };
          return { name, status: 'ok', detail: listed };
        }),
      'check the database',
    ),
  ];
}
