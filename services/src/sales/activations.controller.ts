import { Controller, HttpCode } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { ActivationBody, ActivationReversalBody } from '@portal/contracts';
import { activationReversalParams } from '@portal/contracts';
import type { z } from 'zod';
import type { IntegrationClient } from '../auth/api-keys.store';
import { Command, IntegrationCaller } from '../auth/current-user';
import type { CommandContext } from '../platform/commands/command-context';
import { IdempotencyKey } from '../platform/http/idempotency-key';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteParams, Serves } from '../platform/http/serves';
import { RecordActivation } from './record-activation.command';
import { ReverseActivation } from './reverse-activation.command';

/** Activations reported by upstream (ours; doc 2's sales are counted from them). */
@Controller()
export class ActivationsController {
  constructor(private readonly commands: CommandBus) {}

  @Serves('POST /api/integration/v1/activations')
  @HttpCode(201)
  @ReadYourWrites('inventory', 'sales')
  async recordActivation(
    @RouteBody() body: ActivationBody,
    @IntegrationCaller() caller: IntegrationClient,
    @Command() context: CommandContext,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new RecordActivation(body, caller.retailer_id, context, idempotencyKey));
    return { position: result.position, body: { message: `IMEI ${body.imei} activated` } };
  }

  @Serves('POST /api/integration/v1/activations/:imei/reversal')
  @HttpCode(200)
  @ReadYourWrites('inventory', 'sales')
  async reverseActivation(
    @RouteParams() params: z.output<typeof activationReversalParams>,
    @RouteBody() body: ActivationReversalBody,
    @IntegrationCaller() caller: IntegrationClient,
    @Command() context: CommandContext,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new ReverseActivation({ imei: params.imei, reason: body.reason }, caller.retailer_id, context, idempotencyKey));
    return { position: result.position, body: { message: `Activation of IMEI ${params.imei} reversed` } };
  }
}
