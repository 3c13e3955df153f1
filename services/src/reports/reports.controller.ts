import { DomainError } from '../platform/commands/command-errors';
import { Controller, HttpCode, Inject } from '@nestjs/common';
import {
  type AgedAnswer,
  type AsOf,
  type AgedReportQuery,
  type DetailedReportQuery,
  type ExportAnswer,
  type ExportFormatQuery,
  type LegacyQuery,
  type LegacyReportQuery,
  ROLE,
  agedCellParams,
  agedCellQuery,
  agentSummaryQuery,
  countDownloadQuery,
  iboSummaryQuery,
  inventoryCountParams,
  legacyReportBody,
  managerSummaryQuery,
  officeSummaryQuery,
  ownValue,
} from '@portal/contracts';
import {
  type Holder,
  type SqlDb,
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
import { FleetAsOf } from '../audit/fleet-as-of';
import { ExportStarter } from '../exports/export-starter';
import { RouteBody, RouteParams, RouteQuery, ServedPath, Serves } from '../platform/http/serves';
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
  if (Object.keys(problems).length > 0) throw new DomainError(Object.values(problems)[0]!, 400, problems);
}

/** The aged reports' path word for IBO/markets is ibo_marketer; the downloads' is ibo. */
const AGED_KINDS: Record<string, Holder> = { agent: 'agent', manager: 'manager', ibo_marketer: 'ibo', office: 'office' };
const HOLDER_WORDS: Record<string, Holder> = { agent: 'agent', manager: 'manager', ibo: 'ibo', office: 'office' };

function holderOf(words: Record<string, Holder>, word: string): Holder {
  const holder = ownValue(words, word);
  if (!holder) throw new DomainError(`Unknown report ${word}: one of ${Object.keys(words).join(', ')}`, 404);
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
@Controller()
export class ReportsController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly exports: ExportStarter,
    private readonly fleetAsOf: FleetAsOf,
  ) {}

  private get db() {
    return this.platform.database.db;
  }

  /**
   * Where a report reads: the live read model, or — with `as_of` (roles 1, 12, 15) — the fleet's
   * read model as of that moment, with the instant its ages count at (docs/AUDIT.md).
   */
  private async source(asOf: AsOf | undefined, user: AuthenticatedUser): Promise<{ db: SqlDb; asOf?: string }> {
    if (!asOf) return { db: this.db };
    const reader = await this.fleetAsOf.reader(asOf, user);
    return { db: reader.db, asOf: reader.moment };
  }

  /** An export's as-of read model (its file then matches the report read as of the same moment). */
  private async exportSource(asOf: AsOf | undefined, user: AuthenticatedUser): Promise<{ schema: string; moment: string } | undefined> {
    return asOf ? this.fleetAsOf.reader(asOf, user) : undefined;
  }

  // ----- Inventory Detailed Report (doc 1 §2.11) -----

  private checkedDetailed<Query extends DetailedReportQuery>(query: Query): Query {
    const today = businessDate(new Date());
    refuseFutureDates(query, ['date_range_start', 'date_range_end', 'activation_date_range_start', 'activation_date_range_end'], today);
    const earliest = addDays(today, -(ACTIVATION_WINDOW_DAYS - 1));
    if (query.activation_date_range_start && query.activation_date_range_start < earliest) {
      const message = `Activation dates can cover at most the last ${ACTIVATION_WINDOW_DAYS} days up to today`;
      throw new DomainError(message, 400, { activation_date_range_start: message });
    }
    return query;
  }

  @Serves('GET /api/v1/detailed_inventory_report')
  async detailedReport(@RouteQuery() query: DetailedReportQuery, @CurrentUser() user: AuthenticatedUser) {
    const { page, results, sort, sort_by, as_of, ...filters } = this.checkedDetailed(query);
    const source = await this.source(as_of, user);
    return { items: await detailedInventoryReport(source.db, user.scope, filters, { page, results, sort, sort_by, asOf: source.asOf }) };
  }

  @Serves('GET /api/v1/detailed_inventory_export')
  async detailedExport(@RouteQuery() query: DetailedReportQuery & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    // The file follows the screen: its filters and its sort.
    const { page: _page, results: _results, format, as_of, ...filters } = this.checkedDetailed(query);
    return this.exports.start(detailedExport, format, user, filters, await this.exportSource(as_of, user));
  }

  // ----- Legacy Data (doc 1 §2.12) -----

  private checkedLegacy<Query extends LegacyReportQuery>(query: Query): Query {
    refuseFutureDates(query, ['date_range_start', 'date_range_end', 'order_date_range_start', 'order_date_range_end', 'allocation_date_range_start', 'allocation_date_range_end'], businessDate(new Date()));
    return query;
  }

  private legacy(query: LegacyReportQuery, builder: LegacyQuery | undefined, user: AuthenticatedUser) {
    const { page, results, sort, sort_by, ...filters } = this.checkedLegacy(query);
    return legacyReport(this.db, user.scope, filters, builder, { page, results, sort, sort_by }, user.roles.includes(ROLE.SUPER_ADMIN));
  }

  @Serves('GET /api/v1/legacy_detailed_sales_report')
  async legacyFirstPage(@RouteQuery() query: LegacyReportQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await this.legacy(query, undefined, user) };
  }

  @Serves('POST /api/v1/legacy_detailed_sales_report')
  @HttpCode(200)
  async legacySearch(
    @RouteQuery() query: LegacyReportQuery,
    @RouteBody() body: z.output<typeof legacyReportBody>,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    return { items: await this.legacy(query, body.query_string, user) };
  }

  @Serves('POST /api/v1/legacy_detailed_sales_export')
  @HttpCode(200)
  async legacyExport(
    @RouteQuery() query: LegacyReportQuery & ExportFormatQuery,
    @RouteBody() body: z.output<typeof legacyReportBody>,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<ExportAnswer> {
    const { page: _page, results: _results, format, ...filters } = this.checkedLegacy(query);
    const definition = user.roles.includes(ROLE.SUPER_ADMIN) ? legacyExportWithRetailer : legacyExport;
    return this.exports.start(definition, format, user, { ...filters, query: body.query_string });
  }

  // ----- Inventory by managers / IBOs / agents / offices (doc 1 §2.10) -----

  @Serves('GET /api/v1/inventory_summary_reports/manager')
  async byManagers(@RouteQuery() query: z.output<typeof managerSummaryQuery>, @CurrentUser() user: AuthenticatedUser) {
    const source = await this.source(query.as_of, user);
    const { page, grand_totals } = await managerSummary(source.db, user.scope, { holder_id: query.manager_id, filter: query.filter }, { ...query, asOf: source.asOf });
    return { items: { ...page, current: page.current_page }, grand_totals };
  }

  @Serves('GET /api/v1/inventory_summary_reports_export/manager')
  async byManagersExport(@RouteQuery() query: z.output<typeof managerSummaryQuery> & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(managerSummaryExport, query.format, user, { holder_id: query.manager_id, filter: query.filter, sort_by: query.sort_by, sort: query.sort }, await this.exportSource(query.as_of, user));
  }

  @Serves('GET /api/v1/inventory_summary_reports/ibo_marketer')
  async byIbos(@RouteQuery() query: z.output<typeof iboSummaryQuery>, @CurrentUser() user: AuthenticatedUser) {
    const source = await this.source(query.as_of, user);
    const { page, grand_totals } = await iboSummary(source.db, user.scope, { holder_id: query.ibo_marketer_id, filter: query.filter }, { ...query, asOf: source.asOf });
    return { items: { ...page, current: page.current_page }, grand_totals };
  }

  @Serves('GET /api/v1/inventory_summary_reports_export/ibo_marketer')
  async byIbosExport(@RouteQuery() query: z.output<typeof iboSummaryQuery> & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(iboSummaryExport, query.format, user, { holder_id: query.ibo_marketer_id, filter: query.filter, sort_by: query.sort_by, sort: query.sort }, await this.exportSource(query.as_of, user));
  }

  @Serves('GET /api/v1/manager/agentlist_with_pagination')
  async byAgents(@RouteQuery() query: z.output<typeof agentSummaryQuery>, @CurrentUser() user: AuthenticatedUser) {
    const source = await this.source(query.as_of, user);
    const { page, grand_totals } = await agentSummary(source.db, user.scope, { holder_id: query.agent_id, office_id: query.office_id }, { ...query, asOf: source.asOf });
    return { items: { ...page, current: page.current_page }, grand_totals };
  }

  @Serves('GET /api/v1/manager/manager_inventory_summary_reports_export/agent')
  async byAgentsExport(@RouteQuery() query: z.output<typeof agentSummaryQuery> & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(agentSummaryExport, query.format, user, { holder_id: query.agent_id, office_id: query.office_id, sort_by: query.sort_by, sort: query.sort }, await this.exportSource(query.as_of, user));
  }

  @Serves('GET /api/v1/manager/inventory_summary_for_manager_with_pagination')
  async byOffices(@RouteQuery() query: z.output<typeof officeSummaryQuery>, @CurrentUser() user: AuthenticatedUser) {
    const source = await this.source(query.as_of, user);
    const { page, grand_totals } = await officeSummary(source.db, user.scope, { holder_id: query.office_id }, { ...query, asOf: source.asOf });
    return { items: { ...page, current: page.current_page }, grand_totals };
  }

  @Serves('GET /api/v1/manager/manager_inventory_summary_reports_export/office')
  async byOfficesExport(@RouteQuery() query: z.output<typeof officeSummaryQuery> & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(officeSummaryExport, query.format, user, { holder_id: query.office_id, sort_by: query.sort_by, sort: query.sort }, await this.exportSource(query.as_of, user));
  }

  /** A clicked non-zero count: its devices as a file, through the export pipeline. */
  @Serves('GET /api/v1/inventory/manager/:id/:type', 'GET /api/v1/inventory/ibo/:id/:type', 'GET /api/v1/inventory/agent/:id/:type', 'GET /api/v1/inventory/office/:id/:type')
  async countedDevices(@ServedPath() path: string, @RouteParams() params: z.output<typeof inventoryCountParams>, @RouteQuery() query: z.output<typeof countDownloadQuery> & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const holder = holderOf(HOLDER_WORDS, path.split('/')[4]!);
    return this.exports.start(countedDevicesExport, query.format, user, { holder, holder_id: params.id, type: params.type }, await this.exportSource(query.as_of, user));
  }

  // ----- Aged inventory (doc 1 §2.13) -----

  @Serves('GET /api/v1/aged_inventory_summary_reports/agent', 'GET /api/v1/aged_inventory_summary_reports/manager', 'GET /api/v1/aged_inventory_summary_reports/ibo_marketer', 'GET /api/v1/aged_inventory_summary_reports/office')
  async aged(@ServedPath() path: string, @RouteQuery() query: AgedReportQuery, @CurrentUser() user: AuthenticatedUser): Promise<AgedAnswer> {
    const holder = holderOf(AGED_KINDS, path.split('/')[4]!);
    const source = await this.source(query.as_of, user);
    return agedInventory(source.db, user.scope, holder, { holder_id: agedHolderId(holder, query), filter: query.filter, period: query.period }, { ...query, asOf: source.asOf });
  }

  @Serves('GET /api/v1/aged_inventory_summary_reports_export/agent', 'GET /api/v1/aged_inventory_summary_reports_export/manager', 'GET /api/v1/aged_inventory_summary_reports_export/ibo_marketer', 'GET /api/v1/aged_inventory_summary_reports_export/office')
  async agedExport(@ServedPath() path: string, @RouteQuery() query: AgedReportQuery & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const holder = holderOf(AGED_KINDS, path.split('/')[4]!);
    return this.exports.start(AGED_EXPORTS[holder], query.format, user, {
      holder_id: agedHolderId(holder, query),
      filter: query.filter,
      period: query.period,
      sort_by: query.sort_by,
      sort: query.sort,
    }, await this.exportSource(query.as_of, user));
  }

  @Serves('GET /api/v1/aged/agent/:id/:bucket/:Product_Type', 'GET /api/v1/aged/manager/:id/:bucket/:Product_Type', 'GET /api/v1/aged/ibo/:id/:bucket/:Product_Type', 'GET /api/v1/aged/office/:id/:bucket/:Product_Type')
  async agedCell(
    @ServedPath() path: string,
    @RouteParams() params: z.output<typeof agedCellParams>,
    @RouteQuery() query: z.output<typeof agedCellQuery> & ExportFormatQuery,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<ExportAnswer> {
    const holder = holderOf(HOLDER_WORDS, path.split('/')[4]!);
    return this.exports.start(agedCellExport, query.format, user, {
      holder,
      holder_id: params.id,
      bucket: params.bucket,
      product_type: params.Product_Type,
      period: query.period,
    }, await this.exportSource(query.as_of, user));
  }
}
