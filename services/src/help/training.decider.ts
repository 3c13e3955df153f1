import { type AddTrainingContentBody, HELP_MESSAGES, type TrainingContentEvent, type TrainingSource } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import { type HelpPublisher, publishingRetailer } from './publisher';

/**
 * The training content rules, pure (doc 3 §2 Training documents and videos; docs/HELP.md): what
 * may be added, by whom, for whom, and removed.
 */

/** A file already recognised by its bytes (help-files.ts): its type and size. */
export interface TrainingFile {
  readonly key: string;
  readonly content_type: string;
  readonly size: number;
}

const FILE_TYPES = { document: ['application/pdf'], video: ['video/webm', 'video/mp4'] } as const;

/** AddTrainingContent: a document (PDF) or a video (WebM, MP4), uploaded or linked — one or the other. */
export function decideAddTrainingContent(
  command: { readonly content_id: string; readonly body: AddTrainingContentBody; readonly file: TrainingFile | undefined },
  publisher: HelpPublisher,
): TrainingContentEvent[] | DomainError {
  const retailer = publishingRetailer(publisher);
  if (retailer instanceof DomainError) return retailer;
  const { body, file } = command;
  if (file && body.link_url) return new DomainError(HELP_MESSAGES.fileOrLink, 400, { file: HELP_MESSAGES.fileOrLink });
  if (!file && !body.link_url) return new DomainError('Upload a file or give a link', 400, { file: 'Upload a file or give a link' });
  if (file && !(FILE_TYPES[body.content_kind] as readonly string[]).includes(file.content_type)) {
    const message = body.content_kind === 'document' ? HELP_MESSAGES.documentFile : HELP_MESSAGES.videoFile;
    return new DomainError(message, 400, { file: message });
  }
  const source: TrainingSource = file ? { kind: 'file', key: file.key, content_type: file.content_type, size: file.size } : { kind: 'link', url: body.link_url! };
  return [
    {
      type: 'TrainingContentAdded',
      data: { content_id: command.content_id, content_kind: body.content_kind, category: body.category, title: body.title, source, retailer_id: retailer, added_by: publisher.user_id },
    },
  ];
}

/**
 * RemoveTrainingContent: `content` is the content as the publisher's scope finds it (undefined
 * when there is none, or none they manage — alike, so nothing outside the scope is confirmed).
 */
export function decideRemoveTrainingContent(content: { readonly id: string } | undefined, publisher: HelpPublisher): TrainingContentEvent[] | DomainError {
  const retailer = publishingRetailer(publisher);
  if (retailer instanceof DomainError) return retailer;
  if (!content) return new DomainError('That training content was not found.', 404);
  return [{ type: 'TrainingContentRemoved', data: { content_id: content.id, removed_by: publisher.user_id } }];
}
