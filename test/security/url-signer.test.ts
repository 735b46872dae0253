import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { ManualClock } from '../../src/clock.js';
import { maxLinkSeconds, UrlSigner } from '../../src/security/url-signer.js';

describe('UrlSigner', () => {
  const key = randomBytes(32);
  const path = '/files/speak/65f0c3a1b2c4d5e6f7a8b9c0.wav';

  it('signs a path until its expiry, by the injected clock', () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0, 250));
    const signer = new UrlSigner(key, clock);
    const signed = signer.sign(path, 24 * 3600);
    assert.equal(signed.expires, Math.ceil(clock.now() / 1000 + 24 * 3600));
    assert.match(signed.signature, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(signed.query, `expires=${signed.expires}&signature=${signed.signature}`);
    const params = new URLSearchParams(signed.query);
    const verify = () => signer.verify(path, params.get('expires') ?? undefined, params.get('signature') ?? undefined);
    assert.equal(verify(), true);
    clock.set(signed.expires * 1000 - 1);
    assert.equal(verify(), true, 'refused a millisecond before expiry');
    clock.set(signed.expires * 1000);
    assert.equal(verify(), false, 'accepted at expiry');
    clock.advance(3600_000);
    assert.equal(verify(), false);
    assert.equal(signer.verify(path, signed.expires, signed.signature, signed.expires * 1000 - 5000), true, 'explicit now');
  });

  it('never makes nor accepts a link that lives longer than 24 h', () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0, 250));
    const signer = new UrlSigner(key, clock);
    const latest = Math.ceil(clock.now() / 1000) + maxLinkSeconds;
    assert.equal(signer.signUntil(path, 999_999_999_999).expires, latest, 'a far expiry is cut to 24 h');
    assert.equal(signer.signUntil(path, latest - 10).expires, latest - 10, 'a nearer expiry is kept');
    // A link minted with the same key by a clock ten days ahead names an expiry no honest signer gives today.
    const ahead = new UrlSigner(key, new ManualClock(clock.now() + 10 * 86_400_000));
    const minted = ahead.sign(path, 3600);
    assert.equal(signer.verify(path, minted.expires, minted.signature), false);
    clock.advance(10 * 86_400_000);
    assert.equal(signer.verify(path, minted.expires, minted.signature), true, 'valid once it is within 24 h');
  });

  it('refuses a changed path, expiry or signature, another key, and malformed input', () => {
    const clock = new ManualClock();
    const signer = new UrlSigner(key, clock);
    const { expires, signature } = signer.sign(path, 60);
    assert.equal(signer.verify(path, String(expires), signature), true);
    assert.equal(signer.verify(`${path}x`, expires, signature), false);
    assert.equal(signer.verify('/files/speak/other.wav', expires, signature), false);
    assert.equal(signer.verify(path, expires + 3600, signature), false, 'extended expiry accepted');
    const sig = Buffer.from(signature, 'base64url');
    sig[5] ^= 0x80;
    assert.equal(signer.verify(path, expires, sig.toString('base64url')), false);
    assert.equal(signer.verify(path, expires, signature.slice(0, -2)), false);
    // Another spelling of the same bytes: the last character's two unused low bits flipped.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = signature.slice(0, -1) + alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1];
    assert.deepEqual(Buffer.from(respelled, 'base64url'), Buffer.from(signature, 'base64url'));
    assert.equal(signer.verify(path, expires, respelled), false, 'a non-canonical signature was accepted');
    assert.equal(new UrlSigner(randomBytes(32), clock).verify(path, expires, signature), false);
    for (const bad of [undefined, '', 'abc', '-1', '1e12', ' 123', `${expires}.0`]) {
      assert.equal(signer.verify(path, bad, signature), false, `expires ${JSON.stringify(bad)}`);
    }
    for (const bad of [undefined, '', '!!!!', `${signature}=`, `${signature}A`]) {
      assert.equal(signer.verify(path, expires, bad), false, `signature ${JSON.stringify(bad)}`);
    }
    assert.throws(() => new UrlSigner(randomBytes(16), clock), RangeError);
  });
});
