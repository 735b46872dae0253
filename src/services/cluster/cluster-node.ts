/** The roles a node can run (the same words as ORATOR_ROLE). */
export type NodeRole = 'all' | 'api' | 'worker';

/** One running `orator serve` as the node registry knows it. Times in ms. */
export interface ClusterNode {
  /** Random per process start. */
  id: string;
  role: NodeRole;
  /** The machine (or container) it runs on: os.hostname(). */
  hostname: string;
  /** HOST and PORT it listens on. */
  host: string;
  port: number;
  pid: number;
  /** Absolute DATA_DIR. */
  dataDir: string;
  publicUrl: string;
  /** Whether it runs on REDIS_URL (jobs on BullMQ, shared counters). */
  hasRedis: boolean;
  /** Whether it keeps files in S3_BUCKET. */
  hasS3: boolean;
  startedAt: number;
  heartbeatAt: number;
}
