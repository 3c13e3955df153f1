import { Controller, HttpCode, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type Listed,
  type RegisterKeyWebhookBody,
  type RegisterWebhookBody,
  START,
  WEBHOOK_MESSAGES,
  type WebhookDeliveriesQuery,
  type WebhookDeliveryParams,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  type WebhookParams,
  type WebhookRegistered,
  type WebhookReplayBody,
  type WebhookStatusBody,
  positionOfCursor,
} from '@portal/contracts';
import { retailersInScope } from '@portal/projections';
import type { IntegrationClient } from '../auth/api-keys.store';
import type { AuthenticatedUser } from '../auth/auth.service';
import { CurrentUser, IntegrationCaller } from '../auth/current-user';
import { DomainError } from '../platform/commands/command-errors';
import { RouteBody, RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { ChangeWebhook, NO_SUCH_ENDPOINT } from './change-webhook.command';
import { RegisterWebhook } from './register-webhook.command';
import { reachOfKey, reachOfUser } from './webhook-reach';
import { type RetailerReach, deliveryLog, endpointIn, listEndpoints } from './webhooks.store';

/**
 * Webhook endpoints over HTTP (docs/SUBSCRIPTIONS.md "Webhooks"): the console's (roles 1 and 12,
 * auditors reading) for the caller's scope, and the same for an API key over its retailer.
 */
@Controller()
export class WebhooksController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  private async list(reach: RetailerReach, names: ReadonlyMap<string, string>): Promise<Listed<WebhookEndpointRow>> {
    const data = await listEndpoints(this.platform.database.db, reach, (id) => names.get(id) ?? null);
    return { items: { data, total: data.length, current_page: 1 } };
  }

  private async register(body: RegisterKeyWebhookBody, retailerId: string | undefined, reach: RetailerReach, createdBy: string): Promise<WebhookRegistered> {
    const { id, secret } = await this.commands.execute(new RegisterWebhook(body, retailerId, reach, createdBy));
    return { message: WEBHOOK_MESSAGES.registered, id, secret };
  }

  private async deliveries(reach: RetailerReach, id: string, query: WebhookDeliveriesQuery): Promise<Listed<WebhookDeliveryRow>> {
    const endpoint = await endpointIn(this.platform.database.db, reach, id);
    if (!endpoint) throw new DomainError(NO_SUCH_ENDPOINT, 404);
    const log = await deliveryLog(this.platform.database.db, endpoint.id, query);
    return { items: { data: log.rows, total: log.total, current_page: query.page } };
  }

  private async replay(reach: RetailerReach, id: string, body: WebhookReplayBody): Promise<{ message: string }> {
    await this.commands.execute(new ChangeWebhook(id, { kind: 'replay', after: body.after ? positionOfCursor(body.after)! : START }, reach));
    return { message: WEBHOOK_MESSAGES.replaying };
  }

  @Serves('GET /api/v1/subscriptions/webhooks')
  async endpoints(@CurrentUser() user: AuthenticatedUser): Promise<Listed<WebhookEndpointRow>> {
    const retailers = await retailersInScope(this.platform.database.db, user.scope);
    return this.list(reachOfUser(user), new Map(retailers.map((retailer) => [retailer.id, retailer.name])));
  }

  @Serves('POST /api/v1/subscriptions/webhooks')
  @HttpCode(201)
  async registerForUser(@RouteBody() body: RegisterWebhookBody, @CurrentUser() user: AuthenticatedUser): Promise<WebhookRegistered> {
    const { retailer_id: retailerId, ...endpoint } = body;
    return this.register(endpoint, retailerId, reachOfUser(user), user.user_id);
  }

  @Serves('POST /api/v1/subscriptions/webhooks/:id/status')
  @HttpCode(200)
  async setStatus(@RouteParams() { id }: WebhookParams, @RouteBody() body: WebhookStatusBody, @CurrentUser() user: AuthenticatedUser): Promise<{ message: string }> {
    const status = body.status === 1 ? 1 : 0;
    await this.commands.execute(new ChangeWebhook(id, { kind: 'status', status }, reachOfUser(user)));
    return { message: status === 1 ? WEBHOOK_MESSAGES.enabled : WEBHOOK_MESSAGES.disabled };
  }

  @Serves('DELETE /api/v1/subscriptions/webhooks/:id')
  async removeForUser(@RouteParams() { id }: WebhookParams, @CurrentUser() user: AuthenticatedUser): Promise<{ message: string }> {
    await this.commands.execute(new ChangeWebhook(id, { kind: 'remove' }, reachOfUser(user)));
    return { message: WEBHOOK_MESSAGES.removed };
  }

  @Serves('GET /api/v1/subscriptions/webhooks/:id/deliveries')
  deliveriesForUser(@RouteParams() { id }: WebhookParams, @RouteQuery() query: WebhookDeliveriesQuery, @CurrentUser() user: AuthenticatedUser): Promise<Listed<WebhookDeliveryRow>> {
    return this.deliveries(reachOfUser(user), id, query);
  }

  @Serves('POST /api/v1/subscriptions/webhooks/:id/deliveries/:delivery_id/redeliver')
  @HttpCode(200)
  async redeliver(@RouteParams() { id, delivery_id: deliveryId }: WebhookDeliveryParams, @CurrentUser() user: AuthenticatedUser): Promise<{ message: string }> {
    await this.commands.execute(new ChangeWebhook(id, { kind: 'redeliver', deliveryId }, reachOfUser(user)));
    return { message: WEBHOOK_MESSAGES.redelivering };
  }

  @Serves('POST /api/v1/subscriptions/webhooks/:id/replay')
  @HttpCode(200)
  replayForUser(@RouteParams() { id }: WebhookParams, @RouteBody() body: WebhookReplayBody, @CurrentUser() user: AuthenticatedUser): Promise<{ message: string }> {
    return this.replay(reachOfUser(user), id, body);
  }

  // The same for an API key, over its retailer.

  @Serves('GET /api/integration/v1/webhooks')
  endpointsForKey(@IntegrationCaller() client: IntegrationClient): Promise<Listed<WebhookEndpointRow>> {
    return this.list(reachOfKey(client), new Map());
  }

  @Serves('POST /api/integration/v1/webhooks')
  @HttpCode(201)
  registerForKey(@RouteBody() body: RegisterKeyWebhookBody, @IntegrationCaller() client: IntegrationClient): Promise<WebhookRegistered> {
    return this.register(body, undefined, reachOfKey(client), `integration:${client.key_id}`);
  }

  @Serves('DELETE /api/integration/v1/webhooks/:id')
  async removeForKey(@RouteParams() { id }: WebhookParams, @IntegrationCaller() client: IntegrationClient): Promise<{ message: string }> {
    await this.commands.execute(new ChangeWebhook(id, { kind: 'remove' }, reachOfKey(client)));
    return { message: WEBHOOK_MESSAGES.removed };
  }

  @Serves('GET /api/integration/v1/webhooks/:id/deliveries')
  deliveriesForKey(@RouteParams() { id }: WebhookParams, @RouteQuery() query: WebhookDeliveriesQuery, @IntegrationCaller() client: IntegrationClient): Promise<Listed<WebhookDeliveryRow>> {
    return this.deliveries(reachOfKey(client), id, query);
  }

  @Serves('POST /api/integration/v1/webhooks/:id/replay')
  @HttpCode(200)
  replayForKey(@RouteParams() { id }: WebhookParams, @RouteBody() body: WebhookReplayBody, @IntegrationCaller() client: IntegrationClient): Promise<{ message: string }> {
    return this.replay(reachOfKey(client), id, body);
  }
}
