// The signer of the session cookie (app.keys): what keygrip does with
// HMAC-SHA256, the same signatures, compared with crypto.timingSafeEqual.
// keygrip compares through tsscmp, which draws a random key and computes two
// more HMACs for every request that carries a cookie: at a drop's opening,
// with hundreds of requests in a second, that was a few per cent of the
// server's time. A signature has a fixed length, so comparing the lengths
// first tells a client nothing it did not know.
import { createHmac, timingSafeEqual } from 'node:crypto';

export class CookieSigner {
  constructor(private readonly keys: readonly string[]) {
    if (keys.length === 0) throw new Error('Keys must be provided.');
  }

  private signWith(data: string, key: string): string {
    return createHmac('sha256', key).update(data).digest('base64url');
  }

  /** The signature of `data` with the newest key. */
  sign(data: string): string {
    return this.signWith(data, this.keys[0]!);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** Which key signed `data` as `digest`, -1 for none. */
  index(data: string, digest: string): number {
    const given = Buffer.from(String(digest));
    for (let i = 0; i < this.keys.length; i++) {
      const expected = Buffer.from(this.signWith(data, this.keys[i]!));
      if (given.length === expected.length && timingSafeEqual(given, expected)) return i;
    }
    return -1;
  }
}
