import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AnnouncementDocument, Position, PublishAnnouncementBody } from '@portal/contracts';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import type { PendingUpload } from '../platform/storage/uploads';
import { PLATFORM } from '../platform/tokens';
import { publishAnnouncement } from './announcement.commands';
import { type HelpPublisher, publishingRetailer } from './publisher';

/** PublishAnnouncement (the publishing screen, roles 1 and 12): a message, a file or a link, an audience by role. */
export class PublishAnnouncement extends Command<{ readonly id: string; readonly position: Position }> {
  constructor(
    readonly body: PublishAnnouncementBody,
    readonly publisher: HelpPublisher,
    /** The file, already recognised by its bytes; written only if the announcement is accepted. */
    readonly file: PendingUpload | undefined,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** The name a file is shown by: the one given, else one of ours by its type (never the client's file name). */
const shownName = (given: string | undefined, fallback: string) => (given && given.length > 0 ? given : fallback);

@CommandHandler(PublishAnnouncement)
export class PublishAnnouncementHandler implements ICommandHandler<PublishAnnouncement> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ body, publisher, file, context }: PublishAnnouncement): Promise<{ id: string; position: Position }> {
    const retailer = publishingRetailer(publisher);
    if (retailer instanceof DomainError) throw retailer;
    if (file && body.link_url) throw new DomainError('Attach a file or give a link, not both', 400, { file: 'Attach a file or give a link, not both' });
    const documents: AnnouncementDocument[] = [];
    if (file) documents.push({ name: shownName(body.link_name, `Attachment.${file.key.slice(file.key.lastIndexOf('.') + 1)}`), url: file.url });
    if (body.link_url) documents.push({ name: shownName(body.link_name, 'Link'), url: body.link_url });
    return publishAnnouncement(
      this.platform.eventStore,
      { message_text: body.message_text, documents, audience_roles: body.audience_roles ?? [], retailer_id: retailer },
      context,
      file,
    );
  }
}
