import os from 'node:os';
import type { CoreServices } from '../app/services.js';
import { StartupError } from '../config/startup-error.js';
import type { ClusterNode } from '../services/cluster/cluster-node.js';
import type { ClusterGap } from '../services/cluster/cluster-rule.js';
import { HalfClusterError, NodeRegistry } from '../services/cluster/node-registry.js';

/** "worker on host-b (10.0.0.2:8081), heard 3 s ago". */
export function describeNode(node: ClusterNode, now: number): string {
  return `${node.role} on ${node.hostname} (${node.host}:${node.port}, pid ${node.pid}), heard ${Math.max(0, Math.round((now - node.heartbeatAt) / 1000))} s ago`;
}

function describeGap(gap: ClusterGap): string {
  const who = gap.missingOn === 'this' ? `this node has no ${gap.setting}` : gap.missingOn === 'other' ? `that node has no ${gap.setting}` : `neither has ${gap.setting}`;
  return `${who} (${gap.breaks})`;
}

/**
 * Registers this `orator serve` in the node registry (heartbeating until `leave`), or stops the
 * start with one line when another live node on the same database and this one cannot work as
 * one server (docs/scaling.md, "The node registry").
 */
export async function joinCluster(services: Pick<CoreServices, 'config' | 'repositories' | 'clock'>, onError: (error: unknown) => void): Promise<NodeRegistry> {
  const { config, repositories, clock } = services;
  const registry = new NodeRegistry({
    repository: repositories.nodes,
    clock,
    self: {
      role: config.role,
      hostname: os.hostname(),
      host: config.host,
      port: config.port,
      pid: process.pid,
      dataDir: config.dataDir,
      publicUrl: config.publicUrl,
      hasRedis: config.redisUrl !== null,
      hasS3: config.s3Bucket !== null,
    },
    onError,
  });
  try {
    await registry.join();
  } catch (error) {
    if (!(error instanceof HalfClusterError)) throw error;
    throw new StartupError(
      `another node runs on this database (${describeNode(error.other, clock.now())}) and ${error.gaps.map(describeGap).join('; ')}: ` +
        'every node of a cluster needs REDIS_URL and S3_BUCKET — see docs/scaling.md#the-node-registry',
      { cause: error },
    );
  }
  return registry;
}
