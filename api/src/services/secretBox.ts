// Secrets the server must read back (the staff TOTP seeds, issue 27) are
// stored encrypted: AES-256-GCM, a random 96-bit nonce per value, with a key
// derived (HKDF-SHA256) from the session secret (SESSION_SECRET, or the one
// kept in the data folder; config.ts). A stolen database or backup alone
// does not give the seeds. Changing the session secret makes them unreadable:
// staff then sign in with a recovery code and set up their app again.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';
const keys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'bakery', 'stored secrets v1', 32));
    keys.set(secret, key);
  }
  return key;
}

/** True for a value this module wrote. */
export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/** `v1:` + base64url(nonce, ciphertext, tag). */
export function seal(secret: string, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url');
}

/**
 * The plain value of a sealed one, or null when it cannot be opened (another
 * key, or tampered with). A value stored before encryption is returned as it is.
 */
export function open(secret: string, stored: string): string | null {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  if (raw.length < 12 + 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([
      decipher.update(raw.subarray(12, raw.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
