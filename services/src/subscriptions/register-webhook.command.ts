import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type RegisterKeyWebhookBody, catalogEntry } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { decideRegisterWebhook } from './webhook-endpoint.decider';
import { chosenRetailer } from './webhook-reach';
import { type RetailerReach, countEndpoints, insertEndpoint } from './webhooks.store';

/** RegisterWebhook (console Register Endpoint, or an API key): deliveries start with the next event appended. */
export class RegisterWebhook extends Command<{ readonly id: string; readonly secret: string }> {
  constructor(
    readonly body: RegisterKeyWebhookBody,
    readonly requestedRetailerId: string | undefined,
    readonly reach: RetailerReach,
    /** A user id, or `integration:<key id>`. */
    readonly createdBy: string,
  ) {
    super();
  }
}

@CommandHandler(RegisterWebhook)
export class RegisterWebhookHandler implements ICommandHandler<RegisterWebhook> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ body, requestedRetailerId, reach, createdBy }: RegisterWebhook): Promise<{ id: string; secret: string }> {
    const { database, config, eventStore } = this.platform;
    const retailerId = await chosenRetailer(database.db, reach, requestedRetailerId);
    const decision = decideRegisterWebhook(body, {
      retailerId,
      endpointsOfRetailer: retailerId ? await countEndpoints(database.db, retailerId) : 0,
      isEventType: (type) => catalogEntry(type) !== undefined,
      allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'true',
    });
    if (decision instanceof DomainError) throw decision;
    return insertEndpoint(database.db, { ...decision, createdBy, after: await eventStore.head() });
  }
}
