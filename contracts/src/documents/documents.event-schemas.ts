import { z } from 'zod';
import type { EventSchemas } from '../platform/event-schemas';
import { FORM_STATUS, UNIT_KINDS } from './documents.codes';
import type { ComplianceDocumentEvent, UnitFormEvent } from './documents.events';

/** A file in storage, by key and digest, never embedded: `DocumentFile`. */
export const documentFileSchema = z
  .object({
    key: z.string().describe('The storage key'),
    content_type: z.string(),
    size: z.number().int().describe('Bytes'),
    sha256: z.string().describe('SHA-256 of the file'),
  })
  .describe('A file kept in storage, by its storage key and digest.');

/** Who signed, as the certificate page prints them: `DocumentSigner`. */
export const documentSignerSchema = z
  .object({
    user_id: z.uuid(),
    name: z.string(),
    role_name: z.string().describe('The highest role the signer held, by name'),
    office_name: z.string().nullable().describe('The signer\u2019s office or IBO/market, when they have one'),
  })
  .describe('Who signed, as the certificate prints them.');

const isoTimestamp = (what: string) => z.string().describe(`${what}, ISO 8601 date-time (UTC)`);

/** The signature record the signed PDF carries: when, from where, its digests. */
const signature = {
  original_sha256: z.string().describe('SHA-256 of the PDF before signing'),
  signed_at: isoTimestamp('When it was signed'),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
};

export const COMPLIANCE_DOCUMENT_EVENT_SCHEMAS = {
  ComplianceDocumentPublished: z
    .object({
      document_id: z.uuid(),
      name: z.string(),
      file: documentFileSchema,
      audience: z
        .object({ agents: z.boolean(), managers: z.boolean(), office_ids: z.array(z.uuid()), ibo_marketer_ids: z.array(z.uuid()) })
        .describe('Whom it is for: agents and/or managers, of these offices or IBO/markets, or of the whole retailer (none named)'),
      retailer_id: z.uuid().nullable().describe('The retailer whose people it is for; null: everyone'),
      published_by: z.uuid().describe('The publisher\u2019s user id'),
    })
    .describe('A compliance document template was published for its audience to sign.'),
  DocumentSigned: z
    .object({
      assignment_id: z.uuid().describe('The signer\u2019s copy: a UUID v5 of the document and the person'),
      document_id: z.uuid(),
      document_name: z.string(),
      signer: documentSignerSchema,
      file: documentFileSchema.describe('The signed PDF'),
      consent_text: z.string(),
      consent_sha256: z.string().describe('SHA-256 of the consent text'),
      signed_date: z.string().describe('The date the signer gave, ISO 8601 date YYYY-MM-DD'),
      ...signature,
    })
    .describe('A person e-signed their copy of a compliance document (once: the copy\u2019s stream holds only this).'),
} satisfies EventSchemas<ComplianceDocumentEvent>;

export const UNIT_FORM_EVENT_SCHEMAS = {
  UnitFormSent: z
    .object({
      form_id: z.uuid(),
      unit_kind: z.enum(UNIT_KINDS),
      unit_id: z.uuid().describe('The IBO/market or office'),
      template_name: z.string(),
      sent_by: z.uuid().describe('The sender\u2019s user id'),
    })
    .describe('A compliance form was sent to an IBO/market or an office to fill in.'),
  UnitFormFilled: z
    .object({ form_id: z.uuid(), filled_by: z.uuid().describe('The user id of who filled it'), file: documentFileSchema.describe('The filled, signed PDF'), ...signature })
    .describe('The unit\u2019s manager filled in and signed the form (again, after a rejection).'),
  UnitFormReviewed: z
    .object({
      form_id: z.uuid(),
      status: z.literal([FORM_STATUS.REJECTED, FORM_STATUS.ACCEPTED]).describe('3 Rejected, 4 Accepted'),
      reason: z.string().nullable().describe('Why it was rejected; null when accepted'),
      reviewed_by: z.uuid().describe('The reviewer\u2019s user id'),
    })
    .describe('A filled form was accepted or rejected.'),
} satisfies EventSchemas<UnitFormEvent>;
