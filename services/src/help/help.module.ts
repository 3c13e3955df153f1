import { Module } from '@nestjs/common';
import { AnnouncementsController } from './announcements.controller';

/** Help over HTTP: announcements. */
@Module({ controllers: [AnnouncementsController] })
export class HelpModule {}
