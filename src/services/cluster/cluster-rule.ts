import type { ClusterNode } from './cluster-node.js';

/** A setting two nodes on one database must both have, and which of them lacks it. */
export interface ClusterGap {
  setting: 'REDIS_URL' | 'S3_BUCKET';
  /** `this`: the node asking; `other`: the node it found; `both`. */
  missingOn: 'this' | 'other' | 'both';
  /** What breaks without it, in a few words. */
  breaks: string;
}

/**
 * What two live nodes on one database lack to work as one server, nothing when they can. Nodes
 * share state through the database, and also need:
 * - the same files: both on S3_BUCKET, or both on disk in the same DATA_DIR of the same machine
 *   (an api and a worker process beside each other, the one-machine setup of docs/scaling.md);
 *   else audio made by one is 404 on the other;
 * - the same job queue and counters: both on REDIS_URL, or neither (the database queue) with at
 *   most one of them admitting requests (role api or all), since without Redis every node counts
 *   the limits on its own.
 */
export function clusterGaps(self: ClusterNode, other: ClusterNode): ClusterGap[] {
  const gaps: ClusterGap[] = [];
  const sameFolder = self.hostname === other.hostname && self.dataDir === other.dataDir;
  if (self.hasS3 !== other.hasS3) gaps.push({ setting: 'S3_BUCKET', missingOn: self.hasS3 ? 'other' : 'this', breaks: 'files kept by one node would be 404 on the other' });
  else if (!self.hasS3 && !sameFolder) gaps.push({ setting: 'S3_BUCKET', missingOn: 'both', breaks: 'files kept by one node would be 404 on the other' });
  if (self.hasRedis !== other.hasRedis) gaps.push({ setting: 'REDIS_URL', missingOn: self.hasRedis ? 'other' : 'this', breaks: 'jobs and limits would be split between Redis and the database' });
  else if (!self.hasRedis && self.role !== 'worker' && other.role !== 'worker') gaps.push({ setting: 'REDIS_URL', missingOn: 'both', breaks: 'every node would count the plan limits on its own' });
  return gaps;
}
