import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/**
 * The one signing mechanism (DESIGN.md §12; docs/ONBOARDING.md "Signing"): a drawn signature (PNG)
 * and the consent the signer agreed to are stamped onto the very PDF they were shown, followed by
 * a certificate page (signer, time, address, device, the SHA-256 of the original and of the
 * consent text). The caller keeps the signed bytes through the upload mechanism and records the
 * digests in its event, so anyone can later check that a stored file is the one signed and that
 * it was made from the original shown. That event is what registers the file: the documents
 * projection's `documents_signed_files` is the one registry Verify reads, fed by every event that
 * records a signed PDF (a new caller adds its event there; `signed-files.spec.ts` holds it).
 */

export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

export interface SigningInput {
  /** The PDF as shown to the signer (re-rendered deterministically, or read from storage). */
  readonly original: Uint8Array;
  /** The drawn signature, a PNG already recognised by its bytes. */
  readonly signaturePng: Uint8Array;
  readonly documentTitle: string;
  /** The words the signer ticked ('I have read and understood…'). */
  readonly consentText: string;
  readonly signerName: string;
  readonly signerEmail: string;
  /** The signer's role and office, for the certificate (compliance documents); absent for a candidate. */
  readonly signerRole?: string;
  readonly signerOffice?: string | null;
  /** The signing time as the business reads it ('11-26-2026 10:00 CST'), beside UTC on the certificate. */
  readonly businessTime?: string;
  readonly signedAt: Date;
  readonly ip: string | null;
  readonly userAgent: string | null;
}

export interface SignedDocument {
  readonly bytes: Uint8Array;
  readonly original_sha256: string;
  readonly consent_sha256: string;
  readonly signed_sha256: string;
}

/** Text the standard font can draw (the certificate is plain ASCII; anything else becomes '?'). */
const printable = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '?');

function wrap(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export async function signPdf(input: SigningInput): Promise<SignedDocument> {
  const doc = await PDFDocument.load(input.original);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const signature = await doc.embedPng(input.signaturePng);
  const when = `${input.signedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

  // The signature on the last page, under its content.
  const last = doc.getPage(doc.getPageCount() - 1);
  const scaled = signature.scaleToFit(200, 70);
  last.drawRectangle({ x: 48, y: 40, width: 516, height: 110, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 0.5 });
  last.drawImage(signature, { x: 60, y: 70, width: scaled.width, height: scaled.height });
  last.drawText(printable(`Signed by ${input.signerName} on ${when}`), { x: 280, y: 120, size: 9, font: bold });
  wrap(`"${input.consentText}"`, 270, (line) => font.widthOfTextAtSize(line, 8)).slice(0, 5).forEach((line, index) => last.drawText(line, { x: 280, y: 106 - index * 10, size: 8, font }));

  // A footer on every page of the original: which pages were signed, by whom, when.
  const footer = printable(`Signed electronically by ${input.signerName} on ${when}. See the signature certificate on the last page.`);
  for (const shown of doc.getPages()) shown.drawText(footer, { x: 36, y: 18, size: 7, font, color: rgb(0.4, 0.4, 0.4) });

  // The certificate page.
  const originalSha = sha256(input.original);
  const consentSha = sha256(input.consentText);
  const page = doc.addPage([612, 792]);
  let y = 740;
  const line = (label: string, value: string) => {
    page.drawText(label, { x: 56, y, size: 10, font: bold });
    for (const part of wrap(value, 380, (text) => font.widthOfTextAtSize(text, 10))) {
      page.drawText(part, { x: 180, y, size: 10, font });
      y -= 14;
    }
    y -= 6;
  };
  page.drawText('Signature certificate', { x: 56, y, size: 18, font: bold });
  y -= 36;
  line('Document', input.documentTitle);
  line('Signer', `${input.signerName} <${input.signerEmail}>`);
  if (input.signerRole) line('Role', input.signerRole);
  if (input.signerOffice) line('Office', input.signerOffice);
  line('Signed at', when);
  if (input.businessTime) line('Local time', input.businessTime);
  line('IP address', input.ip ?? 'not known');
  line('Device', input.userAgent ?? 'not known');
  line('Consent', input.consentText);
  line('Original SHA-256', originalSha);
  line('Consent SHA-256', consentSha);
  page.drawText(printable('The SHA-256 of this signed file is kept with the signing record; recompute it to check this file.'), { x: 56, y: 56, size: 8, font, color: rgb(0.35, 0.35, 0.35) });

  doc.setModificationDate(input.signedAt);
  const bytes = await doc.save();
  return { bytes, original_sha256: originalSha, consent_sha256: consentSha, signed_sha256: sha256(bytes) };
}
