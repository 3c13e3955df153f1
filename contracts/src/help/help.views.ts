import type { TrainingCategoryId, TrainingKind } from './help.codes';

/** GET /api/v1/help/contacts: the Email Us and Call Us cards (from configuration: SUPPORT_EMAIL, SUPPORT_PHONE). */
export interface HelpContacts {
  readonly email: string;
  readonly phone: string;
}

/** One FAQ entry; `answer_format` 'html' is rendered as sanitised HTML (the login answer, doc 3 §2), 'text' as text. */
export interface FaqEntry {
  readonly id: string;
  readonly question: string;
  readonly answer: string;
  readonly answer_format: 'text' | 'html';
}

/** One document or video of a training tree: `url` opens it (a signed link to our file, or the link given). */
export interface TrainingItem {
  readonly id: string;
  readonly title: string;
  readonly content_kind: TrainingKind;
  readonly url: string;
  /** A file's type (application/pdf, video/webm …); null for a link. */
  readonly content_type: string | null;
}

/** A category of the training tree with its items (only categories the caller sees, only those with items). */
export interface TrainingCategoryNode {
  readonly category: TrainingCategoryId;
  readonly name: string;
  readonly items: readonly TrainingItem[];
}

/** One row of the training content list (roles 1 and 12). */
export interface TrainingContentRow {
  readonly id: string;
  readonly content_kind: TrainingKind;
  readonly category: TrainingCategoryId;
  readonly category_name: string;
  readonly title: string;
  /** 'file' or 'link'. */
  readonly source_kind: 'file' | 'link';
  /** Opens it: a signed link to the file, or the link given. */
  readonly url: string;
  readonly size: number | null;
  readonly retailer_name: string | null;
  readonly added_by_name: string;
  /** ISO 8601, UTC. */
  readonly created_at: string;
}
