import type { TrainingCategoryId, TrainingKind } from './help.codes';

/**
 * Training content and support requests as events (doc 3 §2 Help centre, Training documents and
 * videos; our design, docs/HELP.md).
 *
 * Streams:
 * - `training_content-<content_id>`: one per document or video, opened by TrainingContentAdded,
 *   closed by TrainingContentRemoved (the file stays in storage: the history names it).
 * - `support_request-<request_id>`: one per message sent to support from the Help centre.
 */

/** Where a piece of training content lives: a file of our storage (key `training-documents/<uuid>.pdf`), or a link elsewhere. */
export type TrainingSource =
  | { readonly kind: 'file'; readonly key: string; readonly content_type: string; readonly size: number }
  | { readonly kind: 'link'; readonly url: string };

export type TrainingContentEvent =
  | {
      type: 'TrainingContentAdded';
      data: {
        content_id: string;
        content_kind: TrainingKind;
        category: TrainingCategoryId;
        title: string;
        source: TrainingSource;
        /** The retailer whose people see it; null: everyone (added by the super role). */
        retailer_id: string | null;
        added_by: string;
      };
    }
  | { type: 'TrainingContentRemoved'; data: { content_id: string; removed_by: string } };

export type SupportRequestEvent = {
  type: 'SupportRequestSent';
  data: { request_id: string; user_id: string; name: string; email: string; subject: string; message: string; sent_to: string };
};

export type HelpEvent = TrainingContentEvent | SupportRequestEvent;
export const HELP_EVENT_TYPES: readonly HelpEvent['type'][] = ['TrainingContentAdded', 'TrainingContentRemoved', 'SupportRequestSent'];

export const trainingContentStream = (contentId: string) => `training_content-${contentId}`;
export const supportRequestStream = (requestId: string) => `support_request-${requestId}`;
