import { type SignatureCheck, checkLinkSignature, linkSignature } from '../platform/http/signed-links';

export type { SignatureCheck } from '../platform/http/signed-links';

/** A download link lives 24 hours. */
export const EXPORT_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const PURPOSE = 'export-download';

/** HMAC-SHA256 over (export id, user id, expiry in epoch seconds), base64url. */
export function exportSignature(secret: Uint8Array, exportId: string, userId: string, expires: number): string {
  return linkSignature(secret, PURPOSE, [exportId, userId], expires);
}

/** The signed download path of an export; `expires` in epoch seconds (default: 24 h from now). */
export function signedDownloadPath(secret: Uint8Array, exportId: string, userId: string, expires = Math.floor((Date.now() + EXPORT_LINK_TTL_MS) / 1000)): string {
  const signature = exportSignature(secret, exportId, userId, expires);
  return `/api/v1/exports/${encodeURIComponent(exportId)}/download?expires=${expires}&signature=${signature}`;
}

/** Is this the signature of (export, user, expiry), and is the expiry still ahead? A bad signature is 'invalid' even when also expired. */
export function checkExportSignature(secret: Uint8Array, exportId: string, userId: string, expires: number, signature: string, now = Date.now()): SignatureCheck {
  return checkLinkSignature(secret, PURPOSE, [exportId, userId], expires, signature, now);
}
