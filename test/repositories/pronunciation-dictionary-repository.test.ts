import assert from 'node:assert/strict';
import { it } from 'node:test';
import { newId, onEveryDatabase } from './repository-databases.js';

const version = (rules: unknown[], createdAt = 1_000) => ({ version_id: newId(), rules: JSON.stringify(rules), rules_count: rules.length, bytes: 10, created_at: createdAt });
const dictionary = (accountUid: string, createdAt = 1_000) => ({ id: newId(), account_uid: accountUid, name: 'Names', description: null, is_default: 0, created_at: createdAt });

onEveryDatabase('pronunciation dictionary repository', (c) => {
  it('stores a dictionary with its first version, finds it by owner only, and lists the account’s oldest first', async () => {
    const uid = await c.account();
    const stranger = await c.account();
    const first = dictionary(uid, 1_000);
    const second = dictionary(uid, 2_000);
    const v1 = version([{ stringToReplace: 'Orator', type: 'alias', alias: 'Oh rater' }]);
    await c.repos.pronunciationDictionaries.insert(first, v1);
    await c.repos.pronunciationDictionaries.insert(second, version([]));
    await c.repos.pronunciationDictionaries.insert(dictionary(stranger), version([]));
    const found = await c.repos.pronunciationDictionaries.findOwned(uid, first.id);
    assert.equal(found?.latest_version_id, v1.version_id);
    assert.equal(found?.latest_version_number, 1);
    assert.deepEqual(found?.version, { ...v1, dictionary_id: first.id, version_number: 1 });
    assert.equal(await c.repos.pronunciationDictionaries.findOwned(stranger, first.id), null);
    assert.deepEqual((await c.repos.pronunciationDictionaries.listByAccount(uid)).map((d) => d.id), [first.id, second.id]);
    assert.equal(await c.repos.pronunciationDictionaries.countByAccount(uid), 2);
  });

  it('adds versions after the latest only, keeps the old ones readable, and refuses a change based on an older version', async () => {
    const uid = await c.account();
    const d = dictionary(uid);
    const v1 = version([]);
    await c.repos.pronunciationDictionaries.insert(d, v1);
    const v2 = version([{ stringToReplace: 'a', type: 'alias', alias: 'b' }], 2_000);
    assert.equal(await c.repos.pronunciationDictionaries.addVersion(uid, d.id, v1.version_id, v2), true);
    assert.equal(await c.repos.pronunciationDictionaries.addVersion(uid, d.id, v1.version_id, version([])), false);
    const stranger = await c.account();
    assert.equal(await c.repos.pronunciationDictionaries.addVersion(stranger, d.id, v2.version_id, version([])), false);
    const latest = await c.repos.pronunciationDictionaries.findOwned(uid, d.id);
    assert.equal(latest?.version.version_id, v2.version_id);
    assert.equal(latest?.version.version_number, 2);
    assert.equal((await c.repos.pronunciationDictionaries.findOwned(uid, d.id, v1.version_id))?.version.version_number, 1);
    assert.equal(await c.repos.pronunciationDictionaries.findOwned(uid, d.id, 'nope'), null);
  });

  it('sets defaults and archives by owner, lists defaults that are not archived, and deletes with the versions', async () => {
    const uid = await c.account();
    const stranger = await c.account();
    const a = dictionary(uid, 1_000);
    const b = dictionary(uid, 2_000);
    await c.repos.pronunciationDictionaries.insert(a, version([]));
    await c.repos.pronunciationDictionaries.insert(b, version([]));
    assert.equal(await c.repos.pronunciationDictionaries.update(stranger, a.id, { is_default: 1 }), false);
    assert.equal(await c.repos.pronunciationDictionaries.update(uid, a.id, { is_default: 1 }), true);
    await c.repos.pronunciationDictionaries.update(uid, b.id, { is_default: 1, archived_at: 5_000 });
    assert.deepEqual((await c.repos.pronunciationDictionaries.defaultHeads(uid)).map((d) => d.id), [a.id]);
    assert.deepEqual((await c.repos.pronunciationDictionaries.listByAccount(uid)).map((d) => d.id), [a.id]);
    assert.deepEqual((await c.repos.pronunciationDictionaries.listByAccount(uid, true)).map((d) => [d.id, d.archived_at]), [[a.id, null], [b.id, 5_000]]);
    assert.equal(await c.repos.pronunciationDictionaries.deleteOwned(stranger, a.id), false);
    assert.equal(await c.repos.pronunciationDictionaries.deleteOwned(uid, a.id), true);
    assert.equal(await c.repos.pronunciationDictionaries.findOwned(uid, a.id), null);
    assert.equal(await c.repos.pronunciationDictionaries.countByAccount(uid), 1);
  });

  it('the default heads (ids and latest versions, no rules) follow every change, made here or through another node', async () => {
    const uid = await c.account();
    const repo = c.repos.pronunciationDictionaries;
    const elsewhere = (await c.other()).pronunciationDictionaries;
    const a = dictionary(uid, 1_000);
    const b = dictionary(uid, 2_000);
    const a1 = version([{ stringToReplace: 'Orator', type: 'alias', alias: 'Oh rater' }]);
    await repo.insert(a, a1);
    await repo.insert(b, version([]));
    assert.deepEqual(await repo.defaultHeads(uid), []);
    // Read once, so a kept answer (SQLite) would be the one to go stale.
    await elsewhere.update(uid, a.id, { is_default: 1 });
    assert.deepEqual(await repo.defaultHeads(uid), [{ id: a.id, versionId: a1.version_id }], 'PATCH default on another node');
    const a2 = version([{ stringToReplace: 'Orator', type: 'alias', alias: 'Ora tore' }], 2_000);
    assert.equal(await elsewhere.addVersion(uid, a.id, a1.version_id, a2), true);
    assert.deepEqual(await repo.defaultHeads(uid), [{ id: a.id, versionId: a2.version_id }], 'a new version on another node');
    await repo.update(uid, b.id, { is_default: 1 });
    assert.deepEqual((await repo.defaultHeads(uid)).map((h) => h.id), [a.id, b.id], 'oldest first');
    await elsewhere.update(uid, b.id, { archived_at: 5_000 });
    assert.deepEqual((await repo.defaultHeads(uid)).map((h) => h.id), [a.id], 'archived on another node');
    await elsewhere.deleteOwned(uid, a.id);
    assert.deepEqual(await repo.defaultHeads(uid), [], 'deleted on another node');
    assert.equal(await repo.versionRules(a2.version_id), null, 'a deleted dictionary’s versions are gone');
  });

  it('reads one version’s rules by its id', async () => {
    const uid = await c.account();
    const v = version([{ stringToReplace: 'SQL', type: 'alias', alias: 'sequel' }]);
    await c.repos.pronunciationDictionaries.insert(dictionary(uid), v);
    assert.deepEqual(await c.repos.pronunciationDictionaries.versionRules(v.version_id), { rules: v.rules, bytes: v.bytes });
    assert.equal(await c.repos.pronunciationDictionaries.versionRules('nothing'), null);
  });

  it('goes with its account', async () => {
    const uid = await c.account();
    await c.repos.pronunciationDictionaries.insert(dictionary(uid), version([]));
    const deleted = await c.repos.accountData.deleteAll(uid);
    assert.equal(deleted.pronunciation_dictionaries, 1);
    assert.equal(deleted.pronunciation_dictionary_versions, 1);
  });
});
