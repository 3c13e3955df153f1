import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Position } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { type RetailerReach, deleteEndpoint, endpointIn, redeliver, rewindEndpoint, setEndpointStatus } from './webhooks.store';

export const NO_SUCH_ENDPOINT = 'No such webhook endpoint';
export const NO_SUCH_DELIVERY = 'No such delivery, or it is being sent right now';

/** What an owner does to one of its endpoints. */
export type WebhookChange =
  | { readonly kind: 'status'; readonly status: 0 | 1 }
  | { readonly kind: 'remove' }
  | { readonly kind: 'replay'; readonly after: Position }
  | { readonly kind: 'redeliver'; readonly deliveryId: string };

/**
 * ChangeWebhook: enable or disable an endpoint, remove it, replay it from a point of the store, or
 * send one delivery again — only an endpoint the caller reaches (another retailer's reads as missing).
 */
export class ChangeWebhook extends Command<void> {
  constructor(
    readonly endpointId: string,
    readonly change: WebhookChange,
    readonly reach: RetailerReach,
  ) {
    super();
  }
}

@CommandHandler(ChangeWebhook)
export class ChangeWebhookHandler implements ICommandHandler<ChangeWebhook> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ endpointId, change, reach }: ChangeWebhook): Promise<void> {
    const db = this.platform.database.db;
    const endpoint = await endpointIn(db, reach, endpointId);
    if (!endpoint) throw new DomainError(NO_SUCH_ENDPOINT, 404);
    switch (change.kind) {
      case 'status':
        return setEndpointStatus(db, endpoint.id, change.status, 'Disabled by its owner');
      case 'remove':
        return deleteEndpoint(db, endpoint.id);
      case 'replay':
        return rewindEndpoint(db, endpoint.id, change.after);
      case 'redeliver':
        if (!(await redeliver(db, endpoint.id, change.deliveryId))) throw new DomainError(NO_SUCH_DELIVERY, 404);
    }
  }
}
