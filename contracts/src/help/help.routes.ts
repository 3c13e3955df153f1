import { type ApiRoute, screenRoles } from '../platform/api-route';
import { ROLE } from '../platform/roles';
import { exportFormatQuery } from '../platform/export';
import { announcementListQuery } from './announcement.schemas';
import { HELP_PUBLISHER_ROLES } from './help.codes';
import { addTrainingContentBody, faqQuery, helpFileParams, publishAnnouncementBody, supportRequestBody, trainingContentIdParams, trainingContentListQuery, trainingTreeQuery } from './help.schemas';
import { exportDownloadQuery } from '../platform/export';

const capability = 'help';
/** announcement, support, trainingdocs, ...: roles 2, 3, 11, 12 (doc 1 §2.1, doc 3 §2). */
const everyScreen = screenRoles(ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);

/** Publishing announcements and managing training content: the super role and retailer managers (ours: the spec shows no such screen). */
const publishers = HELP_PUBLISHER_ROLES;
const documents = 'doc 3 §7 Documents and announcements';
const helpCentre = 'doc 3 §2 Help centre, Training documents, Training videos, FAQ and support (calls ours: the spec shows none)';
/** The file of a training item or an announcement behind a signed link: the types we keep. */
const helpFileTypes = ['application/pdf', 'video/webm', 'video/mp4', 'image/png', 'image/jpeg'];

export const helpRoutes: readonly ApiRoute[] = [
  { method: 'GET', path: '/api/v1/announcements', access: everyScreen, capability,
    summary: 'Announcements, paged', spec: documents, query: announcementListQuery },
  // Ours, beyond the spec: every list exports through the one pipeline (DESIGN.md §7), this one included.
  { method: 'GET', path: '/api/v1/announcement_export', access: everyScreen, capability,
    summary: 'Export the Announcements table (CSV default, or format=xlsx)', spec: `${documents}; doc 1 §5 Export buttons`, query: exportFormatQuery },
  { method: 'GET', path: '/api/v1/announcements/check_new', access: everyScreen, capability,
    summary: 'Whether an unseen announcement should prompt the IMPORTANT ANNOUNCEMENTS dialog', spec: `${documents}; doc 1 §7 Auth` },
  { method: 'GET', path: '/api/v1/announcements/update_as_viewed', access: everyScreen, capability,
    summary: 'Mark the announcements as seen by the caller', spec: `${documents}; doc 1 §7 Auth` },
  { method: 'POST', path: '/api/v1/announcements', success: 201, access: publishers, capability,
    summary: 'Publish an announcement: message, optional file (PDF, PNG, JPEG) or link, audience by role (ours: the spec shows no publishing screen)', spec: `${documents}; doc 3 §3 Announcement`,
    body: publishAnnouncementBody, upload: 'file' },
  { method: 'GET', path: '/api/v1/announcements/files/:id', access: 'public', capability,
    summary: 'An announcement\'s file through the signed, expiring link the list answers (ours)', spec: `${documents}; doc 3 §3 Announcement documents`,
    params: helpFileParams, query: exportDownloadQuery, file: helpFileTypes, ranges: true },

  // Help centre (doc 3 §2): contacts, support requests, FAQ, training trees and their content
  { method: 'GET', path: '/api/v1/help/contacts', access: everyScreen, capability,
    summary: 'The Email Us and Call Us values (configuration: SUPPORT_EMAIL, SUPPORT_PHONE)', spec: helpCentre },
  { method: 'POST', path: '/api/v1/help/support_request', success: 201, access: everyScreen, capability,
    summary: 'Send a message to the support address (the Help centre\'s request form, instead of a chat widget) and record it', spec: helpCentre, body: supportRequestBody },
  { method: 'GET', path: '/api/v1/faq', access: everyScreen, capability,
    summary: 'The FAQ: 28 questions and answers, those whose question or answer contains search_text', spec: helpCentre, query: faqQuery },
  { method: 'GET', path: '/api/v1/training/documents', access: everyScreen, capability,
    summary: 'The training documents tree: the categories the caller\'s roles see, with signed links', spec: helpCentre, query: trainingTreeQuery },
  { method: 'GET', path: '/api/v1/training/videos', access: everyScreen, capability,
    summary: 'The training videos tree: the categories the caller\'s roles see, with signed links', spec: helpCentre, query: trainingTreeQuery },
  { method: 'GET', path: '/api/v1/training/files/:id', access: 'public', capability,
    summary: 'A training document or video through the signed, expiring link the trees answer; answers Range requests (206) so that a video can seek', spec: helpCentre,
    params: helpFileParams, query: exportDownloadQuery, file: helpFileTypes, ranges: true },
  { method: 'GET', path: '/api/v1/training/content', access: publishers, capability,
    summary: 'The training content the caller manages (all for the super role, the retailer\'s for a retailer manager), paged', spec: helpCentre, query: trainingContentListQuery },
  { method: 'POST', path: '/api/v1/training/content', success: 201, access: publishers, capability,
    summary: 'Add a training document (PDF) or video (WebM, MP4) by upload, or either by link, in a category', spec: helpCentre, body: addTrainingContentBody, upload: 'file' },
  { method: 'POST', path: '/api/v1/training/content/remove/:id', access: publishers, capability,
    summary: 'Remove a piece of training content from the trees (its history stays)', spec: helpCentre, params: trainingContentIdParams },
];
