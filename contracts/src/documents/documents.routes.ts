import { type ApiRoute, screenRoles } from '../platform/api-route';
import { ROLE } from '../platform/roles';
import { exportDownloadQuery } from '../platform/export';
import { DOCUMENT_PUBLISHER_ROLES } from './documents.codes';
import {
  acceptRejectBody,
  complianceListQuery,
  documentDownloadQuery,
  documentFileParams,
  documentUserParams,
  fillFormBody,
  publishDocumentBody,
  publishedListQuery,
  saveDocumentBody,
  sendDocumentBody,
  unitFormParams,
} from './documents.schemas';

const capability = 'documents';
/** compliancedocument (managers) and agent-compliancedocument (doc 2 §2), documents (doc 3 §2: roles 2, 3, 11, 12). */
const everyScreen = screenRoles(ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** Send Document and Accept/Reject sit on the IBO/Market list (role 12) and the Office list (roles 11, 12), doc 3 §2. */
const administrationScreens = screenRoles(ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
const compliance = 'doc 2 §7 Compliance and messages; doc 2 §2 Compliance Document';
const documents = 'doc 3 §7 Documents and announcements';
const forms = 'doc 3 §4 Manager document status (fill form opens /form/{form_id}/{token}; the form page is ours)';
const pdf = ['application/pdf'];

export const documentsRoutes: readonly ApiRoute[] = [
  // Compliance documents: signed by agents and managers (doc 2)
  { method: 'GET', path: '/api/v1/manager/get_documents', access: everyScreen, capability,
    summary: 'The caller\'s compliance documents, pending (1) or completed (2), a page of 10; agents call it too', spec: compliance, query: complianceListQuery },
  { method: 'POST', path: '/api/v1/manager/save_document_data', access: everyScreen, capability,
    summary: 'Sign one of the caller\'s pending compliance documents: the consent and a drawn signature (PNG) are required; the signed PDF carries a certificate page', spec: `${compliance}; doc 2 §5`,
    body: saveDocumentBody, upload: 'signature_image' },
  { method: 'POST', path: '/api/v1/compliance_documents', access: DOCUMENT_PUBLISHER_ROLES, capability, success: 201,
    summary: 'Publish a compliance document (a PDF) to agents and/or managers of chosen offices or IBOs/markets, or of everyone in scope (ours: the spec shows no publishing screen)', spec: compliance,
    body: publishDocumentBody, upload: 'file' },
  { method: 'GET', path: '/api/v1/compliance_documents', access: DOCUMENT_PUBLISHER_ROLES, capability,
    summary: 'The compliance documents the caller may see as a publisher, with how many of their audience signed (ours)', spec: compliance, query: publishedListQuery },
  { method: 'POST', path: '/api/v1/documents/verify', access: DOCUMENT_PUBLISHER_ROLES, capability,
    summary: 'Check a file: is it a document signed here (a compliance document, a unit form, a candidate consent), whose, when, and unaltered since (ours)', spec: `${compliance}; docs/DOCUMENTS.md`,
    upload: 'file' },
  { method: 'GET', path: '/api/v1/documents/files/:kind/:id', access: 'public', capability, file: pdf,
    summary: 'A document\'s PDF through the signed, expiring link a list answers: the original, a signed copy, a form\'s template or its filled copy (ours)', spec: compliance,
    params: documentFileParams, query: exportDownloadQuery, ranges: true },

  // Forms sent to IBOs/markets and offices for review (doc 3)
  { method: 'POST', path: '/api/v1/senddocument', access: administrationScreens, capability,
    summary: 'Send the form to the selected IBOs/markets or offices (only rows with no form_status)', spec: documents, body: sendDocumentBody },
  { method: 'POST', path: '/api/v1/accept_reject', access: administrationScreens, capability,
    summary: 'Accept (status 4) or reject with a reason (status 3) the filled form of an IBO/market or office', spec: `${documents}; doc 3 §4 Document review`, body: acceptRejectBody },
  { method: 'GET', path: '/api/v1/get_document_list/:user_id', access: everyScreen, capability,
    summary: 'The forms of the units a user manages and their status (Manager documents list); another user\'s only for roles 1 and 12 in scope', spec: documents, params: documentUserParams },
  { method: 'GET', path: '/api/v1/get_document/:user_id', access: everyScreen, capability,
    summary: 'Download link of a user\'s filled form (the newest, or `form_id`)', spec: documents, params: documentUserParams, query: documentDownloadQuery },
  { method: 'GET', path: '/api/v1/forms/:form_id/:token', access: 'public', capability,
    summary: 'The form page\'s content: the form\'s fields (from the template\'s AcroForm), its status and reason; the token is the credential', spec: forms, params: unitFormParams },
  { method: 'POST', path: '/api/v1/forms/:form_id/:token', access: 'public', capability,
    summary: 'Fill the form: the fields are written into the PDF, which is flattened and signed (the drawn signature, PNG) → Form updated successfully', spec: `${forms}; doc 3 §8`,
    params: unitFormParams, body: fillFormBody, upload: 'signature_image' },
];
