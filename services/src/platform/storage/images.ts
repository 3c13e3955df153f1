import { NOT_AN_IMAGE_MESSAGE } from '@portal/contracts';
import { DomainError } from '../commands/command-errors';
import type { PendingUpload, UploadArea, UploadStorage } from './uploads';

/** The upload limit of every image (doc 1 §5, §9; doc 2 §5): one image of at most 50,000,000 bytes. */
export const IMAGE_MAX_BYTES = 50_000_000;

/** What the bytes are, whatever the file is called (doc 1 §5 "images only"); undefined for anything that is no image we take. */
export function imageTypeOf(bytes: Buffer): { readonly contentType: string; readonly extension: string } | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { contentType: 'image/png', extension: 'png' };
  if (starts(0xff, 0xd8, 0xff)) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a') return { contentType: 'image/gif', extension: 'gif' };
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return { contentType: 'image/webp', extension: 'webp' };
  if (starts(0x42, 0x4d) && bytes.length > 26) return { contentType: 'image/bmp', extension: 'bmp' };
  const brand = bytes.subarray(4, 12).toString('latin1');
  if (brand === 'ftypheic' || brand === 'ftypheix' || brand === 'ftypmif1') return { contentType: 'image/heic', extension: 'heic' };
  return undefined;
}

/**
 * An uploaded image, checked before any command runs: present, and an image by its bytes. The
 * answer is pending: a command keeps it only once it accepts (uploads.ts). `field` is the form
 * field the client sent, named in the refusal.
 */
export function pendingImage(uploads: UploadStorage, area: UploadArea, bytes: Buffer | undefined, field: string): PendingUpload {
  if (!bytes || bytes.length === 0) throw new DomainError('Please choose an image', 400, { [field]: 'Please choose an image' });
  const type = imageTypeOf(bytes);
  if (!type) throw new DomainError(NOT_AN_IMAGE_MESSAGE, 400, { [field]: NOT_AN_IMAGE_MESSAGE });
  return uploads.pending(area, { bytes, contentType: type.contentType, extension: type.extension });
}

const CONTENT_TYPES = new Map([
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['bmp', 'image/bmp'],
  ['heic', 'image/heic'],
]);

/** The content type of an image key this layer made (`rma-images/<uuid>.png`), by our own extension. */
export function imageContentTypeOf(key: string): string {
  return CONTENT_TYPES.get(key.slice(key.lastIndexOf('.') + 1)) ?? 'application/octet-stream';
}
