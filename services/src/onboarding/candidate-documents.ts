import type { CandidateConsentDocument } from '@portal/contracts';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { type SignatureCheck, checkLinkSignature, linkSignature } from '../platform/http/signed-links';

/**
 * The consents a candidate reads and e-signs (doc 3 §3 candidate_signed_bgc_url,
 * retailer_agent_agreement_url): rendered from these words with the candidate's name and retailer,
 * deterministically (fixed dates, nothing random), so the form shown and the one signed are the
 * same bytes and its SHA-256 in the signing record can be checked by rendering it again.
 */
export const CONSENT_DOCUMENTS: Record<CandidateConsentDocument, { readonly title: string; readonly consentText: string; readonly paragraphs: readonly string[] }> = {
  bgc_consent: {
    title: 'Background Check Consent',
    consentText: 'I have read and understood the terms and conditions, and I authorise the background check described in this document.',
    paragraphs: [
      'To work as an agent you agree that a background check is run on you by a consumer reporting agency chosen by the retailer.',
      'The check may cover identity verification, criminal records and the social security number you gave. Its results are used only to decide on your onboarding.',
      'You may ask for a copy of the report and dispute anything in it with the reporting agency. This consent stays valid for the length of your onboarding.',
    ],
  },
  agent_agreement: {
    title: 'Retailer Agent Agreement',
    consentText: 'I have read and understood the terms and conditions of this agreement, and I agree to them.',
    paragraphs: [
      'As an agent you receive devices from your office, keep them safe, and account for every device assigned to you until it is sold, returned or transferred back.',
      'You follow the retailer\'s sales rules and its compliance documents, and you return any device on request or when you stop working as an agent.',
      'The retailer may end this agreement when you no longer meet its requirements; devices in your hands are then returned to your office.',
    ],
  },
};

/** A fixed date in the form's metadata: the same form renders to the same bytes every time. */
const FORM_DATE = new Date('2026-01-01T00:00:00Z');

export async function renderConsentForm(document: CandidateConsentDocument, candidate: { readonly first_name: string; readonly last_name: string; readonly retailer_name: string }): Promise<Uint8Array> {
  const content = CONSENT_DOCUMENTS[document];
  const doc = await PDFDocument.create();
  doc.setTitle(content.title);
  doc.setProducer('Distribution Portal');
  doc.setCreator('Distribution Portal');
  doc.setCreationDate(FORM_DATE);
  doc.setModificationDate(FORM_DATE);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  const ascii = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '?');
  let y = 730;
  page.drawText(content.title, { x: 56, y, size: 20, font: bold, color: rgb(0.04, 0.24, 0.57) });
  y -= 30;
  page.drawText(ascii(`Between ${candidate.retailer_name} and ${candidate.first_name} ${candidate.last_name}`), { x: 56, y, size: 11, font });
  y -= 30;
  for (const paragraph of [...content.paragraphs, `By signing: "${content.consentText}"`]) {
    let line = '';
    for (const word of ascii(paragraph).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, 11) > 500) {
        page.drawText(line, { x: 56, y, size: 11, font });
        y -= 15;
        line = word;
      } else line = next;
    }
    if (line) page.drawText(line, { x: 56, y, size: 11, font });
    y -= 26;
  }
  return doc.save();
}

const PURPOSE = 'candidate-file';
export const CANDIDATE_FILE_LINK_TTL_MS = 12 * 60 * 60 * 1000;

/** A signed path to a candidate's file (GET /api/v1/candidate_files/:id/:file). */
export function signedCandidateFilePath(secret: Uint8Array, candidateId: string, file: string, expires = Math.floor((Date.now() + CANDIDATE_FILE_LINK_TTL_MS) / 1000)): string {
  return `/api/v1/candidate_files/${encodeURIComponent(candidateId)}/${file}?expires=${expires}&signature=${linkSignature(secret, PURPOSE, [candidateId, file], expires)}`;
}

export function checkCandidateFileSignature(secret: Uint8Array, candidateId: string, file: string, expires: number, signature: string): SignatureCheck {
  return checkLinkSignature(secret, PURPOSE, [candidateId, file], expires, signature);
}

/** A row with its files' names (as the query answers them) turned into signed links; `candidateId` when the row's id is not the candidate's (an agent's). */
export function candidateFileLinks<Row extends { readonly id: string; readonly photo_copy_url: string | null; readonly government_document_url: string | null; readonly candidate_signed_bgc_url: string | null; readonly retailer_agent_agreement_url: string | null }>(
  row: Row,
  secret: Uint8Array,
  candidateId: string | null = row.id,
): Row {
  const link = (file: string | null) => (file && candidateId ? signedCandidateFilePath(secret, candidateId, file) : null);
  return { ...row, photo_copy_url: link(row.photo_copy_url), government_document_url: link(row.government_document_url), candidate_signed_bgc_url: link(row.candidate_signed_bgc_url), retailer_agent_agreement_url: link(row.retailer_agent_agreement_url) };
}
