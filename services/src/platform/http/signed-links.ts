import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring links: the signature is the credential of a public route (an export's file, an
 * RMA order's PDF), so the browser can open it in a new tab without the bearer token. HMAC-SHA256
 * over (purpose, the subject's parts, expiry in epoch seconds), base64url; the purpose keeps a
 * signature of one kind of link from opening another.
 */

export function linkSignature(secret: Uint8Array, purpose: string, subject: readonly string[], expires: number): string {
  return createHmac('sha256', secret).update([purpose, ...subject, String(expires)].join('\n')).digest('base64url');
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

/** Is this the signature of (purpose, subject, expiry), and is the expiry still ahead? A bad signature is 'invalid' even when also expired. */
export function checkLinkSignature(secret: Uint8Array, purpose: string, subject: readonly string[], expires: number, signature: string, now = Date.now()): SignatureCheck {
  const expected = Buffer.from(linkSignature(secret, purpose, subject, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 <= now ? 'expired' : 'valid';
}
