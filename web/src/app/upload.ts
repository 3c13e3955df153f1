import { NOT_AN_IMAGE_MESSAGE } from '@portal/contracts/platform/image-upload';

/**
 * The one rule for an uploaded image (doc 1 §5, §9; doc 2 §5, §9): one file, images only, at
 * most 50,000,000 bytes. Device Image (agent-IMEI, IMEI) and the RMA forms (createrma,
 * agent-rmareport) check a chosen file with it before sending, as the server checks it.
 */
export const MAX_IMAGE_BYTES = 50_000_000;
export const IMAGE_MESSAGES = {
  /** Doc 2 §5 (direct RMA form, the same IMEI-and-image screen): digits only. */
  imei: 'Please enter valid IMEI',
  required: 'Please upload an image',
  /** The server's sentence too (contracts). */
  notImage: NOT_AN_IMAGE_MESSAGE,
  tooLarge: 'The image must be at most 50,000,000 bytes',
} as const;

/** Why a chosen file cannot be sent; undefined when it can. */
export function imageProblem(file: { type?: string; size?: number; name: string }): string | undefined {
  if (!(file.type ?? '').startsWith('image/')) return IMAGE_MESSAGES.notImage;
  if ((file.size ?? 0) > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return undefined;
}
