import { Worker } from 'node:worker_threads';
import { LABEL_LAYOUTS, type LabelLayout } from '@portal/contracts';
import { CODE128_QUIET_ZONE, QR_QUIET_ZONE, code128Pattern, qrMatrix } from '../../platform/pdf/barcodes';
import { type ParsedPage, PdfParser } from '../../platform/testing/pdf-parser';
import { type CartonLabel, type DeviceLabel, labelsPerPage, renderCartonLabels, renderDeviceLabels } from './inventory-labels';

/** The PDFs are checked by parsing them (platform/testing/pdf-parser: PDF.js on a worker thread), not by looking at them. */
let parser: PdfParser;
beforeAll(() => {
  parser = new PdfParser();
});
afterAll(() => parser.stop());
const parse = (bytes: Uint8Array) => parser.parse(bytes);

const MM = 72 / 25.4;
const imei = (n: number) => `35693803${String(n).padStart(7, '0')}`;
const carton = (n: number, overrides: Partial<CartonLabel> = {}): CartonLabel => ({
  carton_number: `CTN-${String(n).padStart(5, '0')}`,
  office: 'Dallas Office (4417)',
  device_count: 24,
  device_type: 'Phone',
  received: '03-14-2026',
  ...overrides,
});
const device = (n: number, overrides: Partial<DeviceLabel> = {}): DeviceLabel => ({ imei: imei(n), model: 'Acme A1', carton_number: 'CTN-00001', ...overrides });
const many = <T>(count: number, make: (n: number) => T) => Array.from({ length: count }, (_, i) => make(i + 1));

type Fill = ParsedPage['fills'][number];
const height = ([, y0, , y1]: Fill) => y1 - y0;
const width = ([x0, , x1]: Fill) => x1 - x0;

/** A Code 128 symbol read back from its bars (the fills taller than `minHeight`): bar and space widths in modules, the module, and the symbol's edges. */
function readBars(fills: readonly Fill[], minHeight: number) {
  const bars = fills.filter((fill) => height(fill) > minHeight).sort((a, b) => a[0] - b[0]);
  const module = Math.min(...bars.map(width));
  const widths = bars.flatMap((bar, i) => (i === 0 ? [] : [bar[0] - bars[i - 1]![2]]).concat(width(bar)));
  return { widths: widths.map((value) => Math.round(value / module)), module, left: bars[0]![0], right: bars.at(-1)![2], exact: widths.every((value) => Math.abs(value / module - Math.round(value / module)) < 0.01) };
}

/** A QR code read back from its squares (the fills no taller than one module): its matrix, module and corners. */
function readQr(fills: readonly Fill[], maxHeight: number) {
  const squares = fills.filter((fill) => height(fill) <= maxHeight);
  const module = height(squares[0]!);
  const left = Math.min(...squares.map(([x0]) => x0));
  const top = Math.max(...squares.map(([, , , y1]) => y1));
  const size = Math.round((Math.max(...squares.map(([, , x1]) => x1)) - left) / module);
  const dark = new Array<boolean>(size * size).fill(false);
  for (const [x0, y0, x1] of squares) {
    const row = Math.round((top - y0) / module) - 1;
    for (let column = Math.round((x0 - left) / module); column < Math.round((x1 - left) / module); column++) dark[row * size + column] = true;
  }
  return { size, dark, module, left, top, bottom: top - size * module, right: left + size * module };
}

describe('carton labels', () => {
  it('shows the carton number, office, device count, device type and received date, 8 to an A4 sheet', async () => {
    const pages = await parse(await renderCartonLabels(many(10, (n) => carton(n, { device_count: 1000 + n })), 'a4'));

    expect(pages.map((page) => [Math.round(page.width), Math.round(page.height)])).toEqual([[595, 842], [595, 842]]);
    expect(pages[1]!.items).toEqual(expect.arrayContaining(['CTN-00009', 'CTN-00010', 'Dallas Office (4417)', '1,010', 'Phone', '03-14-2026', 'OFFICE', 'DEVICES', 'DEVICE TYPE', 'RECEIVED']));
    const numbers = pages.flatMap((page) => page.items.filter((item) => /^CTN-\d{5}$/.test(item)));
    // Each carton twice (large, and under its barcode), in order, nothing lost at the page break.
    expect(numbers).toEqual(many(10, (n) => carton(n).carton_number).flatMap((number) => [number, number]));
  });

  it('draws the carton number as Code 128 with its quiet zones, and as a QR code of bwip-js\'s matrix with its own', async () => {
    for (const layout of LABEL_LAYOUTS) {
      const number = 'CTN-2026-00417';
      const [page] = await parse(await renderCartonLabels([carton(1, { carton_number: number })], layout));
      const bars = readBars(page!.fills, 15);
      expect(bars.widths).toEqual(code128Pattern(number));
      expect(bars.exact).toBe(true);
      const qr = readQr(page!.fills, 15);
      expect(qr).toMatchObject({ size: qrMatrix(number).size, dark: qrMatrix(number).dark });
      // Nothing else painted in either quiet zone (the label's own edge counts as one only for a sheet's die-cut labels).
      const labelWidth = layout === 'a4' ? 105 * MM : page!.width;
      const labelLeft = layout === 'a4' ? (page!.width - 2 * labelWidth) / 2 : 0;
      expect(bars.left - labelLeft).toBeGreaterThanOrEqual(CODE128_QUIET_ZONE * bars.module);
      expect(labelLeft + labelWidth - bars.right).toBeGreaterThanOrEqual(CODE128_QUIET_ZONE * bars.module);
      const near = page!.fills.filter(([x0, y0, x1, y1]) => height([x0, y0, x1, y1]) > 15 && x1 > qr.left - QR_QUIET_ZONE * qr.module && x0 < qr.right + QR_QUIET_ZONE * qr.module && y1 > qr.bottom - QR_QUIET_ZONE * qr.module && y0 < qr.top + QR_QUIET_ZONE * qr.module);
      expect(near).toEqual([]);
      expect(bars.module).toBeGreaterThanOrEqual(0.24); // at least one dot of the slowest printer (300 dpi for 62 mm, 203 for 4 x 6)
    }
  });

  it('prints a carton number Code 128 cannot carry as text and QR only, and text the fonts cannot show as near as they can', async () => {
    const number = 'CTN-Ω1';
    const [page] = await parse(await renderCartonLabels([carton(1, { carton_number: number, office: 'Zoë 🙂 Łódź' })], '4x6'));
    expect(page!.items).toEqual(expect.arrayContaining(['CTN-?1', 'Zoë ? Lódz', 'No Code 128 for this number: scan the QR code']));
    expect(page!.fills.filter((fill) => height(fill) > 15)).toEqual([]);
    expect(readQr(page!.fills, 15).dark).toEqual(qrMatrix(number).dark);
    await expect(renderCartonLabels([], 'a4')).rejects.toThrow(RangeError);
  });
});

describe('device labels', () => {
  it('shows the model, the IMEI as Code 128 with its digits under it, and the carton number, 24 to an A4 sheet', async () => {
    const pages = await parse(await renderDeviceLabels(many(30, (n) => device(n, { model: n === 2 ? 'Samsung Galaxy A15' : 'Acme A1' })), 'a4'));

    expect(pages).toHaveLength(2);
    expect(pages[0]!.items).toEqual(expect.arrayContaining(['Acme A1', 'Samsung Galaxy A15', 'Carton', 'CTN-00001', imei(1), imei(24)]));
    expect(pages.flatMap((page) => page.items.filter((item) => /^\d{15}$/.test(item)))).toEqual(many(30, imei));
    // The first label's bars (the top-left cell) are the IMEI's Code 128.
    const pageTop = pages[0]!.height;
    const firstCell = pages[0]!.fills.filter(([x0, , , y1]) => x0 < 70 * MM && y1 > pageTop - 37 * MM);
    const bars = readBars(firstCell, 15);
    expect(bars.widths).toEqual(code128Pattern(imei(1)));
    expect(bars.exact).toBe(true);
    expect(bars.left).toBeGreaterThanOrEqual(CODE128_QUIET_ZONE * bars.module);
  });

  it('gives every layout its page: 4 x 6 in and 62 x 32 mm, one label each', async () => {
    const sizes: Record<LabelLayout, [number, number]> = { a4: [595, 842], '4x6': [288, 432], '62mm': [176, 91] };
    for (const layout of LABEL_LAYOUTS) {
      const pages = await parse(await renderDeviceLabels([device(1), device(2)], layout));
      expect(pages.map((page) => [Math.round(page.width), Math.round(page.height)])).toEqual(layout === 'a4' ? [sizes.a4] : [sizes[layout], sizes[layout]]);
      // The first label's bars (on a sheet: the top-left cell's).
      const labelWidth = layout === 'a4' ? 70 * MM : pages[0]!.width;
      const bars = readBars(pages[0]!.fills.filter(([x0]) => x0 < labelWidth), 15);
      expect(bars.widths).toEqual(code128Pattern(imei(1)));
      expect(labelWidth - bars.right).toBeGreaterThanOrEqual(CODE128_QUIET_ZONE * bars.module);
    }
  });

  it('gives the same bytes for the same labels', async () => {
    const labels = many(5, (n) => device(n));
    expect(Buffer.from(await renderDeviceLabels(labels, '62mm')).equals(Buffer.from(await renderDeviceLabels(labels, '62mm')))).toBe(true);
  });
});

/**
 * bwip-js's QR encoder runs about six times slower inside jest's module sandbox than in plain Node
 * (measured: 36 ms a code against 6), so the 500-label documents are rendered on a worker thread —
 * plain Node, this same source compiled by ts-node (transpile only).
 */
const RENDER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
require(workerData.tsNode).register({ transpileOnly: true, project: workerData.project });
const { renderCartonLabels, renderDeviceLabels } = require(workerData.module);
parentPort.on('message', async ({ id, kind, labels, layout }) => {
  try {
    parentPort.postMessage({ id, bytes: await (kind === 'carton' ? renderCartonLabels : renderDeviceLabels)(labels, layout) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.stack) || error) });
  }
});
`;

describe('500 labels', () => {
  let worker: Worker;
  let nextId = 0;
  beforeAll(() => {
    worker = new Worker(RENDER_SOURCE, {
      eval: true,
      workerData: { tsNode: require.resolve('ts-node'), project: require.resolve('../../../tsconfig.json'), module: require.resolve('./inventory-labels') },
    });
  });
  afterAll(() => worker.terminate());
  function render(kind: 'carton', labels: readonly CartonLabel[], layout: LabelLayout): Promise<Uint8Array>;
  function render(kind: 'device', labels: readonly DeviceLabel[], layout: LabelLayout): Promise<Uint8Array>;
  function render(kind: 'carton' | 'device', labels: readonly unknown[], layout: LabelLayout): Promise<Uint8Array> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const answered = (message: { id: number; bytes?: Uint8Array; error?: string }) => {
        if (message.id !== id) return;
        worker.off('message', answered);
        if (message.error) reject(new Error(message.error));
        else resolve(message.bytes!);
      };
      worker.on('message', answered);
      worker.postMessage({ id, kind, labels, layout });
    });
  }
  const imeisOn = (page: ParsedPage) => page.items.filter((item) => /^\d{15}$/.test(item));
  /** The labels page n of `perPage` holds, by number from 1. */
  const onPage = (n: number, perPage: number) => many(Math.min(perPage, 500 - (n - 1) * perPage), (i) => (n - 1) * perPage + i);

  // The page count of each layout, with the first, a middle and the last page read back (the order
  // over page breaks is checked on the smaller documents above).
  it.each(LABEL_LAYOUTS)('of devices fill the right number of %s pages', async (layout) => {
    const perPage = labelsPerPage('device', layout);
    const { count, pages } = await parser.parsePages(await render('device', many(500, (n) => device(n)), layout), [1, 11, -1]);
    expect(count).toBe(Math.ceil(500 / perPage));
    expect(pages.map(imeisOn)).toEqual([1, 11, count].map((n) => onPage(n, perPage).map(imei)));
  });

  it('of cartons fill 63 A4 sheets of 8', async () => {
    const { count, pages } = await parser.parsePages(await render('carton', many(500, (n) => carton(n)), 'a4'), [1, -1]);
    expect(count).toBe(63);
    const numbersOn = (page: ParsedPage) => [...new Set(page.items.filter((item) => /^CTN-\d{5}$/.test(item)))];
    expect(pages.map(numbersOn)).toEqual([1, 63].map((n) => onPage(n, 8).map((i) => carton(i).carton_number)));
  });

  it('of cartons take a page each on a label printer', async () => {
    for (const layout of ['4x6', '62mm'] as const) expect(labelsPerPage('carton', layout)).toBe(1);
    const pages = await parse(await renderCartonLabels(many(3, (n) => carton(n)), '62mm'));
    expect(pages.map((page) => page.items.find((item) => /^CTN-\d{5}$/.test(item)))).toEqual(many(3, (n) => carton(n).carton_number));
  });

  it('put 8 cartons and 24 devices on an A4 page', () => {
    expect([labelsPerPage('carton', 'a4'), labelsPerPage('device', 'a4'), labelsPerPage('carton', '4x6'), labelsPerPage('device', '62mm')]).toEqual([8, 24, 1, 1]);
  });
});
