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

  it('pages newest first by (at, id) from a position, every entry once, entries of one millisecond included', async () => {
    const a = await c.account();
    const written = [];
    // Twelve entries over four milliseconds: three share each.
    for (let i = 0; i < 12; i++) written.push(await c.repos.audit.record({ uid: a, actor: 'owner', action: 'set-callback-url', details: { i }, at: 10_000 + Math.floor(i / 3) }));
    const expected = [...written].sort((x, y) => y.at - x.at || (y.id < x.id ? -1 : 1)).map((e) => e.id);
    const walked: string[] = [];
    let before: { at: number; id: string } | undefined;
    for (;;) {
      const page = await c.repos.audit.page({ uid: a, limit: 5, before });
      walked.push(...page.map((e) => e.id));
      if (page.length < 5) break;
      before = { at: page.at(-1)!.at, id: page.at(-1)!.id };
    }
    assert.deepEqual(walked, expected);
    const everyone = await c.repos.audit.page({ limit: 2 });
    assert.equal(everyone.length, 2);
    assert.ok(everyone[0]!.at >= everyone[1]!.at);
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
