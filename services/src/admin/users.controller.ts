import { Controller, HttpCode, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AddUserBody, EditUserBody, ExportAnswer, ExportFormat, UserListAnswer, UserListQuery } from '@portal/contracts';
import { userList, usersLastChanged } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { Command, CurrentUser } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import type { CommandContext } from '../platform/commands/command-context';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { AddUser } from './add-user.command';
import { userExport } from './admin-exports';
import { EditUser } from './edit-user.command';

type Exported<Query> = Query & { readonly format: ExportFormat };

/** The Users list (doc 3 §2 /employee, §7 Users), its export, and Add User: the users the caller's scope reaches. */
@Controller()
export class UsersController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly exports: ExportStarter,
    private readonly commands: CommandBus,
  ) {}

  @Serves('GET /api/v1/users')
  async list(@RouteQuery() query: UserListQuery, @CurrentUser() user: AuthenticatedUser): Promise<UserListAnswer> {
    const db = this.platform.database.db;
    const [items, lastRunDate] = await Promise.all([userList(db, user.scope, query), usersLastChanged(db)]);
    return { items, last_run_date: lastRunDate };
  }

  /** GET /api/v1/user_export: the list's rows with the same filters and order, as CSV or XLSX. */
  @Serves('GET /api/v1/user_export')
  async export(@RouteQuery() query: Exported<UserListQuery>, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const { format, page: _page, results: _results, ...filters } = query;
    return this.exports.start(userExport, format, user, filters);
  }

  /** POST /api/v1/users (Add User): the new user gets an e-mail to choose their password. */
  @Serves('POST /api/v1/users')
  @HttpCode(200)
  @ReadYourWrites('org')
  async add(@RouteBody() body: AddUserBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; id: string }>> {
    const result = await this.commands.execute(new AddUser(body, user.roles, user.scope, context));
    return { position: result.position, body: { message: 'User created successfully', id: result.id } };
  }

  /** POST /api/v1/users/{id} (Edit User; the console sends `_method: PUT`). */
  @Serves('POST /api/v1/users/:id')
  @HttpCode(200)
  @ReadYourWrites('org')
  async edit(@RouteParams() { id }: { id: string }, @RouteBody() body: EditUserBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new EditUser(id, body, user.roles, user.scope, context));
    return { position: result.position, body: { message: 'User edited successfully' } };
  }
}
