import { UNIT_FORM_NAME, type UnitFormField } from '@portal/contracts';
import { PDFArray, PDFCheckBox, PDFDocument, PDFName, type PDFFont, type PDFPage, PDFRef, PDFTextField, StandardFonts, rgb } from 'pdf-lib';

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
/** The answers' font size: written into each text field (its real size), and the size a filled copy draws them at. */
const ANSWER_SIZE = 10;
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
    // A fixed size, not 'auto': auto makes viewers (and pdf-lib) blow a short answer up to the box's height.
    text.setFontSize(ANSWER_SIZE);
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

/** Text the standard font can draw in a field, its own line breaks kept (the rest becomes '?', as on the certificate). */
const drawable = (text: string) => text.replace(/\r\n?/g, '\n').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e\n]/g, '?');

/** Room between a field's border and its text, in points. */
const INSET = 3;
/** The smallest size an answer is shrunk to before it continues on a page of its own. */
const SMALLEST_SIZE = 7;
const LEADING = 1.2;

/** The lines `text` takes `width` wide at `size`: its own line breaks kept, words wrapped, a word wider than the line broken. */
function linesOf(text: string, width: number, size: number, font: PDFFont): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (let word of paragraph.split(' ').filter(Boolean)) {
      const joined = line ? `${line} ${word}` : word;
      if (fits(joined)) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      while (!fits(word)) {
        let cut = word.length - 1;
        while (cut > 1 && !fits(word.slice(0, cut))) cut--;
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
      }
      line = word;
    }
    lines.push(line);
  }
  // Blank lines at the end take no room.
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** An answer laid out in its field: the size, the lines, and whether it had to be cut (then it continues on a page of its own). */
function layout(text: string, box: Box, multiline: boolean, preferred: number, font: PDFFont): { size: number; lines: string[]; cut: boolean } {
  const width = box.width - 2 * INSET;
  const oneLine = multiline ? text : text.replace(/\s*\n\s*/g, ' ');
  for (let size = preferred; size >= SMALLEST_SIZE; size -= 0.5) {
    const room = multiline ? Math.max(1, Math.floor((box.height - 2 * INSET) / (size * LEADING))) : 1;
    const lines = multiline ? linesOf(oneLine, width, size, font) : [oneLine];
    if (lines.length <= room && lines.every((line) => font.widthOfTextAtSize(line, size) <= width)) return { size, lines, cut: false };
  }
  const room = multiline ? Math.max(1, Math.floor((box.height - 2 * INSET) / (preferred * LEADING))) : 1;
  const lines = linesOf(oneLine, width, preferred, font).slice(0, room);
  return { size: preferred, lines, cut: true };
}

/** A text field's font size from its default appearance ('/Helv 10 Tf'); 0 (auto) or none reads as the answers' size. */
function fontSizeOf(field: PDFTextField): number {
  const size = Number(/([\d.]+)\s+Tf/.exec(field.acroField.getDefaultAppearance() ?? '')?.[1] ?? 0);
  return size > 0 ? size : ANSWER_SIZE;
}

/** Page `Annots` left pointing at objects that are gone (pdf-lib's flatten deletes the widgets but keeps their references): dropped, so every reference resolves. */
function dropDanglingAnnotations(doc: PDFDocument): void {
  for (const page of doc.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annots) continue;
    const kept = annots.asArray().filter((item) => !(item instanceof PDFRef) || doc.context.lookup(item) !== undefined);
    if (kept.length === 0) page.node.delete(PDFName.of('Annots'));
    else page.node.set(PDFName.of('Annots'), doc.context.obj(kept));
  }
}

/**
 * The form with the values written in and flattened (nothing left to edit), ready for the
 * signature. The answers are drawn by us at the field's own font size, wrapped to its box (a long
 * one shrinks down to 7 pt; one that still does not fit is cut with a pointer, and given in full
 * on a page after the form — nothing answered is lost). No form dictionary and no reference to a
 * removed object is left behind: the file is well formed for every reader.
 */
export async function fillUnitForm(pdf: Uint8Array, values: Readonly<Record<string, string | boolean>>, filledAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  const form = doc.getForm();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const answers: { page: PDFPage; box: Box; text: string; multiline: boolean; size: number; name: string }[] = [];
  for (const field of form.getFields()) {
    const value = Object.hasOwn(values, field.getName()) ? values[field.getName()] : undefined;
    if (field instanceof PDFCheckBox && value === true) field.check();
    if (!(field instanceof PDFTextField) || typeof value !== 'string' || value.trim() === '') continue;
    for (const widget of field.acroField.getWidgets()) {
      const pageRef = widget.P();
      const widgetRef = doc.context.getObjectRef(widget.dict);
      const page = doc.getPages().find((candidate) => candidate.ref === pageRef) ?? (widgetRef && doc.findPageForAnnotationRef(widgetRef));
      if (page) answers.push({ page, box: widget.getRectangle(), text: drawable(value).trim(), multiline: field.isMultiline(), size: fontSizeOf(field), name: field.getName() });
    }
  }
  // The fields' own look (borders, the ticked box) is kept; their text is ours, drawn below.
  form.flatten();
  dropDanglingAnnotations(doc);
  doc.catalog.delete(PDFName.of('AcroForm'));

  const continued: { name: string; text: string }[] = [];
  const continuationPage = doc.getPageCount() + 1;
  for (const answer of answers) {
    const { size, lines, cut } = layout(answer.text, answer.box, answer.multiline, answer.size, font);
    if (cut) {
      continued.push({ name: answer.name, text: answer.text });
      const pointer = ` ... (continued on page ${continuationPage})`;
      const last = lines.length - 1;
      let tail = lines[last]!;
      while (tail && font.widthOfTextAtSize(tail + pointer, size) > answer.box.width - 2 * INSET) tail = tail.slice(0, -1);
      lines[last] = tail + pointer;
    }
    const { x, y, height } = answer.box;
    const top = answer.multiline ? y + height - INSET - font.heightAtSize(size, { descender: false }) : y + (height - font.heightAtSize(size, { descender: false })) / 2;
    lines.forEach((line, index) => answer.page.drawText(line, { x: x + INSET, y: top - index * size * LEADING, size, font, color: rgb(0, 0, 0) }));
  }

  // Answers too long for their box, in full: the room at the foot of the last page stays free for the signature.
  if (continued.length > 0) {
    let page = doc.addPage([612, 792]);
    let y = 730;
    page.drawText(`Answers in full (continued from page ${continuationPage - 1})`, { x: 56, y, size: 14, font: bold });
    y -= 30;
    for (const { name, text } of continued) {
      for (const [index, line] of [name, ...linesOf(text, 500, ANSWER_SIZE, font)].entries()) {
        if (y < 170) {
          page = doc.addPage([612, 792]);
          y = 730;
        }
        page.drawText(line, { x: 56, y, size: ANSWER_SIZE, font: index === 0 ? bold : font });
        y -= ANSWER_SIZE * LEADING + (index === 0 ? 2 : 0);
      }
      y -= 10;
    }
  }
  doc.setModificationDate(filledAt);
  return doc.save();
}
