import { PDFDocument } from 'pdf-lib';
import { demoSignaturePng } from '../demo/demo-signature';
import { signPdf } from '../platform/signing/pdf-signing';
import { PdfParser, type ParsedPage } from '../platform/testing/pdf-parser';
import { danglingReferences } from '../platform/testing/pdf-structure';
import { fillUnitForm, unitFormTemplate } from './unit-form-template';

const ADDRESS = '100 Main St, Dallas TX 75201';
const NOTES = 'Open Monday to Saturday.\nClosed on public holidays, ZIP end';
const required = { 'Legal business name': 'Dallas Wireless LLC', 'Tax ID (EIN)': '12-3456789', 'Contact name': 'Olivia Ortega', 'Contact phone': '2145550100', 'Contact email': 'olivia@demo.test', 'I confirm the information above is accurate': true };

/** A field's box on the template, in page space. */
async function boxOf(name: string) {
  const doc = await PDFDocument.load(await unitFormTemplate());
  return doc.getForm().getTextField(name).acroField.getWidgets()[0]!.getRectangle();
}

/** The text runs drawn inside a box (their baseline and width within it). */
const runsIn = (page: ParsedPage, box: { x: number; y: number; width: number; height: number }) =>
  page.runs.filter((run) => run.x >= box.x - 0.5 && run.x + run.width <= box.x + box.width + 0.5 && run.y >= box.y - 0.5 && run.y + run.height * 0.75 <= box.y + box.height + 0.5);

describe('the unit form, filled', () => {
  let parser: PdfParser;
  beforeAll(() => {
    parser = new PdfParser();
  });
  afterAll(() => parser.stop());

  it('draws multi-line answers at the field\u2019s own size, wrapped inside the box, every line kept; the file is well formed and has nothing left to edit', async () => {
    const filled = await fillUnitForm(await unitFormTemplate(), { ...required, 'Business address': ADDRESS, Notes: NOTES }, new Date('2026-11-26T16:00:00Z'));
    expect(await danglingReferences(await unitFormTemplate())).toEqual([]);
    expect(await danglingReferences(filled)).toEqual([]);
    expect((await PDFDocument.load(filled)).getForm().getFields()).toEqual([]);

    const [page] = await parser.parse(filled);
    const address = runsIn(page!, await boxOf('Business address'));
    expect(address.map((run) => run.text)).toEqual([ADDRESS]);
    const notes = runsIn(page!, await boxOf('Notes'));
    expect(notes.map((run) => run.text)).toEqual(['Open Monday to Saturday.', 'Closed on public holidays, ZIP end']);
    expect(notes[1]!.y).toBeLessThan(notes[0]!.y);
    // The field's own size (10 pt), not one blown up to the box's height.
    for (const run of [...address, ...notes]) expect(run.height).toBeCloseTo(10, 0);

    // Signed through the one mechanism: still well formed.
    const signed = await signPdf({ original: filled, signaturePng: demoSignaturePng(1), documentTitle: 'Form', consentText: 'I confirm', signerName: 'Olivia Ortega', signerEmail: 'olivia@demo.test', signedAt: new Date('2026-11-26T16:00:00Z'), ip: null, userAgent: null });
    expect(await danglingReferences(signed.bytes)).toEqual([]);
  });

  it('shrinks a long answer to fit; one too long even then is cut with a pointer and given in full on a page after the form', async () => {
    const longer = 'Line one of the notes\nLine two\nLine three\nLine four\nLine five';
    const shrunk = await parser.parse(await fillUnitForm(await unitFormTemplate(), { ...required, 'Business address': ADDRESS, Notes: longer }, new Date('2026-11-26T16:00:00Z')));
    expect(shrunk).toHaveLength(1);
    const five = runsIn(shrunk[0]!, await boxOf('Notes'));
    expect(five.map((run) => run.text)).toEqual(longer.split('\n'));
    expect(five[0]!.height).toBeLessThan(10);
    expect(five[0]!.height).toBeGreaterThan(6.9);

    const essay = Array.from({ length: 60 }, (_, index) => `Sentence ${index + 1} of a very long note.`).join(' ');
    const pages = await parser.parse(await fillUnitForm(await unitFormTemplate(), { ...required, 'Business address': ADDRESS, Notes: essay }, new Date('2026-11-26T16:00:00Z')));
    expect(pages).toHaveLength(2);
    expect(runsIn(pages[0]!, await boxOf('Notes')).map((run) => run.text).join(' ')).toContain('(continued on page 2)');
    const full = pages[1]!.items.join(' ');
    expect(full).toContain('Answers in full');
    expect(full).toContain('Sentence 60 of a very long note.');
  });
});
