/** The upload limit of the IMEI screens (doc 1 §5, §9): one image of at most 50,000,000 bytes. */
export const DEVICE_IMAGE_MAX_BYTES = 50_000_000;

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
