import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, readConfig } from '../../src/config/config.js';
import { estimateTokenBits } from '../../src/config/token-entropy.js';

/** A seeded generator (mulberry32), so the "random" tokens are the same on every run. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const bytes = (random: () => number, n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(random() * 256)));
const withToken = (token: string) => () => readConfig({ ADMIN_TOKEN: token });

describe('ADMIN_TOKEN entropy', () => {
  it('refuses tokens below 128 bits at start, with a line that says so and never the token', () => {
    for (const weak of ['a'.repeat(32), 'a'.repeat(200), 'ab'.repeat(32), '0123456789abcdef'.repeat(4), 'abcdefghijklmnopqrstuvwxyzabcdef', 'password'.repeat(6), 'Aa1!'.repeat(16)]) {
      assert.throws(withToken(weak), (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /ADMIN_TOKEN is too guessable: about \d+ bits of entropy, at least 128 needed/);
        assert.ok(!error.message.includes(weak), 'the token is not in the message');
        return true;
      }, weak);
    }
  });

  it('accepts what `openssl rand -base64 32` and `openssl rand -hex 32` make (1,000 of each)', () => {
    const random = seeded(30);
    let least = Infinity;
    for (let i = 0; i < 1000; i++) {
      for (const token of [bytes(random, 32).toString('base64'), bytes(random, 32).toString('hex'), bytes(random, 32).toString('base64url')]) {
        assert.equal(readConfig({ ADMIN_TOKEN: token }).adminToken, token);
        least = Math.min(least, estimateTokenBits(token));
      }
    }
    assert.ok(least > 160, `the weakest random token measured ${least} bits`);
  });

  it('estimates repeats and sequences as the little they are', () => {
    assert.equal(estimateTokenBits('a'.repeat(64)), 0);
    assert.ok(estimateTokenBits('ab'.repeat(32)) <= 64);
    assert.ok(estimateTokenBits('0123456789'.repeat(5)) < 40);
  });
});
