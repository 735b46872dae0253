import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import type { ClusterNode } from '../../../src/services/cluster/cluster-node.js';
import { clusterGaps } from '../../../src/services/cluster/cluster-rule.js';
import { HalfClusterError, liveMs, liveNodes, NodeRegistry, type NodeRegistryOptions } from '../../../src/services/cluster/node-registry.js';
import { onEveryDatabase, type RepositoryContext } from '../../repositories/repository-databases.js';

type Self = NodeRegistryOptions['self'];
const full: Self = { role: 'api', hostname: 'host-a', host: '0.0.0.0', port: 8080, pid: 100, dataDir: '/srv/a', publicUrl: 'https://tts.example.com', hasRedis: true, hasS3: true };

describe('what two nodes on one database need (cluster-rule)', () => {
  const n = (changes: Partial<ClusterNode>): ClusterNode => ({ ...full, id: 'x', startedAt: 0, heartbeatAt: 0, ...changes });
  const gaps = (a: Partial<ClusterNode>, b: Partial<ClusterNode>) => clusterGaps(n(a), n(b)).map((g) => `${g.setting}:${g.missingOn}`);

  it('Redis and S3 on both: a cluster', () => {
    assert.deepEqual(gaps({ hostname: 'a' }, { hostname: 'b', role: 'worker' }), []);
  });
  it('an api and a worker beside each other on one DATA_DIR without Redis or S3: the one-machine setup', () => {
    const local = { hasRedis: false, hasS3: false, hostname: 'h', dataDir: '/d' };
    assert.deepEqual(gaps({ ...local, role: 'api' }, { ...local, role: 'worker' }), []);
    assert.deepEqual(gaps({ ...local, role: 'all' }, { ...local, role: 'worker' }), []);
    assert.deepEqual(gaps({ ...local, role: 'api' }, { ...local, role: 'all' }), ['REDIS_URL:both'], 'two nodes admitting requests count limits each');
  });
  it('on two machines (or two folders) files need S3 on both', () => {
    assert.deepEqual(gaps({ hasS3: false, hostname: 'a' }, { hasS3: false, hostname: 'b', role: 'worker' }), ['S3_BUCKET:both']);
    assert.deepEqual(gaps({ hasS3: false, dataDir: '/x' }, { hasS3: false, dataDir: '/y', role: 'worker' }), ['S3_BUCKET:both']);
  });
  it('one node with and one without: the one without is named', () => {
    assert.deepEqual(gaps({ hasRedis: false }, { hostname: 'b' }), ['REDIS_URL:this']);
    assert.deepEqual(gaps({ hostname: 'b' }, { hasRedis: false, hasS3: false }), ['S3_BUCKET:other', 'REDIS_URL:other']);
  });
});

onEveryDatabase('the node registry', (c: RepositoryContext) => {
  const registry = (clock: ManualClock, self: Partial<Self>, options: Partial<NodeRegistryOptions> = {}) =>
    new NodeRegistry({ repository: c.repos.nodes, clock, self: { ...full, ...self }, processRuns: () => true, ...options });

  it('a second node without Redis is refused while the first is live; heard of no more, it is gone', async () => {
    const clock = new ManualClock(Date.UTC(2027, 0, 1));
    const first = registry(clock, { hostname: 'host-a' });
    await first.join({ heartbeat: false });
    const lacking = registry(clock, { hostname: 'host-b', role: 'worker', hasRedis: false });
    clock.advance(liveMs - 1);
    await assert.rejects(lacking.join({ heartbeat: false }), (error: unknown) => {
      assert.ok(error instanceof HalfClusterError);
      assert.equal(error.code, 'half-cluster');
      assert.equal(error.other.id, first.node.id);
      assert.deepEqual(error.gaps.map((g) => [g.setting, g.missingOn]), [['REDIS_URL', 'this']]);
      return true;
    });
    assert.deepEqual((await first.live()).map((n) => n.id), [first.node.id], 'the refused node left no row');

    // Heartbeats keep the first live ...
    await first.beat();
    clock.advance(liveMs - 1);
    await assert.rejects(lacking.join({ heartbeat: false }), HalfClusterError);
    // ... and a node silent for liveMs (killed on another machine) no longer counts.
    clock.advance(1);
    await lacking.join({ heartbeat: false });
    assert.deepEqual((await lacking.live()).map((n) => n.id), [lacking.node.id]);
    await lacking.leave();
    await c.repos.nodes.removeSilentSince(Number.MAX_SAFE_INTEGER);
  });

  it('nodes with Redis and S3 join together and list each other; a clean stop deregisters at once', async () => {
    const clock = new ManualClock(Date.UTC(2027, 1, 1));
    const nodes = [registry(clock, { hostname: 'a' }), registry(clock, { hostname: 'b' }), registry(clock, { hostname: 'c', role: 'worker' })];
    await Promise.all(nodes.map((n) => n.join({ heartbeat: false })));
    assert.equal((await nodes[0].live()).length, 3);
    await nodes[0].leave();
    assert.deepEqual((await nodes[1].live()).map((n) => n.hostname).sort(), ['b', 'c']);
    // Once the live nodes are all left, a node on the database alone starts.
    await nodes[1].leave();
    await nodes[2].leave();
    const alone = registry(clock, { hasRedis: false, hasS3: false });
    await alone.join({ heartbeat: false });
    await alone.leave();
  });

  it('a heartbeat that finds its row gone writes it back', async () => {
    const clock = new ManualClock(Date.UTC(2027, 2, 1));
    const a = registry(clock, {});
    await a.join({ heartbeat: false });
    await c.repos.nodes.remove(a.node.id);
    clock.advance(5_000);
    await a.beat();
    const [row] = await c.repos.nodes.heardSince(clock.now());
    assert.equal(row.id, a.node.id);
    await a.leave();
  });

  it('the row of this machine\'s earlier run (killed before it could deregister) does not hold the restart back', async () => {
    const clock = new ManualClock(Date.UTC(2027, 3, 1));
    const running = new Set([200]);
    const killed = registry(clock, { hostname: 'box', pid: 200, hasRedis: false, hasS3: false, role: 'all' }, { processRuns: (pid) => running.has(pid) });
    await killed.join({ heartbeat: false });
    // Still running: a second node admitting requests without Redis on the same machine is refused.
    const second = () => registry(clock, { hostname: 'box', pid: 201, hasRedis: false, hasS3: false, role: 'all' }, { processRuns: (pid) => running.has(pid) });
    await assert.rejects(second().join({ heartbeat: false }), HalfClusterError);
    running.delete(200);
    clock.advance(1_000);
    const restarted = second();
    await restarted.join({ heartbeat: false });
    assert.deepEqual((await c.repos.nodes.heardSince(0)).map((n) => n.pid), [201], 'the leftover row is deleted');
    // A restarted container often gets the same pid: a row with our own pid is a leftover too.
    await restarted.leave();
    const samePid = registry(clock, { hostname: 'box', pid: 300, hasRedis: false, hasS3: false, role: 'all' });
    await c.repos.nodes.save({ ...samePid.node, id: 'earlier-run' });
    await samePid.join({ heartbeat: false });
    const doctorView = await liveNodes(c.repos.nodes, clock, { hostname: 'box', pid: 999, processRuns: () => true });
    assert.deepEqual(doctorView.live.map((n) => n.id), [samePid.node.id]);
    await samePid.leave();
  });
});
