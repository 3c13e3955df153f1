import { type ApiRoute, screenRoles } from '../platform/api-route';
import { ROLE } from '../platform/roles';
import { exportFormatQuery } from '../platform/export';
import { announcementListQuery } from './announcement.schemas';

const capability = 'help';
/** announcement, documents, support, trainingdocs, ...: roles 2, 3, 11, 12 (doc 1 §2.1, doc 3 §2); the compliance and message screens exist for managers and agents alike (doc 2 §2). */
const everyScreen = screenRoles(ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** Send Document and Accept/Reject sit on the IBO/Market list (role 12) and the Office list (roles 11, 12), doc 3 §2. */
const administrationScreens = screenRoles(ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);

const documents = 'doc 3 §7 Documents and announcements';
const compliance = 'doc 2 §7 Compliance and messages; doc 1 §7 Inventory, manager base';

export const helpRoutes: readonly ApiRoute[] = [
  // Documents of IBOs/markets and offices (doc 3)
  { method: 'POST', path: '/api/v1/senddocument', access: administrationScreens, capability, planned: true,
    summary: 'Send the document forms to selected IBOs/markets or offices', spec: documents },
  { method: 'POST', path: '/api/v1/accept_reject', access: administrationScreens, capability, planned: true,
    summary: 'Accept (status 4) or reject with a reason (status 3) the filled documents of an IBO/market or office', spec: `${documents}; doc 3 §4 Document review` },
  { method: 'GET', path: '/api/v1/get_document_list/:user_id', access: everyScreen, capability, planned: true,
    summary: 'Document forms of a user and their status (Manager documents list)', spec: documents },
  { method: 'GET', path: '/api/v1/get_document/:user_id', access: everyScreen, capability, planned: true,
    summary: 'Download link of a user\'s filled documents', spec: documents },

  // Announcements
  { method: 'GET', path: '/api/v1/announcements', access: everyScreen, capability,
    summary: 'Announcements, paged', spec: documents, query: announcementListQuery },
  // Ours, beyond the spec: every list exports through the one pipeline (DESIGN.md §7), this one included.
  { method: 'GET', path: '/api/v1/announcement_export', access: everyScreen, capability,
    summary: 'Export the Announcements table (CSV default, or format=xlsx)', spec: `${documents}; doc 1 §5 Export buttons`, query: exportFormatQuery },
  { method: 'GET', path: '/api/v1/announcements/check_new', access: everyScreen, capability,
    summary: 'Whether an unseen announcement should prompt the IMPORTANT ANNOUNCEMENTS dialog', spec: `${documents}; doc 1 §7 Auth` },
  { method: 'GET', path: '/api/v1/announcements/update_as_viewed', access: everyScreen, capability,
    summary: 'Mark the announcements as seen by the caller', spec: `${documents}; doc 1 §7 Auth` },

  // Compliance documents and transaction messages: manager-base paths that the agent screens use too; kept in help with the other documents
  { method: 'GET', path: '/api/v1/manager/get_documents', access: everyScreen, capability, planned: true,
    summary: 'Compliance documents to sign, pending or completed (compliance screens; served by help with the other documents)', spec: compliance },
  { method: 'POST', path: '/api/v1/manager/save_document_data', access: everyScreen, capability, planned: true,
    summary: 'Save a signed compliance document (compliance screens; served by help with the other documents)', spec: compliance },
  { method: 'GET', path: '/api/v1/manager/transaction_history', access: everyScreen, capability, planned: true,
    summary: 'Message history of the caller (Transaction screens; served by help with announcements)', spec: compliance },
];
