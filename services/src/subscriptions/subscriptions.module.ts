import { Module } from '@nestjs/common';
import { AsyncApiController } from './asyncapi.controller';
import { EventCatalogController } from './event-catalog.controller';
import { EventFeed } from './event-feed';
import { FeedController } from './feed.controller';
import { ChangeWebhookHandler } from './change-webhook.command';
import { RegisterWebhookHandler } from './register-webhook.command';
import { WebhooksController } from './webhooks.controller';

/** Downstream systems (docs/SUBSCRIPTIONS.md): the event feed, its Server-Sent Events, the event catalog, webhook endpoints and their delivery log. */
@Module({ controllers: [FeedController, EventCatalogController, WebhooksController, AsyncApiController], providers: [EventFeed, RegisterWebhookHandler, ChangeWebhookHandler], exports: [EventFeed] })
export class SubscriptionsModule {}
