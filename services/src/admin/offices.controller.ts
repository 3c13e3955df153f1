import { Controller, Get, Inject, Query } from '@nestjs/common';
import { type ExportAnswer, type ExportFormatQuery, type OfficeListQuery, exportQuery, officeListQuery } from '@portal/contracts';
import { officeList } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { CurrentUser } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import { ZodValidation } from '../platform/http/zod-body';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { officeExport } from './office-export';

/** The office export's query: the Office list's filters (and the spec's alias names), plus `format`. */

/** The Office list (doc 3 §7 Offices, GET /api/v1/offices) and its export: the offices the caller's scope reaches. */
@Controller('api/v1')
export class OfficesController {
  private readonly exports: ExportStarter;

  constructor(@Inject(PLATFORM) private readonly platform: Platform) {
    this.exports = new ExportStarter(platform);
  }

  @Get('offices')
  async list(@Query(new ZodValidation(officeListQuery)) query: OfficeListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await officeList(this.platform.database.db, user.scope, query) };
  }

  /** GET /api/v1/office_export: the Office list's rows with the same filters, as CSV or XLSX. */
  @Get('office_export')
  async export(@Query(new ZodValidation(exportQuery(officeListQuery))) query: OfficeListQuery & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const { status, search_text, ibo_marketer_id, office_id } = query;
    return this.exports.start(officeExport, query.format, user, { status, search_text, ibo_marketer_id, office_id });
  }
}
