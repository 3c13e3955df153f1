import { officeWithNumber } from '@portal/contracts';
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { code128Pattern } from '../../platform/pdf/barcodes';
import { Typesetter } from '../../platform/pdf/typesetter';

/**
 * The two documents an RMA order carries (doc 2 §3: rma_form_url, rma_shipping_label_url), rendered
 * server-side as PDF. Pure: data in, bytes out; no database, no clock (every date shown or written
 * into the metadata comes from the data), so the same data gives the same bytes.
 *
 * Text is set in the PDF standard fonts (Helvetica), which encode WinAnsi only: whatever falls
 * outside it is folded to its base letter where one exists (Ł → L) and shown as '?' otherwise,
 * never thrown (platform/pdf/typesetter; the barcodes are platform/pdf/barcodes').
 */

export interface RmaFormData {
  rma_prefix: string;
  office_name: string;
  office_number: string | null;
  ibo_market_name: string | null;
  submitted_by: string;
  /** ISO timestamp; shown as MM-DD-YYYY (UTC, like the exports). */
  submitted_at: string;
  address: { address: string; city: string; state: string; zip: string };
  /** Dimensions in inches, weight in pounds; null when not given. */
  boxes: { count: number; length: number | null; width: number | null; height: number | null; weight: number | null };
  devices: { imei: string; reason: string; reason_two: string | null; notes: string | null; agent_name: string | null }[];
}

export interface ShippingAddress {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
}

export interface ShippingLabelData {
  rma_prefix: string;
  from: ShippingAddress;
  /** The receiving warehouse: from configuration. */
  to: ShippingAddress;
  box_count: number;
  /** ISO timestamp of the approval; shown as MM-DD-YYYY (UTC). */
  approved_at: string;
}

const BLACK = rgb(0, 0, 0);
const GRAY = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.6, 0.6, 0.6);
const HEADER_FILL = rgb(0.88, 0.88, 0.88);
const STRIPE_FILL = rgb(0.96, 0.96, 0.96);
const CREATOR = 'Distribution Portal';

const pad = (value: number) => String(value).padStart(2, '0');

/** MM-DD-YYYY (the console's date format), in UTC; what is not a date is shown as given. */
export function formatDocumentDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${date.getUTCFullYear()}`;
}

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "1 device", "1,000 devices". */
export function formatDeviceTotal(total: number): string {
  return `${count.format(total)} ${total === 1 ? 'device' : 'devices'}`;
}

function validDate(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function newDocument(title: string, subject: string, dated: string): Promise<PDFDocument> {
  return PDFDocument.create({ updateMetadata: false }).then((doc) => {
    doc.setTitle(title);
    doc.setSubject(subject);
    doc.setCreator(CREATOR);
    doc.setProducer('pdf-lib');
    const date = validDate(dated);
    if (date) {
      doc.setCreationDate(date);
      doc.setModificationDate(date);
    }
    return doc;
  });
}

function rule(page: PDFPage, x: number, y: number, width: number, thickness = 0.75, color = RULE): void {
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness, color });
}

// ---------------------------------------------------------------------------------------------
// RMA form: US Letter, portrait.

const LETTER: [number, number] = [612, 792];
const MARGIN = 40;
const CONTENT_WIDTH = LETTER[0] - 2 * MARGIN;
const FOOTER_TOP = MARGIN + 8;
const CELL_SIZE = 8.5;
const CELL_LEADING = 10;
const CELL_PAD_X = 4;
const CELL_PAD_Y = 3.5;
const CELL_MAX_LINES = 3;

interface Column {
  title: string;
  width: number;
  cells: (device: RmaFormData['devices'][number], index: number) => string | null;
}

const COLUMNS: readonly Column[] = [
  { title: '#', width: 34, cells: (_, index) => count.format(index + 1) },
  { title: 'IMEI', width: 104, cells: (device) => device.imei },
  { title: 'Reason', width: 110, cells: (device) => device.reason },
  { title: 'Reason 2', width: 88, cells: (device) => device.reason_two },
  { title: 'Comment', width: 118, cells: (device) => device.notes },
  { title: 'Agent', width: CONTENT_WIDTH - 34 - 104 - 110 - 88 - 118, cells: (device) => device.agent_name },
];

function dimensionsText(boxes: RmaFormData['boxes']): string | null {
  const sides = [boxes.length, boxes.width, boxes.height];
  if (sides.every((side) => side === null)) return null;
  return `${sides.map((side) => (side === null ? '-' : count.format(side))).join(' x ')} in (L x W x H)`;
}

/**
 * The RMA form: title, prefix, office and IBO/market, submitter and date, ship-from address and
 * boxes, then the devices' table, continued on as many pages as it takes (its header repeated on
 * each), the total at its end and "Page n of m" at the foot of every page.
 */
export async function renderRmaForm(data: RmaFormData): Promise<Uint8Array> {
  const doc = await newDocument(`RMA Form ${data.rma_prefix}`, 'RMA form', data.submitted_at);
  const type = await Typesetter.embed(doc);
  const { regular, bold } = type;
  const prefix = type.clean(data.rma_prefix);

  // Page 1 heading: the title left, the prefix large on the right.
  let page = doc.addPage(LETTER);
  let y = LETTER[1] - MARGIN;
  page.drawText('RMA Form', { x: MARGIN, y: y - 22, size: 22, font: bold, color: BLACK });
  const prefixSize = 20;
  const prefixText = type.fit(prefix, bold, prefixSize, CONTENT_WIDTH / 2);
  const prefixWidth = type.width(prefixText, bold, prefixSize);
  page.drawText('RMA #', { x: MARGIN + CONTENT_WIDTH - prefixWidth, y: y - 2, size: 7, font: bold, color: GRAY });
  page.drawText(prefixText, { x: MARGIN + CONTENT_WIDTH - prefixWidth, y: y - 22, size: prefixSize, font: bold, color: BLACK });
  y -= 34;
  rule(page, MARGIN, y, CONTENT_WIDTH, 1.5, BLACK);
  y -= 16;

  // Two columns of labelled fields.
  const columnWidth = CONTENT_WIDTH / 2 - 10;
  const labelWidth = 78;
  const fieldSize = 9.5;
  const fieldLeading = 12.5;
  const drawFields = (x: number, top: number, fields: [string, string | null][]): number => {
    let at = top;
    for (const [label, value] of fields) {
      if (value === null) continue;
      page.drawText(label.toUpperCase(), { x, y: at - 8, size: 7, font: bold, color: GRAY });
      const lines = value.split('\n').flatMap((part) => type.wrap(type.clean(part), regular, fieldSize, columnWidth - labelWidth, 3));
      if (lines.length === 0) lines.push('-');
      for (const line of lines) {
        page.drawText(line, { x: x + labelWidth, y: at - 8, size: fieldSize, font: regular, color: BLACK });
        at -= fieldLeading;
      }
      at -= 3;
    }
    return at;
  };
  const office = officeWithNumber(data.office_name, data.office_number);
  const { address } = data;
  const leftBottom = drawFields(MARGIN, y, [
    ['Office', office],
    ['IBO / Market', data.ibo_market_name ?? '-'],
    ['Submitted by', data.submitted_by],
    ['Submitted on', formatDocumentDate(data.submitted_at)],
  ]);
  const rightBottom = drawFields(MARGIN + CONTENT_WIDTH / 2 + 10, y, [
    ['Ship from', `${address.address}\n${address.city}, ${address.state} ${address.zip}`],
    ['Boxes', count.format(data.boxes.count)],
    ['Box size', dimensionsText(data.boxes)],
    ['Box weight', data.boxes.weight === null ? null : `${count.format(data.boxes.weight)} lb`],
  ]);
  y = Math.min(leftBottom, rightBottom) - 8;

  const total = formatDeviceTotal(data.devices.length);
  page.drawText('Devices', { x: MARGIN, y: y - 13, size: 13, font: bold, color: BLACK });
  page.drawText(total, { x: MARGIN + CONTENT_WIDTH - type.width(total, bold, 10), y: y - 12, size: 10, font: bold, color: BLACK });
  y -= 20;

  const drawTableHeader = (): void => {
    const height = CELL_LEADING + 2 * CELL_PAD_Y;
    page.drawRectangle({ x: MARGIN, y: y - height, width: CONTENT_WIDTH, height, color: HEADER_FILL });
    let x = MARGIN;
    for (const column of COLUMNS) {
      page.drawText(column.title, { x: x + CELL_PAD_X, y: y - CELL_PAD_Y - CELL_SIZE + 0.5, size: CELL_SIZE, font: bold, color: BLACK });
      x += column.width;
    }
    y -= height;
    rule(page, MARGIN, y, CONTENT_WIDTH, 0.75, BLACK);
  };
  const continuePage = (): void => {
    page = doc.addPage(LETTER);
    y = LETTER[1] - MARGIN;
    page.drawText('RMA Form', { x: MARGIN, y: y - 12, size: 12, font: bold, color: BLACK });
    const heading = `${prefix} (continued)`;
    page.drawText(heading, { x: MARGIN + CONTENT_WIDTH - type.width(heading, bold, 12), y: y - 12, size: 12, font: bold, color: BLACK });
    y -= 20;
    rule(page, MARGIN, y, CONTENT_WIDTH, 1.5, BLACK);
    y -= 10;
    drawTableHeader();
  };

  drawTableHeader();
  if (data.devices.length === 0) {
    page.drawText('No devices.', { x: MARGIN + CELL_PAD_X, y: y - CELL_PAD_Y - CELL_SIZE, size: CELL_SIZE, font: regular, color: GRAY });
    y -= CELL_LEADING + 2 * CELL_PAD_Y;
  }
  data.devices.forEach((device, index) => {
    const cells = COLUMNS.map((column) =>
      type.wrap(type.clean(column.cells(device, index)), regular, CELL_SIZE, column.width - 2 * CELL_PAD_X, CELL_MAX_LINES),
    );
    const height = Math.max(1, ...cells.map((lines) => lines.length)) * CELL_LEADING + 2 * CELL_PAD_Y;
    if (y - height < FOOTER_TOP) continuePage();
    if (index % 2 === 1) page.drawRectangle({ x: MARGIN, y: y - height, width: CONTENT_WIDTH, height, color: STRIPE_FILL });
    let x = MARGIN;
    COLUMNS.forEach((column, c) => {
      cells[c].forEach((line, l) => {
        page.drawText(line, { x: x + CELL_PAD_X, y: y - CELL_PAD_Y - CELL_SIZE + 0.5 - l * CELL_LEADING, size: CELL_SIZE, font: regular, color: BLACK });
      });
      x += column.width;
    });
    y -= height;
  });
  rule(page, MARGIN, y, CONTENT_WIDTH, 0.75, BLACK);
  if (y - 22 < FOOTER_TOP) continuePage();
  const totalLine = `Total: ${total}`;
  page.drawText(totalLine, { x: MARGIN + CONTENT_WIDTH - type.width(totalLine, bold, 10), y: y - 16, size: 10, font: bold, color: BLACK });

  // Footers, now that the page count is known.
  const pages = doc.getPages();
  const footer = type.fit(`RMA Form ${prefix}`, regular, 8, CONTENT_WIDTH / 2);
  pages.forEach((each, n) => {
    rule(each, MARGIN, FOOTER_TOP - 4, CONTENT_WIDTH);
    each.drawText(footer, { x: MARGIN, y: MARGIN - 8, size: 8, font: regular, color: GRAY });
    const pageOf = `Page ${n + 1} of ${pages.length}`;
    each.drawText(pageOf, { x: MARGIN + CONTENT_WIDTH - type.width(pageOf, regular, 8), y: MARGIN - 8, size: 8, font: regular, color: GRAY });
  });
  return doc.save();
}

// ---------------------------------------------------------------------------------------------
// Shipping labels: 4 x 6 inch, one page per box.

const LABEL: [number, number] = [4 * 72, 6 * 72];
const LABEL_MARGIN = 14;
const LABEL_WIDTH = LABEL[0] - 2 * LABEL_MARGIN;
/** One dot of a 203 dpi thermal printer: bars are a whole number of dots wide. */
const PRINTER_DOT = 72 / 203;
const BARCODE_HEIGHT = 84;
const QUIET_ZONE_MODULES = 10;
/** Draw the pattern as filled rectangles, centred across the label, from `bottom` up; whole printer dots wide where it fits. */
function drawBarcode(page: PDFPage, pattern: readonly number[], bottom: number): void {
  const modules = pattern.reduce((sum, width) => sum + width, 0) + 2 * QUIET_ZONE_MODULES;
  const fit = LABEL_WIDTH / modules;
  const module = fit >= 2 * PRINTER_DOT ? Math.min(4, Math.floor(fit / PRINTER_DOT)) * PRINTER_DOT : fit;
  let x = (LABEL[0] - (modules - 2 * QUIET_ZONE_MODULES) * module) / 2;
  pattern.forEach((width, i) => {
    if (i % 2 === 0) page.drawRectangle({ x, y: bottom, width: width * module, height: BARCODE_HEIGHT, color: BLACK });
    x += width * module;
  });
}

/**
 * One 4x6 inch label page per box: the approval date, the from and to address blocks, the RMA
 * prefix in large text over a Code 128 barcode of it, and "Box n of N".
 */
export async function renderShippingLabels(data: ShippingLabelData): Promise<Uint8Array> {
  if (!Number.isInteger(data.box_count) || data.box_count < 1) {
    throw new RangeError(`A shipment has at least one box, not ${data.box_count}`);
  }
  const pattern = code128Pattern(data.rma_prefix);
  // The number already says RMA (RMA-000001): "RMA RMA-000001 shipping labels" said it twice.
  const doc = await newDocument(`${data.rma_prefix} shipping labels`, 'RMA shipping labels', data.approved_at);
  const type = await Typesetter.embed(doc);
  const { regular, bold } = type;
  const prefix = type.clean(data.rma_prefix);
  const approved = `Approved ${formatDocumentDate(data.approved_at)}`;
  const cityLine = (to: ShippingAddress) => `${to.city}, ${to.state} ${to.zip}`;
  const fromWidth = LABEL_WIDTH * 0.62;
  const fromName = type.fit(type.clean(data.from.name), bold, 8.5, fromWidth);
  const fromLines = [data.from.address, cityLine(data.from)].flatMap((line) => type.wrap(type.clean(line), regular, 8.5, fromWidth, 2));
  const toName = type.wrap(type.clean(data.to.name), bold, 14, LABEL_WIDTH - 10, 2);
  const toLines = [data.to.address, cityLine(data.to)].flatMap((line) => type.wrap(type.clean(line), bold, 13, LABEL_WIDTH - 10, 2));
  let prefixSize = 30;
  while (prefixSize > 12 && type.width(prefix, bold, prefixSize) > LABEL_WIDTH) prefixSize -= 1;
  const prefixText = type.fit(prefix, bold, prefixSize, LABEL_WIDTH);

  for (let box = 1; box <= data.box_count; box++) {
    const page = doc.addPage(LABEL);
    const right = LABEL[0] - LABEL_MARGIN;
    let y = LABEL[1] - LABEL_MARGIN;

    // From, with the approval date and the return mark on the right.
    page.drawText('FROM', { x: LABEL_MARGIN, y: y - 7, size: 7, font: bold, color: GRAY });
    page.drawText('RMA RETURN', { x: right - type.width('RMA RETURN', bold, 9), y: y - 8, size: 9, font: bold, color: BLACK });
    page.drawText(approved, { x: right - type.width(approved, regular, 7.5), y: y - 19, size: 7.5, font: regular, color: BLACK });
    y -= 9;
    [fromName, ...fromLines].forEach((line, i) => {
      y -= 10.5;
      page.drawText(line, { x: LABEL_MARGIN, y, size: 8.5, font: i === 0 ? bold : regular, color: BLACK });
    });
    y -= 8;
    rule(page, LABEL_MARGIN, y, LABEL_WIDTH, 1, BLACK);

    // Ship to.
    y -= 12;
    page.drawText('SHIP TO', { x: LABEL_MARGIN, y, size: 8, font: bold, color: BLACK });
    y -= 2;
    for (const line of toName) {
      y -= 16;
      page.drawText(line, { x: LABEL_MARGIN + 10, y, size: 14, font: bold, color: BLACK });
    }
    for (const line of toLines) {
      y -= 16;
      page.drawText(line, { x: LABEL_MARGIN + 10, y, size: 13, font: bold, color: BLACK });
    }
    y -= 12;
    rule(page, LABEL_MARGIN, y, LABEL_WIDTH, 2.5, BLACK);

    // The prefix, large, over its barcode.
    y -= 14;
    page.drawText('RMA #', { x: LABEL_MARGIN, y, size: 8, font: bold, color: BLACK });
    y -= prefixSize;
    page.drawText(prefixText, { x: (LABEL[0] - type.width(prefixText, bold, prefixSize)) / 2, y, size: prefixSize, font: bold, color: BLACK });
    y -= 12 + BARCODE_HEIGHT;
    drawBarcode(page, pattern, y);
    y -= 11;
    page.drawText(prefixText, { x: (LABEL[0] - type.width(prefixText, regular, 9)) / 2, y, size: 9, font: regular, color: BLACK });
    y -= 10;
    rule(page, LABEL_MARGIN, y, LABEL_WIDTH, 2.5, BLACK);

    // Which box this is.
    const boxText = `Box ${count.format(box)} of ${count.format(data.box_count)}`;
    let boxSize = 36;
    while (boxSize > 12 && type.width(boxText, bold, boxSize) > LABEL_WIDTH) boxSize -= 1;
    const boxBaseline = LABEL_MARGIN + (y - LABEL_MARGIN - boxSize * 0.72) / 2;
    page.drawText(boxText, { x: (LABEL[0] - type.width(boxText, bold, boxSize)) / 2, y: boxBaseline, size: boxSize, font: bold, color: BLACK });
  }
  return doc.save();
}
