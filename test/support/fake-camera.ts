import fs from 'node:fs/promises';
import { raw as encodeBarcode } from 'bwip-js';

const WIDTH = 640;
const HEIGHT = 480;
/** Pixels a Code 128 module is wide: a phone held ~20 cm from a label sees about this. */
const MODULE_PX = 3;
const BAR_ROWS = 200;

/**
 * The Chromium command-line switches that make its camera play `videoFile` (a .y4m) and grant the
 * page's request without a prompt: the "phone camera" of a browser test.
 */
export const fakeCameraArgs = (videoFile: string): string[] => ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${videoFile}`];

/**
 * Writes a .y4m video (YUV 4:2:0, one frame that Chromium's fake camera plays in a loop) of a
 * black-on-white Code 128 barcode of `text`, as bwip-js encodes it, centred with quiet zones.
 */
export async function writeBarcodeVideo(file: string, text: string): Promise<void> {
  const [symbol] = encodeBarcode('code128', text) as { sbs: number[] }[];
  const widths = symbol!.sbs;
  const barcodeWidth = widths.reduce((sum, width) => sum + width, 0) * MODULE_PX;
  if (barcodeWidth > WIDTH - 20 * MODULE_PX) throw new RangeError(`${text} is too long for a ${WIDTH}-pixel frame`);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  const top = (HEIGHT - BAR_ROWS) / 2;
  let x = (WIDTH - barcodeWidth) / 2;
  widths.forEach((width, index) => {
    const pixels = width * MODULE_PX;
    if (index % 2 === 0) for (let row = top; row < top + BAR_ROWS; row++) luma.fill(0, row * WIDTH + x, row * WIDTH + x + pixels);
    x += pixels;
  });
  // No colour: both chroma planes at their middle value.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  await fs.writeFile(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]));
}
