import type { ClusterNode, NodeRole } from '../services/cluster/cluster-node.js';
import { affected, type DatabaseHandle } from './database-handle.js';

type Row = {
  id: string;
  role: string;
  hostname: string;
  host: string;
  port: number;
  pid: number;
  data_dir: string;
  public_url: string;
  has_redis: number;
  has_s3: number;
  started_at: number | string;
  heartbeat_at: number | string;
};

const toNode = (row: Row): ClusterNode => ({
  id: row.id,
  role: row.role as NodeRole,
  hostname: row.hostname,
  host: row.host,
  port: Number(row.port),
  pid: Number(row.pid),
  dataDir: row.data_dir,
  publicUrl: row.public_url,
  hasRedis: Number(row.has_redis) === 1,
  hasS3: Number(row.has_s3) === 1,
  startedAt: Number(row.started_at),
  heartbeatAt: Number(row.heartbeat_at),
});

/** The `nodes` table: the nodes running on this database, each with its last heartbeat. */
export class NodeRepository {
  constructor(private readonly db: DatabaseHandle) {}

  /** Writes the node's row, or rewrites it (a heartbeat that finds its row gone puts it back). */
  async save(node: ClusterNode): Promise<void> {
    const row = {
      id: node.id,
      role: node.role,
      hostname: node.hostname,
      host: node.host,
      port: node.port,
      pid: node.pid,
      data_dir: node.dataDir,
      public_url: node.publicUrl,
      has_redis: node.hasRedis ? 1 : 0,
      has_s3: node.hasS3 ? 1 : 0,
      started_at: node.startedAt,
      heartbeat_at: node.heartbeatAt,
    };
    const { id: _id, started_at: _started, ...changes } = row;
    await this.db.insertInto('nodes').values(row).onConflict((oc) => oc.column('id').doUpdateSet(changes)).execute();
  }

  /** Moves the node's heartbeat to `at`; false when its row is gone (removed as silent, or never saved). */
  async heartbeat(id: string, at: number): Promise<boolean> {
    return affected(await this.db.updateTable('nodes').set({ heartbeat_at: at }).where('id', '=', id).executeTakeFirst()) === 1;
  }

  /** Nodes whose last heartbeat is at or after `since`, oldest start first. */
  async heardSince(since: number): Promise<ClusterNode[]> {
    const rows = await this.db.selectFrom('nodes').selectAll().where('heartbeat_at', '>=', since).orderBy('started_at').orderBy('id').execute();
    return rows.map(toNode);
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('nodes').where('id', '=', id).execute();
  }

  /** Forgets nodes silent since before `before` (killed without a clean stop); how many. */
  async removeSilentSince(before: number): Promise<number> {
    return affected(await this.db.deleteFrom('nodes').where('heartbeat_at', '<', before).executeTakeFirst());
  }
}
