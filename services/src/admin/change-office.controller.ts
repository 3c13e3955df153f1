import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { type ChangeOfficeBody, changeOfficeBody } from '@portal/contracts';
import type { AuthenticatedUser } from '../auth/auth.service';
import { Command, CurrentUser } from '../auth/current-user';
import { passwordHashing } from '../auth/auth.module';
import type { CommandContext } from '../platform/commands/command-context';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { ZodValidation } from '../platform/http/zod-body';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { OrgCommands } from './org.commands';

/** Agent Office Transfer (doc 3 §5, §7 Users): POST /api/v1/change_office. */
@Controller('api/v1/change_office')
export class ChangeOfficeController {
  private readonly org: OrgCommands;

  constructor(@Inject(PLATFORM) platform: Platform) {
    this.org = new OrgCommands(platform.database, platform.eventStore, passwordHashing(platform));
  }

  @Post()
  @HttpCode(200)
  @ReadYourWrites('org')
  async changeOffice(
    @Body(new ZodValidation(changeOfficeBody)) body: ChangeOfficeBody,
    @CurrentUser() user: AuthenticatedUser,
    @Command() context: CommandContext,
  ): Promise<CommandAnswer<{ message: string }>> {
    const position = await this.org.changeAgentOffice(body.agent_id, body.office_id, user.scope, context);
    return { position, body: { message: 'Office Updated Successfully' } };
  }
}
