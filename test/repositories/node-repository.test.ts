import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ClusterNode } from '../../src/services/cluster/cluster-node.js';
import { newId, onEveryDatabase } from './repository-databases.js';

const node = (changes: Partial<ClusterNode> = {}): ClusterNode => ({
  id: newId(),
  role: 'api',
  hostname: 'host-a',
  host: '0.0.0.0',
  port: 8080,
  pid: 4242,
  dataDir: '/var/lib/orator',
  publicUrl: 'https://tts.example.com',
  hasRedis: true,
  hasS3: false,
  startedAt: 1_800_000_000_000,
  heartbeatAt: 1_800_000_000_000,
  ...changes,
});

onEveryDatabase('the node registry table', (c) => {
  it('saves a node and reads it back whole, through another connection too', async () => {
    const a = node({ role: 'worker', port: 65535, pid: 2_147_483_000, hasRedis: false, hasS3: true, startedAt: 1_800_000_000_123, heartbeatAt: 1_800_000_000_456 });
    await c.repos.nodes.save(a);
    assert.deepEqual(await c.repos.nodes.heardSince(a.heartbeatAt), [a]);
    assert.deepEqual(await (await c.other()).nodes.heardSince(a.heartbeatAt), [a]);
    await c.repos.nodes.remove(a.id);
  });

  it('heartbeats move heardSince; a heartbeat of a removed row says so; saving again rewrites, keeping its start', async () => {
    const t = 1_900_000_000_000;
    const a = node({ startedAt: t, heartbeatAt: t });
    const b = node({ startedAt: t + 1, heartbeatAt: t });
    await c.repos.nodes.save(a);
    await c.repos.nodes.save(b);
    assert.equal(await c.repos.nodes.heartbeat(a.id, t + 10_000), true);
    assert.deepEqual((await c.repos.nodes.heardSince(t + 5_000)).map((n) => n.id), [a.id]);
    assert.deepEqual((await c.repos.nodes.heardSince(t)).map((n) => n.id), [a.id, b.id], 'oldest start first');
    await c.repos.nodes.save({ ...a, startedAt: t + 99, heartbeatAt: t + 20_000, port: 9090 });
    const [saved] = await c.repos.nodes.heardSince(t + 20_000);
    assert.equal(saved.port, 9090);
    assert.equal(saved.startedAt, t, 'a re-save is the same node: its start stays');
    await c.repos.nodes.remove(a.id);
    assert.equal(await c.repos.nodes.heartbeat(a.id, t + 30_000), false);
    assert.equal(await c.repos.nodes.removeSilentSince(t + 1), 1, 'b, silent since t');
    assert.deepEqual(await c.repos.nodes.heardSince(0), []);
  });
});
