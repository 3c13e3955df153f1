import { raw as encodeBarcode } from 'bwip-js';
import { deflateSync } from 'node:zlib';
import type { PDFPage } from 'pdf-lib';

/**
 * Barcodes for the PDFs the service renders (RMA shipping labels, carton and device labels):
 * the encodings are bwip-js's (Code 128 bar and space widths, a QR code's module matrix); they
 * are drawn here as filled rectangles, so what prints is exactly the encoding, at whatever size
 * the label gives it, with no image to scale or blur.
 */

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** Whether Code 128 can carry the text as it reads (printable ASCII; bwip-js would encode anything else as UTF-8 bytes a scanner shows as garbage). */
export const code128Takes = (text: string): boolean => PRINTABLE_ASCII.test(text);

/** Bar and space widths in modules, bar first (bwip-js's encoding of Code 128). */
export function code128Pattern(text: string): number[] {
  if (!code128Takes(text)) {
    throw new RangeError(`A Code 128 barcode takes printable ASCII only, not ${JSON.stringify(text)}`);
  }
  const [symbol] = encodeBarcode('code128', text) as { sbs: number[] }[];
  return symbol.sbs;
}

/** Modules of a Code 128 pattern, without its quiet zones. */
export const patternModules = (pattern: readonly number[]): number => pattern.reduce((sum, width) => sum + width, 0);

/** The light margin each side of a Code 128 symbol, in modules (ISO/IEC 15417 asks at least 10). */
export const CODE128_QUIET_ZONE = 10;
/** The light margin around a QR code, in modules (ISO/IEC 18004: 4). */
export const QR_QUIET_ZONE = 4;

/** A QR code's modules (bwip-js's matrix, error correction M; no quiet zone): `dark[row * size + column]`, rows from the top. */
export interface QrMatrix {
  readonly size: number;
  readonly dark: readonly boolean[];
}

/** The QR code of the text (UTF-8, as bwip-js encodes text beyond ASCII). */
export function qrMatrix(text: string): QrMatrix {
  const [symbol] = encodeBarcode('qrcode', text, 'eclevel=M') as { pixs: number[]; pixx: number; pixy: number }[];
  if (symbol.pixx !== symbol.pixy) throw new Error(`bwip-js answered a ${symbol.pixx} x ${symbol.pixy} QR code`);
  return { size: symbol.pixx, dark: symbol.pixs.map((pixel) => pixel === 1) };
}

/** A rectangle in page space: its lower-left corner and size. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The width of one module: a whole number of printer dots (`dot`, 72 / dpi points) when the
 * room (`fit`, the widest module that fits) holds at least one, never wider than `max`; `fit`
 * itself when even one dot is too wide (the symbol then prints, but narrower than the printer
 * can draw it well).
 */
export function moduleWidth(fit: number, dot: number, max: number): number {
  const limit = Math.min(fit, max);
  return limit >= dot ? Math.floor(limit / dot + 1e-9) * dot : fit;
}

/** The bars of a Code 128 pattern as boxes, the first bar's left edge at `x`. */
export function barBoxes(pattern: readonly number[], x: number, bottom: number, module: number, height: number): Box[] {
  const boxes: Box[] = [];
  let at = x;
  pattern.forEach((width, i) => {
    if (i % 2 === 0) boxes.push({ x: at, y: bottom, width: width * module, height });
    at += width * module;
  });
  return boxes;
}

/** A QR code's dark modules as boxes, one per run of dark modules along a row, its top-left corner at (x, top). */
export function qrBoxes(matrix: QrMatrix, x: number, top: number, module: number): Box[] {
  const boxes: Box[] = [];
  for (let row = 0; row < matrix.size; row++) {
    let column = 0;
    while (column < matrix.size) {
      if (!matrix.dark[row * matrix.size + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < matrix.size && matrix.dark[row * matrix.size + column]) column++;
      boxes.push({ x: x + start * module, y: top - (row + 1) * module, width: (column - start) * module, height: module });
    }
  }
  return boxes;
}

/** A coordinate as content-stream text: at most 3 decimals (a thousandth of a point), no exponent, no trailing zeros. */
function coordinate(value: number): string {
  const text = (Math.round(value * 1000) / 1000).toFixed(3);
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48 /* 0 */) end--;
  if (text.charCodeAt(end - 1) === 46 /* . */) end--;
  return text.slice(0, end);
}

/**
 * The black boxes of one page (bars, QR squares), written straight into one content stream of
 * their own when the page is done: a rectangle and a fill per box, in one graphics state. Not
 * pdf-lib's drawRectangle, which builds about ten operator objects a box: at 100,000 boxes (500
 * carton labels) those objects, not the PDF, were most of the time.
 */
export class Ink {
  private boxes: string[] = [];

  fill(boxes: readonly Box[]): void {
    for (const box of boxes) this.boxes.push(`${coordinate(box.x)} ${coordinate(box.y)} ${coordinate(box.width)} ${coordinate(box.height)} re f`);
  }

  /** Adds the boxes so far to the page's content and starts afresh. Compressed by Node's zlib: pdf-lib's own (pako) spends longer setting up each stream than compressing it. */
  paint(page: PDFPage): void {
    if (this.boxes.length === 0) return;
    const { context } = page.doc;
    const content = deflateSync(`q 0 g\n${this.boxes.join('\n')}\nQ\n`);
    page.node.addContentStream(context.register(context.stream(content, { Filter: 'FlateDecode' })));
    this.boxes = [];
  }
}
