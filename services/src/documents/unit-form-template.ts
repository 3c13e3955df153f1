import { UNIT_FORM_NAME, type UnitFormField } from '@portal/contracts';
import { PDFCheckBox, PDFDocument, PDFTextField, StandardFonts, rgb } from 'pdf-lib';

/**
 * The form Send Document sends (doc 3 §4; ours: the spec names no form): a PDF made by the project
 * with AcroForm fields. The form page reads its fields from the PDF itself and filling writes them
 * back into it, so a different template needs no code. Rendered the same bytes every time (fixed
 * dates), so the digest of the template a form was filled from is stable.
 */

const FIELDS: readonly { readonly name: string; readonly kind: 'text' | 'checkbox'; readonly required: boolean; readonly multiline?: boolean }[] = [
  { name: 'Legal business name', kind: 'text', required: true },
  { name: 'Business address', kind: 'text', required: true, multiline: true },
  { name: 'Tax ID (EIN)', kind: 'text', required: true },
  { name: 'Contact name', kind: 'text', required: true },
  { name: 'Contact phone', kind: 'text', required: true },
  { name: 'Contact email', kind: 'text', required: true },
  { name: 'Active agents', kind: 'text', required: false },
  { name: 'Notes', kind: 'text', required: false, multiline: true },
  { name: 'I confirm the information above is accurate', kind: 'checkbox', required: true },
];

const FIXED_DATE = new Date('2026-01-01T00:00:00.000Z');
let template: Promise<Uint8Array> | undefined;

async function render(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(UNIT_FORM_NAME);
  doc.setProducer('Distribution portal');
  doc.setCreator('Distribution portal');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  page.drawText(UNIT_FORM_NAME, { x: 56, y: 730, size: 18, font: bold });
  page.drawText('To be completed by the manager of the IBO/market or office named on the Documents screen,', { x: 56, y: 706, size: 10, font, color: rgb(0.3, 0.3, 0.3) });
  page.drawText('then signed and sent back for review. Required fields are marked *.', { x: 56, y: 692, size: 10, font, color: rgb(0.3, 0.3, 0.3) });
  let y = 660;
  for (const field of FIELDS) {
    const label = `${field.name}${field.required ? ' *' : ''}`;
    if (field.kind === 'checkbox') {
      const box = form.createCheckBox(field.name);
      box.addToPage(page, { x: 56, y: y - 14, width: 14, height: 14 });
      if (field.required) box.enableRequired();
      page.drawText(label, { x: 78, y: y - 11, size: 10, font });
      y -= 34;
      continue;
    }
    page.drawText(label, { x: 56, y, size: 10, font: bold });
    const height = field.multiline ? 48 : 20;
    const text = form.createTextField(field.name);
    if (field.multiline) text.enableMultiline();
    if (field.required) text.enableRequired();
    text.addToPage(page, { x: 56, y: y - height - 4, width: 500, height, font });
    y -= height + 26;
  }
  page.drawText('Signature', { x: 56, y: 150, size: 10, font: bold });
  page.drawText('The signature drawn on the form page is stamped below, with a certificate page after this one.', { x: 56, y: 136, size: 9, font, color: rgb(0.35, 0.35, 0.35) });
  return doc.save();
}

/** The template's bytes (rendered once per process). */
export function unitFormTemplate(): Promise<Uint8Array> {
  template ??= render();
  return template;
}

/** The fields of a form PDF, as the form page shows them. */
export async function unitFormFields(pdf: Uint8Array): Promise<UnitFormField[]> {
  const doc = await PDFDocument.load(pdf);
  return doc
    .getForm()
    .getFields()
    .flatMap((field): UnitFormField[] => {
      if (field instanceof PDFTextField) return [{ name: field.getName(), kind: 'text', required: field.isRequired(), multiline: field.isMultiline() }];
      if (field instanceof PDFCheckBox) return [{ name: field.getName(), kind: 'checkbox', required: field.isRequired(), multiline: false }];
      return [];
    });
}

/** Text the standard font can draw in a field (the rest becomes '?', as on the certificate). */
const drawable = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e\n]/g, '?');

/** The form with the values written into its fields and flattened (nothing left to edit), ready for the signature. */
export async function fillUnitForm(pdf: Uint8Array, values: Readonly<Record<string, string | boolean>>, filledAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  const form = doc.getForm();
  for (const [name, value] of Object.entries(values)) {
    const field = form.getFieldMaybe(name);
    if (field instanceof PDFTextField && typeof value === 'string') field.setText(drawable(field.isMultiline() ? value : value.replace(/\s*\n\s*/g, ' ')));
    if (field instanceof PDFCheckBox && value === true) field.check();
  }
  form.flatten();
  doc.setModificationDate(filledAt);
  return doc.save();
}
