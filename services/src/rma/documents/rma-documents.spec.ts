import { raw as encodeBarcode } from 'bwip-js';
import { PDFDocument } from 'pdf-lib';
import { code128Pattern } from '../../platform/pdf/barcodes';
import { type ParsedPage, PdfParser } from '../../platform/testing/pdf-parser';
import {
  type RmaFormData,
  type ShippingLabelData,
  formatDeviceTotal,
  renderRmaForm,
  renderShippingLabels,
} from './rma-documents';

/** The PDFs are checked by parsing them (platform/testing/pdf-parser: PDF.js on a worker thread), not by looking at them. */
let parser: PdfParser;
beforeAll(() => {
  parser = new PdfParser();
});
afterAll(() => parser.stop());
const parse = (bytes: Uint8Array) => parser.parse(bytes);

const text = (page: ParsedPage) => page.items.join('\n');

const imei = (n: number) => `35${String(n).padStart(13, '0')}`;

function formData(devices: number, overrides: Partial<RmaFormData> = {}): RmaFormData {
  return {
    rma_prefix: 'RMA-000123',
    office_name: 'Downtown Office',
    office_number: '4417',
    ibo_market_name: 'Acme IBO / Dallas',
    submitted_by: 'Jordan Smith',
    submitted_at: '2026-03-14T15:30:00.000Z',
    address: { address: '100 Main St Suite 5', city: 'Dallas', state: 'TX', zip: '75201' },
    boxes: { count: 3, length: 12, width: 10, height: 8, weight: 15.5 },
    devices: Array.from({ length: devices }, (_, i) => ({
      imei: imei(i + 1),
      reason: i % 3 === 0 ? 'Defective screen' : 'Does not power on',
      reason_two: i % 2 === 0 ? 'Under warranty' : null,
      notes: i % 5 === 0 ? 'Customer reports the device restarts when the battery is below 20 percent' : null,
      agent_name: i % 4 === 0 ? null : `Agent ${i % 7}`,
    })),
    ...overrides,
  };
}

const labelData = (overrides: Partial<ShippingLabelData> = {}): ShippingLabelData => ({
  rma_prefix: 'RMA-000123',
  from: { name: 'Downtown Office', address: '100 Main St Suite 5', city: 'Dallas', state: 'TX', zip: '75201' },
  to: { name: 'Returns Warehouse', address: '2500 Commerce Pkwy Dock 4', city: 'Memphis', state: 'TN', zip: '38118' },
  box_count: 3,
  approved_at: '2026-03-15T09:00:00.000Z',
  ...overrides,
});

const TABLE_HEADER = ['#', 'IMEI', 'Reason', 'Reason 2', 'Comment', 'Agent'];

describe('renderRmaForm', () => {
  it('puts a small RMA on one Letter page: title, prefix, office, submitter, date, address, boxes, devices', async () => {
    const pages = await parse(await renderRmaForm(formData(3)));

    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect([page.width, page.height]).toEqual([612, 792]);
    expect(page.items).toEqual(
      expect.arrayContaining([
        'RMA Form', 'RMA-000123', 'Downtown Office (4417)', 'Acme IBO / Dallas', 'Jordan Smith', '03-14-2026',
        '100 Main St Suite 5', 'Dallas, TX 75201', '3', '12 x 10 x 8 in (L x W x H)', '15.5 lb',
        '3 devices', 'Total: 3 devices', 'Page 1 of 1', ...TABLE_HEADER,
        imei(1), imei(2), imei(3), 'Defective screen', 'Does not power on', 'Under warranty', 'Agent 1',
      ]),
    );
  });

  it('continues a 1,000-device table over as many pages as it takes, header and page number on each', async () => {
    const pages = await parse(await renderRmaForm(formData(1000)));

    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, n) => {
      expect(page.items).toEqual(expect.arrayContaining(n === 0 ? TABLE_HEADER : [...TABLE_HEADER, 'RMA-000123 (continued)']));
      expect(page.items).toContain(`Page ${n + 1} of ${pages.length}`);
    });
    expect(pages[1].items).toContain(`Page 2 of ${pages.length}`);
    expect(pages[0].items).toEqual(expect.arrayContaining(['RMA-000123', '1,000 devices', imei(1)]));
    expect(pages.at(-1)!.items).toEqual(expect.arrayContaining([imei(1000), '1,000', 'Total: 1,000 devices']));
    // Every device once, in order: nothing lost or doubled at a page break.
    const imeis = pages.flatMap((page) => page.items.filter((item) => /^35\d{13}$/.test(item)));
    expect(imeis).toEqual(Array.from({ length: 1000 }, (_, i) => imei(i + 1)));
  });

  it('shows what the standard fonts cannot encode as near as it can, without throwing', async () => {
    const data = formData(2, {
      submitted_by: 'Zoë 🙂 Łukasz',
      office_name: 'Café Ñandú — “North”',
      ibo_market_name: '東京 Market\u0000\ttab',
    });
    data.devices[0].notes = 'Screen cracked 👍🏽 line\nbreak — Škoda';
    data.devices[1].agent_name = 'Dvořák Ωmega';

    const pages = await parse(await renderRmaForm(data));

    expect(pages).toHaveLength(1);
    expect(pages[0].items).toEqual(
      expect.arrayContaining(['Zoë ? Lukasz', 'Café Ñandú — “North” (4417)', '?? Market tab', 'Dvorák ?mega']),
    );
    expect(text(pages[0])).toMatch(/Screen cracked \? line\sbreak\s— Škoda/);
  });

  it('wraps long cells to three lines at most, cut with an ellipsis', async () => {
    const data = formData(1);
    data.devices[0].notes = 'word '.repeat(200);
    data.devices[0].imei = '3'.repeat(80);

    const [page] = await parse(await renderRmaForm(data));

    const comment = page.items.filter((item) => item.startsWith('word'));
    expect(comment).toHaveLength(3);
    expect(comment[2].endsWith('…')).toBe(true);
    const imeiLines = page.items.filter((item) => /^33+…?$/.test(item));
    expect(imeiLines).toHaveLength(3);
    expect(imeiLines[2].endsWith('…')).toBe(true);
  });

  it('reads as an empty list when there are no devices, and leaves out sizes not given', async () => {
    const data = formData(0, {
      office_number: null,
      ibo_market_name: null,
      boxes: { count: 1, length: null, width: null, height: null, weight: null },
    });

    const [page] = await parse(await renderRmaForm(data));

    expect(page.items).toEqual(expect.arrayContaining(['Downtown Office', 'No devices.', '0 devices', 'Total: 0 devices']));
    expect(page.items).not.toContain('BOX SIZE');
    expect(page.items).not.toContain('BOX WEIGHT');
  });

  it('gives the same bytes for the same data', async () => {
    const data = formData(5);
    expect(Buffer.from(await renderRmaForm(data)).equals(Buffer.from(await renderRmaForm(data)))).toBe(true);
  });
});

describe('renderShippingLabels', () => {
  it('makes one 4x6 inch label per box, each with both addresses, the prefix, the box number and the date', async () => {
    const pages = await parse(await renderShippingLabels(labelData()));

    expect(pages).toHaveLength(3);
    pages.forEach((page, n) => {
      expect([page.width, page.height]).toEqual([288, 432]);
      expect(page.items).toEqual(
        expect.arrayContaining([
          'FROM', 'Downtown Office', '100 Main St Suite 5', 'Dallas, TX 75201',
          'SHIP TO', 'Returns Warehouse', '2500 Commerce Pkwy Dock 4', 'Memphis, TN 38118',
          'RMA-000123', `Box ${n + 1} of 3`, 'Approved 03-15-2026',
        ]),
      );
    });
  });

  it('is titled by its number alone (issue 42: "RMA RMA-000123 shipping labels" said RMA twice)', async () => {
    const doc = await PDFDocument.load(await renderShippingLabels(labelData()));
    expect(doc.getTitle()).toBe('RMA-000123 shipping labels');
  });

  it('draws on every label the bars of the Code 128 encoding of the prefix', async () => {
    const prefix = 'RMA-000123';
    const [{ sbs }] = encodeBarcode('code128', prefix) as { sbs: number[] }[];
    const pages = await parse(await renderShippingLabels(labelData({ rma_prefix: prefix, box_count: 2 })));

    for (const page of pages) {
      // The bars are the filled rectangles taller than any rule: read back as bar and space widths.
      const bars = page.fills.filter(([, y0, , y1]) => y1 - y0 > 40).sort((a, b) => a[0] - b[0]);
      expect(bars).toHaveLength(Math.ceil(sbs.length / 2));
      const span = bars.at(-1)![2] - bars[0][0];
      const module = span / sbs.reduce((sum, width) => sum + width, 0);
      const widths = bars.flatMap(([x0, , x1], i) => (i === 0 ? [] : [x0 - bars[i - 1][2]]).concat(x1 - x0));
      expect(widths.map((width) => Math.round(width / module))).toEqual(sbs);
      expect(module).toBeGreaterThanOrEqual(72 / 203); // at least one dot of a 203 dpi printer
      expect(bars[0][0]).toBeGreaterThanOrEqual(10 * module); // room for the quiet zones
      expect(page.width - bars.at(-1)![2]).toBeGreaterThanOrEqual(10 * module);
    }
  });

  it('takes names the standard fonts cannot encode, and refuses what cannot be a label', async () => {
    const pages = await parse(
      await renderShippingLabels(labelData({ box_count: 1, from: { ...labelData().from, name: 'Zoë 🙂 Łukasz' } })),
    );
    expect(pages[0].items).toContain('Zoë ? Lukasz');

    await expect(renderShippingLabels(labelData({ box_count: 0 }))).rejects.toThrow(RangeError);
    await expect(renderShippingLabels(labelData({ box_count: 1.5 }))).rejects.toThrow(RangeError);
    await expect(renderShippingLabels(labelData({ rma_prefix: 'RMA-Ω1' }))).rejects.toThrow(RangeError);
    expect(() => code128Pattern('')).toThrow(RangeError);
  });
});

describe('formatDeviceTotal', () => {
  it('counts with thousands separators', () => {
    expect([0, 1, 2, 1000, 12345].map(formatDeviceTotal)).toEqual(['0 devices', '1 device', '2 devices', '1,000 devices', '12,345 devices']);
  });
});
