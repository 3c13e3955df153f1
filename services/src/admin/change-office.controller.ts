import { Controller, HttpCode, Inject } from '@nestjs/common';
import { RouteBody, Serves } from '../platform/http/serves';
import { type ChangeOfficeBody } from '@portal/contracts';
import type { AuthenticatedUser } from '../auth/auth.service';
import { Command, CurrentUser } from '../auth/current-user';
import { passwordHashing } from '../auth/auth.module';
import type { CommandContext } from '../platform/commands/command-context';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { OrgCommands } from './org.commands';

/** Agent Office Transfer (doc 3 §5, §7 Users): POST /api/v1/change_office. */
@Controller()
export class ChangeOfficeController {
  private readonly org: OrgCommands;

  constructor(@Inject(PLATFORM) platform: Platform) {
    this.org = new OrgCommands(platform.database, platform.eventStore, passwordHashing(platform));
  }

  @Serves('POST /api/v1/change_office')
  @HttpCode(200)
  @ReadYourWrites('org')
  async changeOffice(
    @RouteBody() body: ChangeOfficeBody,
    @CurrentUser() user: AuthenticatedUser,
    @Command() context: CommandContext,
  ): Promise<CommandAnswer<{ message: string }>> {
    const position = await this.org.changeAgentOffice(body.agent_id, body.office_id, user.scope, context);
    return { position, body: { message: 'Office Updated Successfully' } };
  }
}
