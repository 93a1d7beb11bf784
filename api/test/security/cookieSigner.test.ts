// The session cookie's signer (src/cookieSigner.ts) signs as keygrip did with
// HMAC-SHA256, so cookies signed before the change still sign in, and refuses
// anything else.
import Keygrip from 'keygrip';
import { describe, expect, it } from 'vitest';
import { CookieSigner } from '../../src/cookieSigner.js';

const SECRET = 'a-session-secret-of-the-right-length-0123456789';
const DATA = 'bakery.sid=Jq3v2zB1fQ8xY0kL9mN7pR5tU4wE6sA2dF1gH3jK5lZ';

describe('the cookie signer', () => {
  it('gives the signatures keygrip gave', () => {
    const old = new Keygrip([SECRET], 'sha256');
    const signer = new CookieSigner([SECRET]);
    for (const data of [DATA, 'x=', 'bakery.sid=a/b+c=d', 'ü=ß']) {
      expect(signer.sign(data)).toBe(old.sign(data));
      expect(signer.index(data, old.sign(data))).toBe(0);
    }
  });

  it('refuses a changed, cut or foreign signature, and finds an older key', () => {
    const signer = new CookieSigner([SECRET]);
    const good = signer.sign(DATA);
    const flipped = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.verify(DATA, good)).toBe(true);
    expect(signer.verify(DATA, flipped)).toBe(false);
    expect(signer.verify(DATA, good.slice(0, -1))).toBe(false);
    expect(signer.verify(DATA, '')).toBe(false);
    expect(signer.verify(`${DATA}x`, good)).toBe(false);
    expect(new CookieSigner(['another-secret']).verify(DATA, good)).toBe(false);
    const rotated = new CookieSigner(['the-new-secret', SECRET]);
    expect(rotated.index(DATA, good)).toBe(1);
    expect(rotated.sign(DATA)).not.toBe(good);
    expect(() => new CookieSigner([])).toThrow();
  });
});
