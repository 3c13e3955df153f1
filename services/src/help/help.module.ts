import { Module } from '@nestjs/common';
import { AddTrainingContentHandler } from './add-training-content.command';
import { AnnouncementsController } from './announcements.controller';
import { HelpController } from './help.controller';
import { PublishAnnouncementHandler } from './publish-announcement.command';
import { RemoveTrainingContentHandler } from './remove-training-content.command';
import { SendSupportRequestHandler } from './send-support-request.command';
import { TrainingController } from './training.controller';

/** Help over HTTP: announcements and their publishing, the Help centre (contacts, support requests, FAQ), training documents and videos. */
@Module({
  controllers: [AnnouncementsController, HelpController, TrainingController],
  providers: [PublishAnnouncementHandler, AddTrainingContentHandler, RemoveTrainingContentHandler, SendSupportRequestHandler],
})
export class HelpModule {}
