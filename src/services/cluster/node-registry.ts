import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { NodeRepository } from '../../repositories/node-repository.js';
import type { ClusterNode } from './cluster-node.js';
import { clusterGaps, type ClusterGap } from './cluster-rule.js';

/** How often a running node writes its heartbeat. */
export const heartbeatMs = 5_000;
/** A node heard within this long is live: three heartbeats, so one slow write does not drop it. */
export const liveMs = 15_000;
/** Rows of nodes silent this long (killed without a clean stop) are deleted when a node joins. */
export const forgetAfterMs = 24 * 3_600_000;

/** A node refused because it and a live node on the same database cannot work as one server. */
export class HalfClusterError extends Error {
  readonly code = 'half-cluster';
  constructor(
    readonly other: ClusterNode,
    readonly gaps: ClusterGap[],
  ) {
    super(`half cluster: ${gaps.map((g) => `${g.setting} missing on ${g.missingOn}`).join(', ')}`);
    this.name = 'HalfClusterError';
  }
}

/** Whether a process of this pid runs on this machine (signal 0 only asks). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface NodeRegistryOptions {
  repository: NodeRepository;
  clock: Clock;
  /** This node, without its id and times. */
  self: Omit<ClusterNode, 'id' | 'startedAt' | 'heartbeatAt'>;
  heartbeatMs?: number;
  liveMs?: number;
  /** Whether a pid runs on this machine (tests replace it). */
  processRuns?: (pid: number) => boolean;
  /** A heartbeat that failed (the database away); the next one tries again. */
  onError?: (error: unknown) => void;
}

/**
 * The node registry: each `orator serve` registers itself on its database, heartbeats while it
 * runs and deregisters on a clean stop. Joining, a node looks at the other live nodes and refuses
 * (HalfClusterError) when it and one of them lack what a cluster needs (cluster-rule.ts).
 *
 * A row whose heartbeat is recent may still be a node that was killed: the node's own earlier
 * run on this machine (same hostname, and its pid gone or now ours: a restarted container) is
 * recognised and dropped; a node killed on another machine counts as live until it has been
 * silent for `liveMs`.
 */
export class NodeRegistry {
  readonly node: ClusterNode;
  private readonly heartbeatMs: number;
  private readonly liveMs: number;
  private readonly processRuns: (pid: number) => boolean;
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;

  constructor(private readonly options: NodeRegistryOptions) {
    const now = options.clock.now();
    this.node = { ...options.self, id: randomBytes(8).toString('hex'), startedAt: now, heartbeatAt: now };
    this.heartbeatMs = options.heartbeatMs ?? heartbeatMs;
    this.liveMs = options.liveMs ?? liveMs;
    this.processRuns = options.processRuns ?? processRuns;
  }

  /**
   * Registers this node, then checks it against every other live node: registering first means
   * two nodes starting at once see each other. On a refusal the row is removed again and
   * HalfClusterError thrown. `heartbeat: false` registers without the timer (tests beat by hand).
   */
  async join(options: { heartbeat?: boolean } = {}): Promise<void> {
    const { repository, clock } = this.options;
    await repository.removeSilentSince(clock.now() - forgetAfterMs);
    this.node.heartbeatAt = clock.now();
    await repository.save(this.node);
    for (const other of await this.others()) {
      const gaps = clusterGaps(this.node, other);
      if (gaps.length > 0) {
        await repository.remove(this.node.id);
        throw new HalfClusterError(other, gaps);
      }
    }
    if (options.heartbeat !== false) {
      this.timer = setInterval(() => void this.beat(), this.heartbeatMs);
      this.timer.unref();
    }
  }

  /** One heartbeat; a row found gone is written again. Errors go to onError, never thrown. */
  beat(): Promise<void> {
    this.beating ??= (async () => {
      const { repository, clock, onError } = this.options;
      try {
        this.node.heartbeatAt = clock.now();
        if (!(await repository.heartbeat(this.node.id, this.node.heartbeatAt))) await repository.save(this.node);
      } catch (error) {
        onError?.(error);
      } finally {
        this.beating = null;
      }
    })();
    return this.beating;
  }

  /** Stops the heartbeat and deregisters (a clean stop). */
  async leave(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.options.repository.remove(this.node.id);
  }

  /** The live nodes on this database, this one included; rows this machine's killed runs left are deleted. */
  async live(): Promise<ClusterNode[]> {
    const { repository, clock } = this.options;
    const { live, leftovers } = await liveNodes(repository, clock, { liveMs: this.liveMs, hostname: this.node.hostname, pid: this.node.pid, processRuns: this.processRuns, except: this.node.id });
    for (const node of leftovers) await repository.remove(node.id);
    return live;
  }

  /** The live nodes but this one. */
  private async others(): Promise<ClusterNode[]> {
    return (await this.live()).filter((n) => n.id !== this.node.id);
  }
}

/**
 * Nodes heard within `liveMs`, and apart from them the rows of earlier runs on this machine
 * (same hostname, pid gone or now `pid`: killed before they could deregister). `except` is
 * never a leftover (the caller's own row).
 */
export async function liveNodes(
  repository: NodeRepository,
  clock: Clock,
  options: { liveMs?: number; hostname: string; pid: number; processRuns?: (pid: number) => boolean; except?: string },
): Promise<{ live: ClusterNode[]; leftovers: ClusterNode[] }> {
  const runs = options.processRuns ?? processRuns;
  // Live: heard less than liveMs ago.
  const heard = await repository.heardSince(clock.now() - (options.liveMs ?? liveMs) + 1);
  const isLeftover = (node: ClusterNode) => node.id !== options.except && node.hostname === options.hostname && (node.pid === options.pid || !runs(node.pid));
  return { live: heard.filter((n) => !isLeftover(n)), leftovers: heard.filter(isLeftover) };
}
