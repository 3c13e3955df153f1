import { Worker } from 'node:worker_threads';

/**
 * The PDFs are checked by parsing them with PDF.js (pdfjs-dist), not by looking at them: the
 * text each page shows, its size, and the filled rectangles it paints (the barcode's bars).
 *
 * PDF.js ships as ES modules only, which jest's CommonJS runtime cannot import; so it runs in a
 * worker thread, which is plain Node, and answers one message per document.
 */

export interface ParsedPage {
  width: number;
  height: number;
  /** One string per text run, in drawing order. */
  items: string[];
  /** The same runs with where they sit in page space: baseline origin, width, and height (the font size, for upright text). */
  runs: { text: string; x: number; y: number; width: number; height: number }[];
  /** Filled paths' boxes in page space: [x0, y0, x1, y1]. */
  fills: [number, number, number, number][];
}

const PARSER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
let pdfjs;
const multiply = (m, n) => [
  m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
];
const apply = (m, x, y) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
parentPort.on('message', async ({ id, bytes, module, pick }) => {
  try {
    pdfjs ??= await import(pathToFileURL(module).href);
    const { OPS } = pdfjs;
    const doc = await pdfjs.getDocument({ data: bytes, verbosity: pdfjs.VerbosityLevel.ERRORS, isEvalSupported: false }).promise;
    const pages = [];
    const numbers = pick ? pick.map((n) => (n < 0 ? doc.numPages + 1 + n : n)) : Array.from({ length: doc.numPages }, (_, i) => i + 1);
    for (const n of numbers) {
      const page = await doc.getPage(n);
      const [, , width, height] = page.view;
      const content = await page.getTextContent();
      const shown = content.items.filter((item) => 'str' in item && item.str.trim() !== '');
      const items = shown.map((item) => item.str);
      const runs = shown.map((item) => ({ text: item.str, x: item.transform[4], y: item.transform[5], width: item.width, height: item.height }));
      const ops = await page.getOperatorList();
      const fills = [];
      const stack = [];
      let ctm = [1, 0, 0, 1, 0, 0];
      for (let i = 0; i < ops.fnArray.length; i++) {
        const fn = ops.fnArray[i];
        const args = ops.argsArray[i];
        if (fn === OPS.save) stack.push(ctm);
        else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
        else if (fn === OPS.transform) ctm = multiply(ctm, args);
        else if (fn === OPS.constructPath && (args[0] === OPS.fill || args[0] === OPS.eoFill)) {
          const [x0, y0] = apply(ctm, args[2][0], args[2][1]);
          const [x1, y1] = apply(ctm, args[2][2], args[2][3]);
          fills.push([Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)]);
        }
      }
      pages.push({ width, height, items, runs, fills });
      page.cleanup();
    }
    const count = doc.numPages;
    await doc.destroy();
    parentPort.postMessage({ id, pages, count });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.stack || error) });
  }
});
`;

/** A PDF parser on a worker thread: start it once per test file, stop it after. */
export class PdfParser {
  private readonly worker = new Worker(PARSER_SOURCE, { eval: true });
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (parsed: { pages: ParsedPage[]; count: number }) => void; reject: (error: Error) => void }>();

  constructor() {
    this.worker.on('message', ({ id, pages, count, error }: { id: number; pages?: ParsedPage[]; count?: number; error?: string }) => {
      const waiting = this.pending.get(id)!;
      this.pending.delete(id);
      if (error) waiting.reject(new Error(error));
      else waiting.resolve({ pages: pages!, count: count! });
    });
  }

  private send(bytes: Uint8Array, pick: readonly number[] | undefined): Promise<{ pages: ParsedPage[]; count: number }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, bytes, module: require.resolve('pdfjs-dist/legacy/build/pdf.mjs'), pick });
    });
  }

  /** Every page. */
  async parse(bytes: Uint8Array): Promise<ParsedPage[]> {
    return (await this.send(bytes, undefined)).pages;
  }

  /** Only the pages named (1 the first, -1 the last), in that order, and how many the document has: a long document's count and a few pages of it, quickly. */
  parsePages(bytes: Uint8Array, pick: readonly number[]): Promise<{ pages: ParsedPage[]; count: number }> {
    return this.send(bytes, pick);
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}
