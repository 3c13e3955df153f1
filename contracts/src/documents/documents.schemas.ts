import { z } from 'zod';
import { blankAsMissing, multilineText, requiredText, text, wholeNumberBetween, wireDate } from '../platform/input';
import { idParam, listItems, pageParam } from '../platform/list-params';
import { DOCUMENT_MESSAGES, UNIT_KINDS } from './documents.codes';

/** Compliance Document lists: a grid of 10 (doc 2 §2). */
export const COMPLIANCE_PAGE_SIZE = 10;

const yes = (error?: string) => z.union([z.literal('1'), z.literal(1), z.literal(true), z.literal('true')], error === undefined ? undefined : { error });
/** A yes/no of a multipart form: '1'/'true' yes, '0'/'false'/absent no. */
const flag = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? false : value),
  z.union([yes().transform(() => true), z.union([z.literal('0'), z.literal(0), z.literal(false), z.literal('false')]).transform(() => false)], { error: 'Use 1 or 0' }),
);

const ids = (name: string, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? [] : listItems(value)),
    z
      .array(idParam(`${name} holds ids`), { error: `${name} is a list of ids` })
      .max(max, `At most ${max} ${name}`)
      .transform((items) => [...new Set(items)]),
  );

/** GET /api/v1/manager/get_documents: the caller's compliance documents, a page of 10. */
export const complianceListQuery = z.object({
  page: pageParam,
  results: wholeNumberBetween(1, 100, 'results is a whole number from 1 to 100').default(COMPLIANCE_PAGE_SIZE),
});
export type ComplianceListQuery = z.infer<typeof complianceListQuery>;

/**
 * POST /api/v1/manager/save_document_data (multipart; doc 2 §7 "Signing"): the signer's copy, the
 * consent and the date; the drawn signature is the `signature_image` file (a PNG, checked by its
 * bytes). A missing consent or signature is refused before anything is stored.
 */
export const saveDocumentBody = z.object({
  agent_document_mapping_id: idParam('Please choose a document'),
  // Optional here so that the decision names a missing consent and a missing signature together.
  consent: z.preprocess(blankAsMissing, yes(DOCUMENT_MESSAGES.consentRequired).optional()),
  signed_date: z.preprocess(blankAsMissing, wireDate().optional()),
});
export type SaveDocumentBody = z.infer<typeof saveDocumentBody>;

/** POST /api/v1/compliance_documents (multipart, field `file` a PDF; ours: the spec shows no publishing screen). */
export const publishDocumentBody = z.object({
  document_name: requiredText(DOCUMENT_MESSAGES.name, 200),
  agents: flag,
  managers: flag,
  office_ids: ids('offices', 500),
  ibo_marketer_ids: ids('IBOs/markets', 500),
});
export type PublishDocumentBody = z.infer<typeof publishDocumentBody>;

/** The publisher's list of documents (ours). */
export const publishedListQuery = z.object({ page: pageParam, results: complianceListQuery.shape.results });
export type PublishedListQuery = z.infer<typeof publishedListQuery>;

/** A file of the documents capability behind a signed link: the original a signer reads, their signed copy, a unit form's template or its filled copy. */
export const DOCUMENT_FILE_KINDS = ['original', 'signed', 'form', 'filled'] as const;
export type DocumentFileKind = (typeof DOCUMENT_FILE_KINDS)[number];
export const documentFileParams = z.object({
  kind: z.enum(DOCUMENT_FILE_KINDS, { error: `kind is one of ${DOCUMENT_FILE_KINDS.join(', ')}` }),
  id: idParam('No such document'),
});
export type DocumentFileParams = z.infer<typeof documentFileParams>;

/** POST /api/v1/senddocument (doc 3 §7): the form to the selected IBOs/markets or offices. */
export const sendDocumentBody = z.object({
  type: z.enum(UNIT_KINDS, { error: `type is one of ${UNIT_KINDS.join(', ')}` }),
  ids: ids('rows', 500),
});
export type SendDocumentBody = z.infer<typeof sendDocumentBody>;

/** POST /api/v1/accept_reject (doc 3 §7, §5): `id` the IBO/market's or office's row; 4 accept, 3 reject with a reason. */
export const acceptRejectBody = z.object({
  id: idParam('Please choose a row'),
  status: z.preprocess(
    blankAsMissing,
    z.union([z.literal(3), z.literal(4), z.literal('3').transform(() => 3 as const), z.literal('4').transform(() => 4 as const)], { error: DOCUMENT_MESSAGES.reviewChoice }).optional(),
  ),
  reason: z.preprocess(blankAsMissing, multilineText(DOCUMENT_MESSAGES.rejectReason).trim().max(1000, 'A reason is at most 1000 characters').optional()),
});
export type AcceptRejectBody = z.infer<typeof acceptRejectBody>;

/** GET /api/v1/get_document_list/{user_id}, GET /api/v1/get_document/{user_id} (doc 3 §7). */
export const documentUserParams = z.object({ user_id: idParam('No such user') });
export type DocumentUserParams = z.infer<typeof documentUserParams>;
/** get_document: which form's filled copy (default: the newest that has one). */
export const documentDownloadQuery = z.object({ form_id: z.preprocess(blankAsMissing, idParam('No such form').optional()) });
export type DocumentDownloadQuery = z.infer<typeof documentDownloadQuery>;

/** The form page `/form/{form_id}/{token}` (doc 3 §4): the token is the credential. */
export const unitFormParams = z.object({ form_id: idParam('That link is not valid'), token: text('That link is not valid').trim().min(1, 'That link is not valid').max(400, 'That link is not valid') });
export type UnitFormParams = z.infer<typeof unitFormParams>;
/** POST the form page (multipart): `values` the form's fields as JSON text, `signature_image` the drawn signature (PNG). */
export const fillFormBody = z.object({
  values: z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      try {
        const parsed = JSON.parse(value) as unknown;
        // A '__proto__' key would be dropped silently on the way into a record: refuse the whole value instead.
        return parsed !== null && typeof parsed === 'object' && Object.hasOwn(parsed, '__proto__') ? value : parsed;
      } catch {
        return value;
      }
    },
    z.record(text('A field name is text').max(200, 'A field name is at most 200 characters'), z.union([multilineText('A value is text').max(2000, 'A value is at most 2000 characters'), z.boolean()]), {
      error: 'values is an object of the form\u2019s fields',
    }),
  ),
});
export type FillFormBody = z.infer<typeof fillFormBody>;

