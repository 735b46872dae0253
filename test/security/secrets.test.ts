import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { hashSecret, newSecret, safeEqual } from '../../src/security/secrets.js';

describe('secrets', () => {
  it('makes base64url secrets of the asked entropy, never twice the same', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const secret = newSecret();
      assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(Buffer.from(secret, 'base64url').length, 32);
      seen.add(secret);
    }
    assert.equal(seen.size, 2000);
    assert.equal(Buffer.from(newSecret(48), 'base64url').length, 48);
  });

  it('spreads bits evenly (each of the 256 bits set about half the time)', () => {
    const ones = new Array(256).fill(0);
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const bytes = Buffer.from(newSecret(), 'base64url');
      for (let bit = 0; bit < 256; bit++) if (bytes[bit >> 3] & (1 << (bit & 7))) ones[bit]++;
    }
    // 5 standard deviations of a fair coin over n draws.
    const slack = 5 * Math.sqrt(n / 4);
    for (const count of ones) assert.ok(Math.abs(count - n / 2) < slack, `a bit was set ${count}/${n} times`);
  });

  it('hashes to hex SHA-256', () => {
    assert.equal(hashSecret('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const secret = newSecret();
    assert.equal(hashSecret(secret), createHash('sha256').update(secret).digest('hex'));
  });

  it('compares equal, unequal and different-length strings without throwing', () => {
    assert.equal(safeEqual('same', 'same'), true);
    assert.equal(safeEqual('same', 'sama'), false);
    assert.equal(safeEqual('short', 'a much longer string'), false);
    assert.equal(safeEqual('', ''), true);
    assert.equal(safeEqual('', 'x'), false);
  });
});
