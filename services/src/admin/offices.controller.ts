import { Controller, Get, Inject, Query } from '@nestjs/common';
import { type OfficeListQuery, officeListQuery } from '@portal/contracts';
import { officeList } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { CurrentUser } from '../auth/current-user';
import { ZodValidation } from '../platform/http/zod-body';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';

/** The Office list (doc 3 §7 Offices, GET /api/v1/offices): the offices the caller's scope reaches. */
@Controller('api/v1/offices')
export class OfficesController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @Get()
  async list(@Query(new ZodValidation(officeListQuery)) query: OfficeListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await officeList(this.platform.database.db, user.scope, query) };
  }
}
