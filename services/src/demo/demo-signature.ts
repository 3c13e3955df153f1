import { crc32, deflateSync } from 'node:zlib';

/**
 * A drawn signature for the demo's signers: a pen stroke across a transparent 320 × 100 PNG, its
 * shape varied by `seed` so that two signers' signatures differ. Made here (a few lines of PNG
 * encoding) so the seed needs no image library.
 */
export function demoSignaturePng(seed: number): Buffer {
  const width = 320;
  const height = 100;
  const pixels = Buffer.alloc(width * height * 4);
  const ink = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const px = Math.round(x + dx);
        const py = Math.round(y + dy);
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const at = (py * width + px) * 4;
        pixels[at] = 0;
        pixels[at + 1] = 0;
        pixels[at + 2] = 80;
        pixels[at + 3] = 255;
      }
    }
  };
  // Loops along a baseline, like joined handwriting, then an underline.
  const loops = 4 + (seed % 3);
  for (let t = 0; t <= 1; t += 0.0005) {
    const x = 20 + t * 260;
    const y = 50 + Math.sin(t * Math.PI * 2 * loops + seed) * (18 + (seed % 5) * 2) * Math.sin(t * Math.PI) + Math.cos(t * Math.PI * 2 * (loops + 1)) * 8;
    ink(x, y);
  }
  for (let x = 40; x < 290; x++) ink(x, 82 + Math.sin(x / 40 + seed) * 2);
  // PNG: the signature, IHDR (RGBA, 8 bits), IDAT (each row prefixed by filter 0), IEND.
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) pixels.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(6, 9);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
