import { Controller, Inject } from '@nestjs/common';
import { RouteQuery, Serves } from '../platform/http/serves';
import { type ExportAnswer, type ExportFormatQuery, type OfficeListQuery } from '@portal/contracts';
import { officeList } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { CurrentUser } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { officeExport } from './admin-exports';

/** The office export's query: the Office list's filters (and the spec's alias names), plus `format`. */

/** The Office list (doc 3 §7 Offices, GET /api/v1/offices) and its export: the offices the caller's scope reaches. */
@Controller()
export class OfficesController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly exports: ExportStarter,
  ) {}

  @Serves('GET /api/v1/offices')
  async list(@RouteQuery() query: OfficeListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await officeList(this.platform.database.db, user.scope, query) };
  }

  /** GET /api/v1/office_export: the Office list's rows with the same filters, as CSV or XLSX. */
  @Serves('GET /api/v1/office_export')
  async export(@RouteQuery() query: OfficeListQuery & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    // The file follows the screen: its filters and its sort.
    const { status, search_text, ibo_marketer_id, office_id, sort_by, sort } = query;
    return this.exports.start(officeExport, query.format, user, { status, search_text, ibo_marketer_id, office_id, sort_by, sort });
  }
}
