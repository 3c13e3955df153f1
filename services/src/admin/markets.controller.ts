import { Controller, HttpCode, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AddMarketBody, EditMarketBody, ExportAnswer, ExportFormat, MarketListQuery, UnitStatusBody } from '@portal/contracts';
import { marketList } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { Command, CurrentUser } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import type { CommandContext } from '../platform/commands/command-context';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { AddMarket } from './add-market.command';
import { marketExport } from './admin-exports';
import { EditMarket } from './edit-market.command';
import { SetUnitStatus } from './set-unit-status.command';

type Exported<Query> = Query & { readonly format: ExportFormat };

/** IBOs/Markets (doc 3 §2, §7): the list and its export, Add, Edit, activate/deactivate. */
@Controller()
export class MarketsController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly exports: ExportStarter,
    private readonly commands: CommandBus,
  ) {}

  @Serves('GET /api/v1/ibo_marketers')
  async list(@RouteQuery() query: MarketListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await marketList(this.platform.database.db, user.scope, query) };
  }

  @Serves('GET /api/v1/ibo_market_export')
  async export(@RouteQuery() query: Exported<MarketListQuery>, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const { format, page: _page, results: _results, ...filters } = query;
    return this.exports.start(marketExport, format, user, filters);
  }

  @Serves('POST /api/v1/ibo_marketers')
  @HttpCode(200)
  @ReadYourWrites('org')
  async add(@RouteBody() body: AddMarketBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; id: string }>> {
    const result = await this.commands.execute(new AddMarket(body, user.roles, user.scope, context));
    return { position: result.position, body: { message: 'IBO/Market created successfully', id: result.id } };
  }

  @Serves('POST /api/v1/ibo_marketers/:id')
  @HttpCode(200)
  @ReadYourWrites('org')
  async edit(@RouteParams() { id }: { id: string }, @RouteBody() body: EditMarketBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new EditMarket(id, body, user.scope, context));
    return { position: result.position, body: { message: 'IBO/Market updated successfully' } };
  }

  /** doc 3 §8 gives only the deactivation's words; activation's are ours, in the same form. */
  @Serves('POST /api/v1/ibo_marketers/action/:id')
  @HttpCode(200)
  @ReadYourWrites('org')
  async action(@RouteParams() { id }: { id: string }, @RouteBody() body: UnitStatusBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new SetUnitStatus({ kind: 'market', id }, body.status, user.roles, user.scope, context));
    return { position: result.position, body: { message: body.status === 0 ? 'IBOs / Markets inactivate successfully' : 'IBOs / Markets activate successfully' } };
  }
}
