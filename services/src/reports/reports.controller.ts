import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Param, Post, Query } from '@nestjs/common';
import {
  type AgedAnswer,
  type AgedReportQuery,
  type DetailedReportQuery,
  type ExportAnswer,
  type ExportFormatQuery,
  type LegacyQuery,
  type LegacyReportQuery,
  ROLE,
  agedCellParams,
  agedCellQuery,
  agedReportQuery,
  agentSummaryQuery,
  detailedReportQuery,
  exportFormatQuery,
  iboSummaryQuery,
  inventoryCountParams,
  legacyReportBody,
  legacyReportQuery,
  managerSummaryQuery,
  officeSummaryQuery,
  ownValue,
} from '@portal/contracts';
import {
  type Holder,
  agedInventory,
  agentSummary,
  businessDate,
  detailedInventoryReport,
  iboSummary,
  legacyReport,
  managerSummary,
  officeSummary,
} from '@portal/projections';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../auth/auth.service';
import { CurrentUser } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import { ApiError } from '../platform/http/error-filter';
import { ZodValidation } from '../platform/http/zod-body';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import {
  AGED_EXPORTS,
  agedCellExport,
  agentSummaryExport,
  countedDevicesExport,
  detailedExport,
  iboSummaryExport,
  legacyExport,
  legacyExportWithRetailer,
  managerSummaryExport,
  officeSummaryExport,
} from './reports-exports';

/** Doc 1 §9: the detailed report's activation range covers at most the last 31 days up to today. */
const ACTIVATION_WINDOW_DAYS = 31;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Dates after the business's today are refused (doc 1 §5), with the field and a sentence. */
function refuseFutureDates(query: Record<string, unknown>, fields: readonly string[], today: string): void {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const value = query[field];
    if (typeof value === 'string' && value > today) problems[field] = 'Dates cannot be in the future';
  }
  if (Object.keys(problems).length > 0) throw new ApiError(HttpStatus.BAD_REQUEST, Object.values(problems)[0]!, problems);
}

/** The aged reports' path word for IBO/markets is ibo_marketer; the downloads' is ibo. */
const AGED_KINDS: Record<string, Holder> = { agent: 'agent', manager: 'manager', ibo_marketer: 'ibo', office: 'office' };
const HOLDER_WORDS: Record<string, Holder> = { agent: 'agent', manager: 'manager', ibo: 'ibo', office: 'office' };

function holderOf(words: Record<string, Holder>, word: string): Holder {
  const holder = ownValue(words, word);
  if (!holder) throw new ApiError(HttpStatus.NOT_FOUND, `Unknown report ${word}: one of ${Object.keys(words).join(', ')}`);
  return holder;
}

/** The aged report's id filter for each holder. */
const agedHolderId = (holder: Holder, query: AgedReportQuery) =>
  ({ agent: query.agent_id, manager: query.manager_id, ibo: query.ibo_marketer_id, office: query.office_id })[holder];

/**
 * Inventory reports over HTTP (doc 1 §2.10-§2.13, §7 "Reports and reference"): thin — validate,
 * query in the caller's scope, answer the spec's shapes; exports and downloads by count go
 * through the one export pipeline.
 */
@Controller('api/v1')
export class ReportsController {
  private readonly exports: ExportStarter;

  constructor(@Inject(PLATFORM) private readonly platform: Platform) {
    this.exports = new ExportStarter(platform);
  }

  private get db() {
    return this.platform.database.db;
  }

  // ----- Inventory Detailed Report (doc 1 §2.11) -----

  private checkedDetailed(query: DetailedReportQuery): DetailedReportQuery {
    const today = businessDate(new Date());
    refuseFutureDates(query, ['date_range_start', 'date_range_end', 'activation_date_range_start', 'activation_date_range_end'], today);
    const earliest = addDays(today, -(ACTIVATION_WINDOW_DAYS - 1));
    if (query.activation_date_range_start && query.activation_date_range_start < earliest) {
      const message = `Activation dates can cover at most the last ${ACTIVATION_WINDOW_DAYS} days up to today`;
      throw new ApiError(HttpStatus.BAD_REQUEST, message, { activation_date_range_start: message });
    }
    return query;
  }

  @Get('detailed_inventory_report')
  async detailedReport(@Query(new ZodValidation(detailedReportQuery)) query: DetailedReportQuery, @CurrentUser() user: AuthenticatedUser) {
    const { page, results, sort, sort_by, ...filters } = this.checkedDetailed(query);
    return { items: await detailedInventoryReport(this.db, user.scope, filters, { page, results, sort, sort_by }) };
  }

  @Get('detailed_inventory_export')
  async detailedExport(@Query(new ZodValidation(detailedReportQuery)) query: DetailedReportQuery, @Query(new ZodValidation(exportFormatQuery)) format: ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const { page: _page, results: _results, sort: _sort, sort_by: _sortBy, ...filters } = this.checkedDetailed(query);
    return this.exports.start(detailedExport, format.format, user, { ...filters, as_of: new Date().toISOString() });
  }

  // ----- Legacy Data (doc 1 §2.12) -----

  private checkedLegacy(query: LegacyReportQuery): LegacyReportQuery {
    refuseFutureDates(query, ['date_range_start', 'date_range_end', 'order_date_range_start', 'order_date_range_end', 'allocation_date_range_start', 'allocation_date_range_end'], businessDate(new Date()));
    return query;
  }

  private legacy(query: LegacyReportQuery, builder: LegacyQuery | undefined, user: AuthenticatedUser) {
    const { page, results, sort, sort_by, ...filters } = this.checkedLegacy(query);
    return legacyReport(this.db, user.scope, filters, builder, { page, results, sort, sort_by }, user.roles.includes(ROLE.SUPER_ADMIN));
  }

  @Get('legacy_detailed_sales_report')
  async legacyFirstPage(@Query(new ZodValidation(legacyReportQuery)) query: LegacyReportQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await this.legacy(query, undefined, user) };
  }

  @Post('legacy_detailed_sales_report')
  @HttpCode(200)
  async legacySearch(
    @Query(new ZodValidation(legacyReportQuery)) query: LegacyReportQuery,
    @Body(new ZodValidation(legacyReportBody)) body: z.output<typeof legacyReportBody>,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    return { items: await this.legacy(query, body.query_string, user) };
  }

  @Post('legacy_detailed_sales_export')
  @HttpCode(200)
  async legacyExport(
    @Query(new ZodValidation(legacyReportQuery)) query: LegacyReportQuery,
    @Query(new ZodValidation(exportFormatQuery)) format: ExportFormatQuery,
    @Body(new ZodValidation(legacyReportBody)) body: z.output<typeof legacyReportBody>,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<ExportAnswer> {
    const { page: _page, results: _results, sort: _sort, sort_by: _sortBy, ...filters } = this.checkedLegacy(query);
    const definition = user.roles.includes(ROLE.SUPER_ADMIN) ? legacyExportWithRetailer : legacyExport;
    return this.exports.start(definition, format.format, user, { ...filters, query: body.query_string, as_of: new Date().toISOString() });
  }

  // ----- Inventory by managers / IBOs / agents / offices (doc 1 §2.10) -----

  @Get('inventory_summary_reports/manager')
  async byManagers(@Query(new ZodValidation(managerSummaryQuery)) query: z.output<typeof managerSummaryQuery>, @CurrentUser() user: AuthenticatedUser) {
    const { page, grand_totals } = await managerSummary(this.db, user.scope, { holder_id: query.manager_id, filter: query.filter }, query);
    return { items: { ...page, current: page.current_page }, grand_totals };
  }

  @Get('inventory_summary_reports_export/manager')
  async byManagersExport(@Query(new ZodValidation(managerSummaryQuery)) query: z.output<typeof managerSummaryQuery>, @Query(new ZodValidation(exportFormatQuery)) format: ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(managerSummaryExport, format.format, user, { holder_id: query.manager_id, filter: query.filter, sort_by: query.sort_by, sort: query.sort, as_of: new Date().toISOString() });
  }

  @Get('inventory_summary_reports/ibo_marketer')
  async byIbos(@Query(new ZodValidation(iboSummaryQuery)) query: z.output<typeof iboSummaryQuery>, @CurrentUser() user: AuthenticatedUser) {
    const { page, grand_totals } = await iboSummary(this.db, user.scope, { holder_id: query.ibo_marketer_id, filter: query.filter }, query);
    return { items: { ...page, current: page.current_page }, grand_totals };
  }

  @Get('inventory_summary_reports_export/ibo_marketer')
  async byIbosExport(@Query(new ZodValidation(iboSummaryQuery)) query: z.output<typeof iboSummaryQuery>, @Query(new ZodValidation(exportFormatQuery)) format: ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(iboSummaryExport, format.format, user, { holder_id: query.ibo_marketer_id, filter: query.filter, sort_by: query.sort_by, sort: query.sort, as_of: new Date().toISOString() });
  }

  @Get('manager/agentlist_with_pagination')
  async byAgents(@Query(new ZodValidation(agentSummaryQuery)) query: z.output<typeof agentSummaryQuery>, @CurrentUser() user: AuthenticatedUser) {
    const { page, grand_totals } = await agentSummary(this.db, user.scope, { holder_id: query.agent_id, office_id: query.office_id }, query);
    return { items: { ...page, current: page.current_page }, grand_totals };
  }

  @Get('manager/manager_inventory_summary_reports_export/agent')
  async byAgentsExport(@Query(new ZodValidation(agentSummaryQuery)) query: z.output<typeof agentSummaryQuery>, @Query(new ZodValidation(exportFormatQuery)) format: ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(agentSummaryExport, format.format, user, { holder_id: query.agent_id, office_id: query.office_id, sort_by: query.sort_by, sort: query.sort, as_of: new Date().toISOString() });
  }

  @Get('manager/inventory_summary_for_manager_with_pagination')
  async byOffices(@Query(new ZodValidation(officeSummaryQuery)) query: z.output<typeof officeSummaryQuery>, @CurrentUser() user: AuthenticatedUser) {
    const { page, grand_totals } = await officeSummary(this.db, user.scope, { holder_id: query.office_id }, query);
    return { items: { ...page, current: page.current_page }, grand_totals };
  }

  @Get('manager/manager_inventory_summary_reports_export/office')
  async byOfficesExport(@Query(new ZodValidation(officeSummaryQuery)) query: z.output<typeof officeSummaryQuery>, @Query(new ZodValidation(exportFormatQuery)) format: ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(officeSummaryExport, format.format, user, { holder_id: query.office_id, sort_by: query.sort_by, sort: query.sort, as_of: new Date().toISOString() });
  }

  /** A clicked non-zero count: its devices as a file, through the export pipeline. */
  @Get('inventory/:holder/:id/:type')
  async countedDevices(@Param('holder') word: string, @Param(new ZodValidation(inventoryCountParams)) params: z.output<typeof inventoryCountParams>, @Query(new ZodValidation(exportFormatQuery)) format: ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const holder = holderOf(HOLDER_WORDS, word);
    return this.exports.start(countedDevicesExport, format.format, user, { holder, holder_id: params.id, type: params.type, as_of: new Date().toISOString() });
  }

  // ----- Aged inventory (doc 1 §2.13) -----

  @Get('aged_inventory_summary_reports/:kind')
  async aged(@Param('kind') kind: string, @Query(new ZodValidation(agedReportQuery)) query: AgedReportQuery, @CurrentUser() user: AuthenticatedUser): Promise<AgedAnswer> {
    const holder = holderOf(AGED_KINDS, kind);
    return agedInventory(this.db, user.scope, holder, { holder_id: agedHolderId(holder, query), filter: query.filter, period: query.period }, query);
  }

  @Get('aged_inventory_summary_reports_export/:kind')
  async agedExport(@Param('kind') kind: string, @Query(new ZodValidation(agedReportQuery)) query: AgedReportQuery, @Query(new ZodValidation(exportFormatQuery)) format: ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const holder = holderOf(AGED_KINDS, kind);
    return this.exports.start(AGED_EXPORTS[holder], format.format, user, {
      holder_id: agedHolderId(holder, query),
      filter: query.filter,
      period: query.period,
      sort_by: query.sort_by,
      sort: query.sort,
      as_of: new Date().toISOString(),
    });
  }

  @Get('aged/:kind/:id/:bucket/:Product_Type')
  async agedCell(
    @Param('kind') kind: string,
    @Param(new ZodValidation(agedCellParams)) params: z.output<typeof agedCellParams>,
    @Query(new ZodValidation(agedCellQuery)) query: z.output<typeof agedCellQuery>,
    @Query(new ZodValidation(exportFormatQuery)) format: ExportFormatQuery,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<ExportAnswer> {
    const holder = holderOf(HOLDER_WORDS, kind);
    return this.exports.start(agedCellExport, format.format, user, {
      holder,
      holder_id: params.id,
      bucket: params.bucket,
      product_type: params.Product_Type,
      period: query.period,
      as_of: new Date().toISOString(),
    });
  }
}
