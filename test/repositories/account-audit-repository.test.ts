import assert from 'node:assert/strict';
import { it } from 'node:test';
import { onEveryDatabase } from './repository-databases.js';

onEveryDatabase('account audit repository', (c) => {
  it('records entries and lists them oldest first, for one account or for all', async () => {
    const a = await c.account();
    const b = await c.account();
    await c.repos.audit.record({ uid: a, actor: 'cli', action: 'set-plan', details: { from: 'free', to: 'plus' }, at: 2_000 });
    await c.repos.audit.record({ uid: b, actor: 'admin-api', action: 'disable', details: {}, at: 1_500 });
    await c.repos.audit.record({ uid: a, actor: 'cli', action: 'reset-usage', details: { used_credits: 42 }, at: 1_000 });
    const ofA = await c.repos.audit.list(a);
    assert.deepEqual(
      ofA.map((e) => [e.action, e.actor, e.at]),
      [
        ['reset-usage', 'cli', 1_000],
        ['set-plan', 'cli', 2_000],
      ],
    );
    assert.deepEqual(ofA[1].details, { from: 'free', to: 'plus' });
    assert.equal(typeof ofA[0].at, 'number');
    const all = (await c.repos.audit.list()).filter((e) => e.uid === a || e.uid === b);
    assert.deepEqual(
      all.map((e) => e.action),
      ['reset-usage', 'disable', 'set-plan'],
    );
    assert.deepEqual(await c.repos.audit.list('0'.repeat(24)), []);
  });

  it('keeps when an account was disabled, and clears it again', async () => {
    const uid = await c.account();
    assert.equal((await c.repos.accounts.get(uid))?.disabledAt, null);
    assert.equal(await c.repos.accounts.update(uid, { disabled_at: 1_700_000_123_456 }), true);
    assert.equal((await c.repos.accounts.get(uid))?.disabledAt, 1_700_000_123_456);
    assert.equal((await c.repos.accounts.getWithPlan(uid))?.account.disabledAt, 1_700_000_123_456);
    assert.equal((await c.repos.accounts.findByCredential('api_key_hash', `key-${uid}`))?.account.disabledAt, 1_700_000_123_456);
    await c.repos.accounts.update(uid, { disabled_at: null });
    assert.equal((await c.repos.accounts.get(uid))?.disabledAt, null);
  });
});
