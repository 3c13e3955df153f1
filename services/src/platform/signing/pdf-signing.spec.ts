import { PDFDocument } from 'pdf-lib';
import { sha256, signPdf } from './pdf-signing';

/** A 1x1 PNG (white). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');

async function original(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('Terms');
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  return doc.save();
}

describe('signing a PDF', () => {
  it('stamps the signature, adds a certificate page, and answers the digests of the original, the consent and the result', async () => {
    const shown = await original();
    const signed = await signPdf({
      original: shown, signaturePng: PNG, documentTitle: 'Background Check Consent', consentText: 'I have read and understood the terms and conditions',
      signerName: 'Cara Candidate', signerEmail: 'cara@example.com', signedAt: new Date('2026-11-26T10:00:00Z'), ip: '203.0.113.7', userAgent: 'Mozilla/5.0',
    });
    expect(signed.original_sha256).toBe(sha256(shown));
    expect(signed.consent_sha256).toBe(sha256('I have read and understood the terms and conditions'));
    expect(signed.signed_sha256).toBe(sha256(signed.bytes));
    const reread = await PDFDocument.load(signed.bytes);
    expect(reread.getPageCount()).toBe(2);
    const withRole = await signPdf({
      original: shown, signaturePng: PNG, documentTitle: 'Code of conduct', consentText: 'I have read and understood the terms and conditions',
      signerName: 'Ann Agent', signerEmail: 'agent@demo.test', signerRole: 'Agent', signerOffice: 'Dallas Office', businessTime: '11-26-2026 04:00 CST',
      signedAt: new Date('2026-11-26T10:00:00Z'), ip: null, userAgent: null,
    });
    expect(withRole.signed_sha256).not.toBe(signed.signed_sha256);
    // Signing the same thing twice at the same instant gives the same file: nothing random goes in.
    const again = await signPdf({
      original: shown, signaturePng: PNG, documentTitle: 'Background Check Consent', consentText: 'I have read and understood the terms and conditions',
      signerName: 'Cara Candidate', signerEmail: 'cara@example.com', signedAt: new Date('2026-11-26T10:00:00Z'), ip: '203.0.113.7', userAgent: 'Mozilla/5.0',
    });
    expect(again.signed_sha256).toBe(signed.signed_sha256);
  });
});
