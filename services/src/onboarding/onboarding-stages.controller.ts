import { Controller, HttpCode } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type OnboardingStageBody, onboardingStatusName } from '@portal/contracts';
import type { IntegrationClient } from '../auth/api-keys.store';
import { Command, IntegrationCaller } from '../auth/current-user';
import type { CommandContext } from '../platform/commands/command-context';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, Serves } from '../platform/http/serves';
import { MoveCandidateStage } from './move-candidate-stage.command';

/** Upstream systems of a retailer (background check, training, RAD ID, ETC code) report candidates' moves (docs/ONBOARDING.md). */
@Controller()
export class OnboardingStagesController {
  constructor(private readonly commands: CommandBus) {}

  @Serves('POST /api/integration/v1/onboarding_stages')
  @HttpCode(200)
  @ReadYourWrites('onboarding', 'org')
  async move(@RouteBody() body: OnboardingStageBody, @IntegrationCaller() caller: IntegrationClient, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; user_id: string | null }>> {
    const result = await this.commands.execute(new MoveCandidateStage(body, caller.retailer_id, { kind: 'integration', id: caller.key_id, name: caller.name }, context));
    return { position: result.position, body: { message: `Candidate moved to ${onboardingStatusName(body.status)}`, user_id: result.user_id } };
  }
}
