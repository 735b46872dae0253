import assert from 'node:assert/strict';
import { it } from 'node:test';
import { onEveryDatabase } from './repository-databases.js';

onEveryDatabase('account repository', (c) => {
  it('stores an account and reads it back, alone, with its plan, and in the list (oldest first)', async () => {
    const older = await c.account('lite', 1_000);
    const newer = await c.account('free', 2_000);
    const account = await c.repos.accounts.get(older);
    assert.equal(account?.uid, older);
    assert.equal(account?.plan, 'lite');
    assert.equal(account?.enableApi, true);
    assert.equal(account?.usedCredits, 0);
    assert.equal(account?.createdAt, 1_000);
    const withPlan = await c.repos.accounts.getWithPlan(older);
    assert.equal(withPlan?.plan.name, 'lite');
    assert.equal(withPlan?.plan.concurrencyLimit, 5);
    assert.equal(typeof withPlan?.plan.cloneAllowed, 'boolean');
    const list = (await c.repos.accounts.list()).map((a) => a.uid);
    assert.ok(list.indexOf(older) < list.indexOf(newer));
    assert.equal(await c.repos.accounts.get('0'.repeat(24)), null);
    assert.equal(await c.repos.accounts.getWithPlan('0'.repeat(24)), null);
  });

  it('finds an account by a credential digest and hands back the stored digest', async () => {
    const uid = await c.account();
    const found = await c.repos.accounts.findByCredential('api_key_hash', `key-${uid}`);
    assert.equal(found?.account.uid, uid);
    assert.equal(found?.storedDigest, `key-${uid}`);
    assert.equal((await c.repos.accounts.findByCredential('api_token_hash', `token-${uid}`))?.account.uid, uid);
    assert.equal(await c.repos.accounts.findByCredential('api_token_hash', `key-${uid}`), null);
  });

  it('reads encrypted secrets, updates columns, and says when there is no such account', async () => {
    const uid = await c.account();
    assert.equal(await c.repos.accounts.getEncrypted(uid, 'webhook_secret_encrypted'), `enc-secret-${uid}`);
    assert.equal(await c.repos.accounts.getEncrypted(uid, 'api_token_encrypted'), `enc-token-${uid}`);
    assert.equal(await c.repos.accounts.getEncrypted('0'.repeat(24), 'api_token_encrypted'), null);
    assert.equal(await c.repos.accounts.update(uid, { callback_url: 'https://example.com/hook', enable_api: 0, plan: 'plus' }), true);
    const account = await c.repos.accounts.get(uid);
    assert.equal(account?.callbackUrl, 'https://example.com/hook');
    assert.equal(account?.enableApi, false);
    assert.equal(account?.plan, 'plus');
    assert.equal(await c.repos.accounts.update('0'.repeat(24), { enable_api: 1 }), false);
    assert.equal(await c.repos.accounts.planExists('plus'), true);
    assert.equal(await c.repos.accounts.planExists('nope'), false);
  });

  it('debits credits up to the plan allowance and never past it', async () => {
    await c.repos.plans.insert(planWith('debit-test', { planCredits: 100 }));
    const uid = await c.account('debit-test');
    assert.equal(await c.repos.accounts.debitCredits(uid, 60), true);
    assert.equal(await c.repos.accounts.debitCredits(uid, 41), false);
    assert.equal(await c.repos.accounts.debitCredits(uid, 40), true);
    assert.equal(await c.repos.accounts.debitCredits(uid, 1), false);
    assert.equal((await c.repos.accounts.get(uid))?.usedCredits, 100);
    assert.equal(await c.repos.accounts.debitCredits('0'.repeat(24), 1), false);
  });

  it('parallel debits through two connection pools (two nodes) never pass the balance', async () => {
    await c.repos.plans.insert(planWith('race-test', { planCredits: 50 }));
    const uid = await c.account('race-test');
    const other = await c.other();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? other : c.repos).accounts.debitCredits(uid, 3)));
    const granted = results.filter(Boolean).length;
    assert.equal(granted, 16, `${granted} debits of 3 granted on a balance of 50`);
    assert.equal((await c.repos.accounts.get(uid))?.usedCredits, 48);
  });

  it('renews a period once (compare-and-set on its start) and debits only into the period the caller saw', async () => {
    const uid = await c.account('free', 1_700_000_000_000);
    assert.equal(await c.repos.accounts.debitCredits(uid, 70, 1_700_000_000_000), true);
    assert.equal((await c.repos.accounts.get(uid))?.periodStart, 1_700_000_000_000, 'a row written without period_start counts from its creation');
    const [first, second] = await Promise.all([c.repos.accounts.renew(uid, 1_700_000_000_000, 1_702_000_000_000), (await c.other()).accounts.renew(uid, 1_700_000_000_000, 1_702_000_000_000)]);
    assert.equal(Number(first) + Number(second), 1, 'exactly one renewal');
    const renewed = await c.repos.accounts.get(uid);
    assert.deepEqual([renewed?.usedCredits, renewed?.periodStart], [0, 1_702_000_000_000]);
    assert.equal(await c.repos.accounts.debitCredits(uid, 5, 1_700_000_000_000), false, 'a debit meant for the old period misses');
    assert.equal(await c.repos.accounts.debitCredits(uid, 5, 1_702_000_000_000), true);
    assert.equal(await c.repos.accounts.useProfessionalGeneration(uid, 1_700_000_000_000), false);
  });

  it('refunds credits without going below zero', async () => {
    const uid = await c.account('lite');
    await c.repos.accounts.debitCredits(uid, 10);
    assert.equal(await c.repos.accounts.refundCredits(uid, 4), true);
    assert.equal((await c.repos.accounts.get(uid))?.usedCredits, 6);
    await c.repos.accounts.refundCredits(uid, 100);
    assert.equal((await c.repos.accounts.get(uid))?.usedCredits, 0);
    assert.equal(await c.repos.accounts.refundCredits('0'.repeat(24), 1), false);
  });

  it('counts professional trainings against the plan and gives them back, never below zero', async () => {
    await c.repos.plans.insert(planWith('pro-test', { professionalCloneGenerations: 2 }));
    const uid = await c.account('pro-test');
    assert.equal(await c.repos.accounts.useProfessionalGeneration(uid), true);
    assert.equal(await c.repos.accounts.useProfessionalGeneration(uid), true);
    assert.equal(await c.repos.accounts.useProfessionalGeneration(uid), false);
    assert.equal((await c.repos.accounts.get(uid))?.usedProfessionalGenerations, 2);
    await c.repos.accounts.refundProfessionalGeneration(uid);
    await c.repos.accounts.refundProfessionalGeneration(uid);
    await c.repos.accounts.refundProfessionalGeneration(uid);
    assert.equal((await c.repos.accounts.get(uid))?.usedProfessionalGenerations, 0);
    assert.equal(await c.repos.accounts.useProfessionalGeneration('0'.repeat(24)), false);
  });
});

onEveryDatabase('plan repository', (c) => {
  it('lists the seeded tiers cheapest first and reads one', async () => {
    const names = (await c.repos.plans.list()).map((p) => p.name);
    assert.deepEqual(names.slice(0, 4), ['free', 'lite', 'plus', 'custom']);
    assert.equal((await c.repos.plans.get('plus'))?.concurrencyLimit, 15);
    assert.equal(await c.repos.plans.get('nope'), null);
  });

  it('adds a plan once, changes some of its limits, and says when there is no such plan', async () => {
    const plan = planWith('team', { planCredits: 123, cloneAllowed: true });
    assert.equal(await c.repos.plans.insert(plan), true);
    assert.equal(await c.repos.plans.insert({ ...plan, planCredits: 1 }), false);
    assert.deepEqual(await c.repos.plans.get('team'), plan);
    assert.equal(await c.repos.plans.update('team', { concurrencyLimit: 9, prosodyMetaAllowed: true }), true);
    assert.deepEqual(await c.repos.plans.get('team'), { ...plan, concurrencyLimit: 9, prosodyMetaAllowed: true });
    assert.equal(await c.repos.plans.update('team', {}), true);
    assert.equal(await c.repos.plans.update('nope', {}), false);
    assert.equal(await c.repos.plans.update('nope', { planCredits: 1 }), false);
  });

  it('keeps a plan\'s upload limits; a plan made without them gets the free tier\'s', async () => {
    const { uploadSlotsOpen, uploadBytes, uploadSlotsPerHour, ...withoutUploads } = planWith('bare', {});
    assert.deepEqual([uploadSlotsOpen, uploadBytes, uploadSlotsPerHour], [7, 1_000_000, 30]);
    assert.equal(await c.repos.plans.insert(withoutUploads), true);
    const free = await c.repos.plans.get('free');
    const bare = await c.repos.plans.get('bare');
    assert.deepEqual([bare?.uploadSlotsOpen, bare?.uploadBytes, bare?.uploadSlotsPerHour], [5, 50 * 1024 * 1024, 20]);
    assert.deepEqual([free?.uploadSlotsOpen, free?.uploadBytes, free?.uploadSlotsPerHour], [5, 50 * 1024 * 1024, 20]);
    assert.deepEqual([(await c.repos.plans.get('custom'))?.uploadBytes, (await c.repos.plans.get('plus'))?.uploadSlotsOpen], [5 * 1024 ** 3, 25]);
    assert.equal(await c.repos.plans.update('bare', { uploadBytes: 6_000_000_000 }), true);
    const uid = await c.account('bare');
    assert.equal((await c.repos.accounts.getWithPlan(uid))?.plan.uploadBytes, 6_000_000_000);
  });
});

function planWith(name: string, limits: Partial<import('../../src/services/accounts/plan.js').PlanLimits>) {
  return {
    name,
    concurrencyLimit: 2,
    customVoiceSlot: 3,
    professionalVoiceSlot: 1,
    planCredits: 1000,
    cloneAllowed: false,
    prosodyMetaAllowed: false,
    speakRatePerMinute: 10,
    maxConcurrentClones: 1,
    professionalCloneGenerations: 1,
    uploadSlotsOpen: 7,
    uploadBytes: 1_000_000,
    uploadSlotsPerHour: 30,
    creditPeriod: 'P1M',
    ...limits,
  };
}
