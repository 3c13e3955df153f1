import type { LabelLayout } from '@portal/contracts';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import {
  type Box,
  CODE128_QUIET_ZONE,
  Ink,
  QR_QUIET_ZONE,
  barBoxes,
  code128Pattern,
  code128Takes,
  moduleWidth,
  patternModules,
  qrBoxes,
  qrMatrix,
} from '../../platform/pdf/barcodes';
import { Typesetter } from '../../platform/pdf/typesetter';

/**
 * Carton and device labels (issue 27, docs/SCANNING.md "Labels"), rendered server-side as PDF.
 * Pure: labels in, bytes out; no database, no clock, so the same labels give the same bytes.
 *
 * - A carton label: the carton number in large type, as Code 128 (its text under it) and as a QR
 *   code; the office, the device count, the device type and the received date.
 * - A device label: the model; the IMEI as Code 128 with its digits under it; the carton number.
 *
 * Three layouts: an A4 sheet of die-cut labels in a grid (cartons 2 x 4 of 105 x 74 mm, devices
 * 3 x 8 of 70 x 37 mm: the common sheet stock), one label per 4 x 6 in page (thermal label
 * printers), one label per page 62 mm wide (continuous 62 mm rolls; the page length is the label's).
 *
 * What makes them scan: the bars are bwip-js's encoding drawn as filled rectangles, each module a
 * whole number of the printer's dots where there is room, with the quiet zones Code 128 (10
 * modules) and QR (4) ask for kept clear; the QR code is bwip-js's matrix drawn square by square.
 * What makes 500 of them fast: the fonts are embedded once per document, a page's bars and squares
 * are written as one content stream of rectangle-and-fill operators (platform/pdf/barcodes' Ink,
 * no pdf-lib object per bar), and the layout of a label stock is worked out once, not per label.
 * Most of what remains is bwip-js's QR encoder (about 2.5 ms a code).
 */

/** A carton label, as shown (the caller formats names and dates). */
export interface CartonLabel {
  readonly carton_number: string;
  /** The office holding it, e.g. "Dallas Office (#4417)". */
  readonly office: string;
  readonly device_count: number;
  /** The device type as people read it ("Phone"). */
  readonly device_type: string;
  /** MM-DD-YYYY. */
  readonly received: string;
}

/** A device label, as shown. */
export interface DeviceLabel {
  /** The IMEI (or a SIM's ICCID): digits. */
  readonly imei: string;
  /** Make and model as people read them ("Acme A1"); the device type when the manifest named no model. */
  readonly model: string;
  readonly carton_number: string;
}

const MM = 72 / 25.4;
const A4: [number, number] = [210 * MM, 297 * MM];
const BLACK = rgb(0, 0, 0);
const GRAY = rgb(0.3, 0.3, 0.3);
const CUT_GUIDE = rgb(0.82, 0.82, 0.82);
const CREATOR = 'Distribution Portal';
/** Labels drawn before giving the event loop a turn. */
const LABELS_PER_TURN = 10;

/** One label stock: the page, the grid of labels on it, and the printer's dot (72 / dpi points). */
interface Stock {
  readonly page: [number, number];
  readonly columns: number;
  readonly rows: number;
  readonly label: [number, number];
  /** Printer resolution: laser sheets 600 dpi, 4 x 6 in thermal printers 203 dpi, 62 mm roll printers 300 dpi. */
  readonly dot: number;
  /** A sheet's labels get a faint outline (a guide where the sheet is plain paper); a label printer's page is the label. */
  readonly outlined: boolean;
}

const FOUR_BY_SIX: [number, number] = [4 * 72, 6 * 72];
const STOCKS: Readonly<Record<'carton' | 'device', Readonly<Record<LabelLayout, Stock>>>> = {
  carton: {
    a4: { page: A4, columns: 2, rows: 4, label: [105 * MM, 74 * MM], dot: 72 / 600, outlined: true },
    '4x6': { page: FOUR_BY_SIX, columns: 1, rows: 1, label: FOUR_BY_SIX, dot: 72 / 203, outlined: false },
    '62mm': { page: [62 * MM, 100 * MM], columns: 1, rows: 1, label: [62 * MM, 100 * MM], dot: 72 / 300, outlined: false },
  },
  device: {
    a4: { page: A4, columns: 3, rows: 8, label: [70 * MM, 37 * MM], dot: 72 / 600, outlined: true },
    '4x6': { page: FOUR_BY_SIX, columns: 1, rows: 1, label: FOUR_BY_SIX, dot: 72 / 203, outlined: false },
    '62mm': { page: [62 * MM, 32 * MM], columns: 1, rows: 1, label: [62 * MM, 32 * MM], dot: 72 / 300, outlined: false },
  },
};

/** Labels a page of this layout holds. */
export const labelsPerPage = (kind: 'carton' | 'device', layout: LabelLayout): number => STOCKS[kind][layout].columns * STOCKS[kind][layout].rows;

/** The label cells of a page, left to right then top to bottom; the grid centred on the page. */
function cellsOf(stock: Stock): Box[] {
  const [pageWidth, pageHeight] = stock.page;
  const [width, height] = stock.label;
  const left = (pageWidth - stock.columns * width) / 2;
  const top = pageHeight - (pageHeight - stock.rows * height) / 2;
  const cells: Box[] = [];
  for (let row = 0; row < stock.rows; row++) {
    for (let column = 0; column < stock.columns; column++) cells.push({ x: left + column * width, y: top - (row + 1) * height, width, height });
  }
  return cells;
}

async function newDocument(title: string): Promise<{ doc: PDFDocument; type: Typesetter }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setCreator(CREATOR);
  doc.setProducer('pdf-lib');
  return { doc, type: await Typesetter.embed(doc) };
}

/** Lays the labels out on as many pages of the stock as they take, drawing each with `draw`. */
async function renderLabels<Label>(title: string, stock: Stock, labels: readonly Label[], draw: (page: PDFPage, type: Typesetter, ink: Ink, cell: Box, label: Label) => void): Promise<Uint8Array> {
  if (labels.length === 0) throw new RangeError('A label PDF has at least one label');
  const { doc, type } = await newDocument(title);
  const cells = cellsOf(stock);
  const ink = new Ink();
  let page: PDFPage | undefined;
  for (let index = 0; index < labels.length; index++) {
    // The API answers other requests meanwhile: a label costs up to ~5 ms (its QR code), 1,000 of them would hold the event loop for seconds.
    if (index > 0 && index % LABELS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const at = index % cells.length;
    if (at === 0) {
      if (page) ink.paint(page);
      page = doc.addPage(stock.page);
    }
    const cell = cells[at]!;
    if (stock.outlined) page!.drawRectangle({ ...cell, borderColor: CUT_GUIDE, borderWidth: 0.25 });
    draw(page!, type, ink, cell, labels[index]!);
  }
  ink.paint(page!);
  // pdf-lib's save yields to the event loop too (every 50 objects by default).
  return doc.save({ useObjectStreams: true });
}

// ---------------------------------------------------------------------------------------------
// Drawing helpers

/** Text centred across [x, x + width]. */
function centred(page: PDFPage, type: Typesetter, text: string, font: PDFFont, size: number, x: number, width: number, y: number, color = BLACK): void {
  page.drawText(text, { x: x + (width - type.width(text, font, size)) / 2, y, size, font, color });
}

/**
 * A Code 128 symbol of `text` centred in [x, x + width] from `bottom` up, quiet zones inside the
 * width; answers false (drawing nothing) when Code 128 cannot carry the text.
 */
function drawCode128(ink: Ink, text: string, x: number, width: number, bottom: number, height: number, dot: number, maxModule: number): boolean {
  if (!code128Takes(text)) return false;
  const pattern = code128Pattern(text);
  const modules = patternModules(pattern);
  const module = moduleWidth(width / (modules + 2 * CODE128_QUIET_ZONE), dot, maxModule);
  ink.fill(barBoxes(pattern, x + (width - modules * module) / 2, bottom, module, height));
  return true;
}

/** A QR code of `text` in a square of `side` (its quiet zone inside), top-left corner at (x, top). */
function drawQr(ink: Ink, text: string, x: number, top: number, side: number, dot: number): void {
  const matrix = qrMatrix(text);
  const module = moduleWidth(side / (matrix.size + 2 * QR_QUIET_ZONE), dot, side);
  const symbol = matrix.size * module;
  ink.fill(qrBoxes(matrix, x + (side - symbol) / 2, top - (side - symbol) / 2, module));
}

// ---------------------------------------------------------------------------------------------
// Carton labels

/** Sizes of a carton label at scale 1 (a 105 x 74 mm sheet label). */
const CARTON = { caption: 6.5, number: 20, minNumber: 9, value: 10, barcode: 40, readable: 8.5, gap: 4 };
const CARTON_BASE: [number, number] = [105 * MM, 74 * MM];

const count = new Intl.NumberFormat('en-US');

/** The four facts of a carton label, caption and value. */
const cartonFacts = (label: CartonLabel): [string, string][] => [
  ['OFFICE', label.office],
  ['DEVICES', count.format(label.device_count)],
  ['DEVICE TYPE', label.device_type],
  ['RECEIVED', label.received],
];

function drawCartonLabel(stock: Stock, page: PDFPage, type: Typesetter, ink: Ink, cell: Box, label: CartonLabel): void {
  const { regular, bold } = type;
  const wide = cell.width >= cell.height;
  // Tall labels (4 x 6 in, 62 x 100 mm) stack the facts over the QR code; wide ones set them side by side.
  const s = wide ? Math.min(cell.width / CARTON_BASE[0], cell.height / CARTON_BASE[1]) : Math.min(cell.width / CARTON_BASE[1], cell.height / CARTON_BASE[0]) * 1.15;
  const size = (base: number, min: number) => Math.max(min, base * s);
  const pad = Math.max(3 * MM, 0.045 * Math.min(cell.width, cell.height));
  const left = cell.x + pad;
  const width = cell.width - 2 * pad;
  let top = cell.y + cell.height - pad;
  const bottom = cell.y + pad;
  const number = type.clean(label.carton_number);
  const caption = size(CARTON.caption, 5.5);
  const value = size(CARTON.value, 7);
  const gap = CARTON.gap * s;

  // The carton number, as large as fits.
  page.drawText('CARTON', { x: left, y: top - caption, size: caption, font: bold, color: GRAY });
  top -= caption + gap / 2;
  const numberSize = type.sizeToFit(number, bold, size(CARTON.number, 10), size(CARTON.minNumber, 7), width);
  page.drawText(type.fit(number, bold, numberSize, width), { x: left, y: top - numberSize * 0.75, size: numberSize, font: bold, color: BLACK });
  top -= numberSize * 0.75 + gap * 1.5;

  // Code 128 along the foot, its text under it (or why there is none).
  const readable = size(CARTON.readable, 6);
  const barcodeHeight = Math.max(18, CARTON.barcode * s);
  const barcodeBottom = bottom + readable + gap / 2;
  if (drawCode128(ink, label.carton_number, left, width, barcodeBottom, barcodeHeight, stock.dot, 2.5 * s)) {
    centred(page, type, type.fit(number, regular, readable, width), regular, readable, left, width, bottom);
  } else {
    const why = 'No Code 128 for this number: scan the QR code';
    const whySize = type.sizeToFit(why, regular, readable, 4, width);
    centred(page, type, type.fit(why, regular, whySize, width), regular, whySize, left, width, barcodeBottom + barcodeHeight / 2);
  }
  const middleBottom = barcodeBottom + barcodeHeight + gap * 1.5;

  // The facts, and the QR code beside them (wide) or under them (tall).
  const facts = cartonFacts(label);
  if (wide) {
    const side = Math.min(top - middleBottom, width * 0.45);
    drawQr(ink, label.carton_number, left + width - side, top, side, stock.dot);
    const factsWidth = width - side - gap;
    let y = top;
    for (const [name, text] of facts) {
      page.drawText(name, { x: left, y: y - caption, size: caption, font: bold, color: GRAY });
      y -= caption + 1.5 * s;
      page.drawText(type.fit(type.clean(text), regular, value, factsWidth), { x: left, y: y - value * 0.75, size: value, font: regular, color: BLACK });
      y -= value * 0.75 + gap;
    }
  } else {
    // Two columns of two facts; the office spans both (names are long).
    const half = (width - gap) / 2;
    const rows: [string, string, number, number][][] = [
      [[facts[0][0], facts[0][1], left, width]],
      [[facts[1][0], facts[1][1], left, half], [facts[2][0], facts[2][1], left + half + gap, half]],
      [[facts[3][0], facts[3][1], left, width]],
    ];
    for (const row of rows) {
      for (const [name, text, x, room] of row) {
        page.drawText(name, { x, y: top - caption, size: caption, font: bold, color: GRAY });
        page.drawText(type.fit(type.clean(text), regular, value, room), { x, y: top - caption - 1.5 * s - value * 0.75, size: value, font: regular, color: BLACK });
      }
      top -= caption + 1.5 * s + value * 0.75 + gap;
    }
    const side = Math.min(top - middleBottom, width * 0.75);
    drawQr(ink, label.carton_number, left + (width - side) / 2, top - (top - middleBottom - side) / 2, side, stock.dot);
  }
}

/** Carton labels: one per carton, in the order given, on the layout's pages. */
export function renderCartonLabels(labels: readonly CartonLabel[], layout: LabelLayout): Promise<Uint8Array> {
  const stock = STOCKS.carton[layout];
  return renderLabels(`Carton labels (${labels.length})`, stock, labels, (page, type, ink, cell, label) => drawCartonLabel(stock, page, type, ink, cell, label));
}

// ---------------------------------------------------------------------------------------------
// Device labels

/** Sizes of a device label at scale 1 (a 70 x 37 mm sheet label). */
const DEVICE = { model: 8.5, digits: 8.5, carton: 7.5, gap: 2.5 };
const DEVICE_BASE: [number, number] = [70 * MM, 37 * MM];

function drawDeviceLabel(stock: Stock, page: PDFPage, type: Typesetter, ink: Ink, cell: Box, label: DeviceLabel): void {
  const { regular, bold } = type;
  const s = Math.min(cell.width / DEVICE_BASE[0], cell.height / DEVICE_BASE[1], 2);
  // A tall page (4 x 6 in) has room to spare up and down: larger type and taller bars, the bars' width being the width's.
  const tall = cell.height > cell.width;
  const textScale = tall ? s * 1.5 : s;
  const pad = Math.max(3 * MM, 0.045 * Math.min(cell.width, cell.height));
  const left = cell.x + pad;
  const width = cell.width - 2 * pad;
  const modelSize = DEVICE.model * textScale;
  const digitsSize = DEVICE.digits * textScale;
  const cartonSize = DEVICE.carton * textScale;
  const gap = DEVICE.gap * textScale;
  const text = modelSize * 0.75 + digitsSize * 0.75 + cartonSize * 0.75 + 3 * gap;
  const barcodeHeight = Math.min(cell.height - 2 * pad - text, width * (tall ? 0.6 : 0.35));
  // The block centred up and down (a 4 x 6 in page is much taller than what it holds).
  let top = cell.y + cell.height - (cell.height - text - barcodeHeight) / 2;

  const model = type.fit(type.clean(label.model) || '-', bold, modelSize, width);
  centred(page, type, model, bold, modelSize, left, width, top - modelSize * 0.75);
  top -= modelSize * 0.75 + gap;
  drawCode128(ink, label.imei, left, width, top - barcodeHeight, barcodeHeight, stock.dot, 1.5 * s);
  top -= barcodeHeight + gap;
  centred(page, type, label.imei, regular, digitsSize, left, width, top - digitsSize * 0.75);
  top -= digitsSize * 0.75 + gap;
  const carton = type.clean(label.carton_number);
  const captionWidth = type.width('Carton ', bold, cartonSize);
  const shown = type.fit(carton, regular, cartonSize, width - captionWidth);
  const x = left + (width - captionWidth - type.width(shown, regular, cartonSize)) / 2;
  page.drawText('Carton', { x, y: top - cartonSize * 0.75, size: cartonSize, font: bold, color: GRAY });
  page.drawText(shown, { x: x + captionWidth, y: top - cartonSize * 0.75, size: cartonSize, font: regular, color: BLACK });
}

/** Device labels: one per device, in the order given, on the layout's pages. */
export function renderDeviceLabels(labels: readonly DeviceLabel[], layout: LabelLayout): Promise<Uint8Array> {
  const stock = STOCKS.device[layout];
  return renderLabels(`Device labels (${labels.length})`, stock, labels, (page, type, ink, cell, label) => drawDeviceLabel(stock, page, type, ink, cell, label));
}
