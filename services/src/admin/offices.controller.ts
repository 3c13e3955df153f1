import { Controller, HttpCode, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AddOfficeBody, EditOfficeBody, ExportAnswer, ExportFormatQuery, OfficeListQuery, UnitStatusBody } from '@portal/contracts';
import { devicesHeldBy, officeForChange, officeList } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { Command, CurrentUser } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { AddOffice } from './add-office.command';
import { officeExport } from './admin-exports';
import { EditOffice } from './edit-office.command';
import { SetUnitStatus } from './set-unit-status.command';

/** Offices (doc 3 §2, §4, §7): the list and its export, Add, Edit, activate/deactivate, and the inventory count Edit Office checks. */
@Controller()
export class OfficesController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly exports: ExportStarter,
    private readonly commands: CommandBus,
  ) {}

  @Serves('GET /api/v1/offices')
  async list(@RouteQuery() query: OfficeListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await officeList(this.platform.database.db, user.scope, query) };
  }

  /** GET /api/v1/office_export: the Office list's rows with the same filters, as CSV or XLSX. */
  @Serves('GET /api/v1/office_export')
  async export(@RouteQuery() query: OfficeListQuery & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    // The file follows the screen: its filters and its sort.
    const { status, search_text, ibo_marketer_id, office_id, lifeline_status, sort_by, sort } = query;
    return this.exports.start(officeExport, query.format, user, { status, search_text, ibo_marketer_id, office_id, lifeline_status, sort_by, sort });
  }

  @Serves('POST /api/v1/offices')
  @HttpCode(200)
  @ReadYourWrites('org')
  async add(@RouteBody() body: AddOfficeBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; id: string; office_number: string }>> {
    const result = await this.commands.execute(new AddOffice(body, user.roles, user.scope, context));
    return { position: result.position, body: { message: 'Office created successfully', id: result.id, office_number: result.office_number } };
  }

  @Serves('POST /api/v1/offices/:id')
  @HttpCode(200)
  @ReadYourWrites('org')
  async edit(@RouteParams() { id }: { id: string }, @RouteBody() body: EditOfficeBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new EditOffice(id, body, user.roles, user.scope, context));
    return { position: result.position, body: { message: 'Office Updated successfully' } };
  }

  /** doc 3 §8 names deactivation 'Office deleted successfully' (the only words it gives); activation's are ours. */
  @Serves('POST /api/v1/offices/action/:id')
  @HttpCode(200)
  @ReadYourWrites('org')
  async action(@RouteParams() { id }: { id: string }, @RouteBody() body: UnitStatusBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new SetUnitStatus({ kind: 'office', id }, body.status, user.roles, user.scope, context));
    return { position: result.position, body: { message: body.status === 0 ? 'Office deleted successfully' : 'Office activated successfully' } };
  }

  /** The devices an office holds (the in-stock group): Edit Office warns that a new manager becomes responsible for them (doc 3 §4). */
  @Serves('GET /api/v1/offices/get_inventory_count/:id')
  async inventoryCount(@RouteParams() { id }: { id: string }, @CurrentUser() user: AuthenticatedUser): Promise<{ count: number }> {
    const db = this.platform.database.db;
    const office = await officeForChange(db, user.scope, id);
    if (!office) throw new DomainError('No such office', 404);
    return { count: await devicesHeldBy(db, [office.id]) };
  }
}
