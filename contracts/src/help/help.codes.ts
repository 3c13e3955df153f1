import { ROLE, type RoleId } from '../platform/roles';

/**
 * The help centre's codes (doc 3 §2 Help centre, Training documents, Training videos; our
 * readings in docs/HELP.md).
 */

/** What a piece of training content is: a document (PDF, or a link) or a video (WebM/MP4, or a link). */
export const TRAINING_KINDS = ['document', 'video'] as const;
export type TrainingKind = (typeof TRAINING_KINDS)[number];

/**
 * The training categories, each with the roles that see it. The spec names two rules: the IBO
 * Manager category is hidden for office managers; the Retailer category for IBO and office
 * managers. Our reading: agents (below office managers) see neither; the other categories are
 * for everyone who reaches the screens; the super role sees all.
 */
export const TRAINING_CATEGORIES = [
  { id: 'getting-started', name: 'Getting Started', roles: [ROLE.SUPER_ADMIN, ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.OFFICE_SUPERVISOR, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER] },
  { id: 'agent', name: 'Agent', roles: [ROLE.SUPER_ADMIN, ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.OFFICE_SUPERVISOR, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER] },
  { id: 'office-manager', name: 'Office Manager', roles: [ROLE.SUPER_ADMIN, ROLE.OFFICE_MANAGER, ROLE.OFFICE_SUPERVISOR, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER] },
  { id: 'ibo-manager', name: 'IBO Manager', roles: [ROLE.SUPER_ADMIN, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER] },
  { id: 'retailer', name: 'Retailer', roles: [ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER] },
] as const satisfies readonly { id: string; name: string; roles: readonly RoleId[] }[];
export type TrainingCategoryId = (typeof TRAINING_CATEGORIES)[number]['id'];
export const TRAINING_CATEGORY_IDS = TRAINING_CATEGORIES.map((category) => category.id) as [TrainingCategoryId, ...TrainingCategoryId[]];

/** The categories a user with these roles sees (any one role that sees a category is enough). */
export function trainingCategoriesFor(roles: readonly number[]): TrainingCategoryId[] {
  return TRAINING_CATEGORIES.filter((category) => (category.roles as readonly number[]).some((role) => roles.includes(role))).map((category) => category.id);
}

export const trainingCategoryName = (id: string): string => TRAINING_CATEGORIES.find((category) => category.id === id)?.name ?? id;

/** Who publishes announcements and manages training content: the super role and retailer managers (for their retailer). */
export const HELP_PUBLISHER_ROLES: readonly RoleId[] = [ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER];

/** Whom an announcement may be addressed to: the roles that reach the Announcements screen (doc 3 §2 access). */
export const ANNOUNCEMENT_AUDIENCE_ROLES: readonly RoleId[] = [ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER];

/** Upload limits: a training PDF, a training video, an announcement's file. */
export const TRAINING_DOCUMENT_MAX_BYTES = 20_000_000;
export const TRAINING_VIDEO_MAX_BYTES = 100_000_000;
export const ANNOUNCEMENT_FILE_MAX_BYTES = 10_000_000;

/** The help centre's texts: the spec's, and ours where it has none. */
export const HELP_MESSAGES = {
  faqSearch: 'What we can help you with?',
  supportSent: 'Your request was sent to support. We will answer by e-mail.',
  announcementPublished: 'Announcement published successfully',
  contentAdded: 'Training content added successfully',
  contentRemoved: 'Training content removed successfully',
  message: 'Please input message',
  subject: 'Please input subject',
  name: 'Please input your name',
  email: 'Enter valid email address',
  title: 'Please input title',
  category: 'Please select category',
  kind: 'Please select type',
  fileOrLink: 'Upload a file or give a link, not both',
  link: 'The link must be an absolute http(s) URL',
  audience: 'Audience is a list of 2, 3, 11, 12',
  documentFile: 'Training documents are PDF files',
  videoFile: 'Training videos are WebM or MP4 files',
  announcementFile: 'Announcement files are PDF, PNG or JPEG',
} as const;
