import { DomainError } from '../platform/commands/command-errors';
import { type SignatureCheck, checkLinkSignature, linkSignature } from '../platform/http/signed-links';
import type { PendingUpload, UploadArea, UploadStorage } from '../platform/storage/uploads';

/**
 * The help centre's files: training documents (PDF), training videos (WebM, MP4) and
 * announcements' files (PDF, PNG, JPEG), each recognised by its bytes before any command runs,
 * kept through the one upload mechanism, and opened through signed, expiring links — a new tab
 * and a <video> element send no bearer token.
 */

export type HelpFileType = 'pdf' | 'webm' | 'mp4' | 'png' | 'jpg';

const CONTENT_TYPES: Record<HelpFileType, string> = { pdf: 'application/pdf', webm: 'video/webm', mp4: 'video/mp4', png: 'image/png', jpg: 'image/jpeg' };

/** What the bytes are (whatever the file is called); undefined for anything else. */
export function helpFileTypeOf(bytes: Buffer): HelpFileType | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  // EBML header, then its DocType 'webm' within the first bytes (a Matroska file says 'matroska').
  if (starts(0x1a, 0x45, 0xdf, 0xa3) && bytes.subarray(0, 64).includes(Buffer.from('webm', 'latin1'))) return 'webm';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp' && ['isom', 'iso2', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash'].includes(bytes.subarray(8, 12).toString('latin1'))) return 'mp4';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  return undefined;
}

/** The content type of a key this layer made, by our own extension. */
export const helpContentTypeOf = (key: string): string => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1) as HelpFileType] ?? 'application/octet-stream';

/**
 * An uploaded help file, checked before any command runs: when present, at most `maxBytes` and one
 * of `accepted` by its bytes (else refused, naming the form field). Undefined when no file was sent.
 */
export function pendingHelpFile(uploads: UploadStorage, area: UploadArea, bytes: Buffer | undefined, accepted: readonly HelpFileType[], message: string, maxBytes: number, field = 'file'): PendingUpload | undefined {
  if (!bytes || bytes.length === 0) return undefined;
  if (bytes.length > maxBytes) {
    const tooLarge = `The file must be at most ${Math.round(maxBytes / 1_000_000)} MB`;
    throw new DomainError(tooLarge, 413, { [field]: tooLarge });
  }
  const type = helpFileTypeOf(bytes);
  if (!type || !accepted.includes(type)) throw new DomainError(message, 400, { [field]: message });
  return uploads.pending(area, { bytes, contentType: CONTENT_TYPES[type], extension: type });
}

/** Which kind of help file a link opens: the purpose keeps a training link from opening an announcement's file. */
export type HelpFileKind = 'training' | 'announcement';

export const HELP_FILE_LINK_TTL_MS = 12 * 60 * 60 * 1000;

const PATHS: Record<HelpFileKind, string> = { training: '/api/v1/training/files', announcement: '/api/v1/announcements/files' };

/** A signed path to a help file: `id` is a training content id, or an announcement file's name in storage (`<uuid>.pdf`). */
export function signedHelpFilePath(secret: Uint8Array, kind: HelpFileKind, id: string, expires = Math.floor((Date.now() + HELP_FILE_LINK_TTL_MS) / 1000)): string {
  return `${PATHS[kind]}/${encodeURIComponent(id)}?expires=${expires}&signature=${linkSignature(secret, `help-file-${kind}`, [id], expires)}`;
}

export function checkHelpFileSignature(secret: Uint8Array, kind: HelpFileKind, id: string, expires: number, signature: string): SignatureCheck {
  return checkLinkSignature(secret, `help-file-${kind}`, [id], expires, signature);
}

/** Refuses a link that is not (or no longer) good, in words that say where to get a fresh one. */
export function requireGoodLink(check: SignatureCheck, where: string): void {
  if (check === 'invalid') throw new DomainError(`This link is not valid. Open it again from ${where}.`, 403);
  if (check === 'expired') throw new DomainError(`This link has expired. Open it again from ${where}.`, 403);
}
