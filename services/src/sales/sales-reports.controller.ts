import { Controller, Inject } from '@nestjs/common';
import {
  type AgentSalesQuery,
  type DetailedSalesQuery,
  type ExportAnswer,
  type ExportFormatQuery,
  type SalesDashboard,
  type SalesPathWord,
  detailedSalesShowsIbo,
  ownValue,
  salesBreakdownParams,
  salesByAgentsQuery,
  salesByIbosQuery,
  salesByManagersQuery,
  salesByOfficesQuery,
  salesPeriodOfPathWord,
  salesReportRange,
} from '@portal/contracts';
import {
  type Holder,
  agentSalesChoice,
  agentSalesReport,
  businessDate,
  detailedSalesChoice,
  detailedSalesReport,
  inventoryAging,
  salesByAgents,
  salesByIbos,
  salesByManagers,
  salesByOffices,
  salesDashboardFigures,
} from '@portal/projections';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../auth/auth.service';
import { CurrentUser } from '../auth/current-user';
import { DomainError } from '../platform/commands/command-errors';
import { ExportStarter } from '../exports/export-starter';
import { RouteParams, RouteQuery, ServedPath, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import {
  agentSalesExport,
  detailedSalesExport,
  salesBreakdownExport,
  salesByAgentsExport,
  salesByIbosExport,
  salesByManagersExport,
  salesByOfficesExport,
} from './sales-exports';

const today = () => businessDate(new Date());

/** The activation range of a detailed or agent report: the last 31 days up to today at most (doc 2 §5), refused in words by field. */
function checkedRange(query: { start_date?: string; end_date?: string }) {
  const checked = salesReportRange(query, today());
  if ('field' in checked) throw new DomainError(checked.message, 400, { [checked.field]: checked.message });
  return checked.range;
}

/** Ours, beside `items`: the activation dates the list covers and the business's today, so a screen shows the range it got. */
const rangeAnswer = (range: { start: string; end: string }) => ({ range: { start_date: range.start, end_date: range.end }, as_of_date: today() });

const BREAKDOWN_HOLDERS: Record<string, Holder> = { agent: 'agent', office: 'office', manager: 'manager', ibo: 'ibo' };

type SummaryQuery = z.output<typeof salesByOfficesQuery> & { manager_id?: string; ibo_marketer_id?: string; agent_id?: string };
const paging = (query: SummaryQuery) => ({ page: query.page, results: query.results, sort_by: query.sort_by, sort: query.sort, today: today() });
const summaryAnswer = <Row>({ page, grand_totals }: { page: { data: readonly Row[]; total: number; current_page: number }; grand_totals: unknown }) => ({ items: { ...page, current: page.current_page }, grand_totals });

/**
 * Sales over HTTP (doc 2 §2, §7 "Sales"; doc 1 §2.4 dashboards): thin — validate, query in the
 * caller's scope, answer the spec's shapes; files go through the one export pipeline.
 */
@Controller()
export class SalesReportsController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly exports: ExportStarter,
  ) {}

  private get db() {
    return this.platform.database.db;
  }

  // ----- Detailed Sales Report -----

  @Serves('GET /api/v1/manager/manager_sales_report')
  async detailed(@RouteQuery() query: DetailedSalesQuery, @CurrentUser() user: AuthenticatedUser) {
    const range = checkedRange(query);
    const filters = { ...query, ibo_marketer_id: detailedSalesShowsIbo(user.roles) ? query.ibo_marketer_id : undefined };
    return { items: await detailedSalesReport(this.db, detailedSalesChoice(user.scope, filters, range), query), ...rangeAnswer(range) };
  }

  @Serves('GET /api/v1/detailed_sales_export')
  async detailedExport(@RouteQuery() query: DetailedSalesQuery & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const range = checkedRange(query);
    const withIbo = detailedSalesShowsIbo(user.roles);
    return this.exports.start(detailedSalesExport, query.format, user, {
      with_ibo: withIbo,
      keyword: query.keyword,
      office_id: query.office_id,
      ibo_marketer_id: withIbo ? query.ibo_marketer_id : undefined,
      range,
      sort_by: query.sort_by,
      sort: query.sort,
    });
  }

  // ----- Summaries -----

  @Serves('GET /api/v1/manager/sales_by_agents')
  async byAgents(@RouteQuery() query: z.output<typeof salesByAgentsQuery>, @CurrentUser() user: AuthenticatedUser) {
    return summaryAnswer(await salesByAgents(this.db, user.scope, { holder_id: query.agent_id, office_id: query.office_id }, paging(query)));
  }

  @Serves('GET /api/v1/manager/sales_by_office', 'GET /api/v1/sales_summary_reports/office')
  async byOffices(@RouteQuery() query: z.output<typeof salesByOfficesQuery>, @CurrentUser() user: AuthenticatedUser) {
    return summaryAnswer(await salesByOffices(this.db, user.scope, { holder_id: query.office_id, filter: query.filter }, paging(query)));
  }

  @Serves('GET /api/v1/sales_summary_reports/manager')
  async byManagers(@RouteQuery() query: z.output<typeof salesByManagersQuery>, @CurrentUser() user: AuthenticatedUser) {
    return summaryAnswer(await salesByManagers(this.db, user.scope, { holder_id: query.manager_id, filter: query.filter }, paging(query)));
  }

  @Serves('GET /api/v1/sales_summary_reports/ibo_marketer')
  async byIbos(@RouteQuery() query: z.output<typeof salesByIbosQuery>, @CurrentUser() user: AuthenticatedUser) {
    return summaryAnswer(await salesByIbos(this.db, user.scope, { holder_id: query.ibo_marketer_id, filter: query.filter }, paging(query)));
  }

  @Serves('GET /api/v1/manager/manager_sales_summary_reports_export/agent')
  async byAgentsExport(@RouteQuery() query: z.output<typeof salesByAgentsQuery> & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(salesByAgentsExport, query.format, user, { holder_id: query.agent_id, office_id: query.office_id, sort_by: query.sort_by, sort: query.sort });
  }

  @Serves('GET /api/v1/manager/manager_sales_summary_reports_export/office')
  async byOfficesExport(@RouteQuery() query: z.output<typeof salesByOfficesQuery> & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(salesByOfficesExport, query.format, user, { holder_id: query.office_id, filter: query.filter, sort_by: query.sort_by, sort: query.sort });
  }

  @Serves('GET /api/v1/sales_summary_reports_export/manager')
  async byManagersExport(@RouteQuery() query: z.output<typeof salesByManagersQuery> & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(salesByManagersExport, query.format, user, { holder_id: query.manager_id, filter: query.filter, sort_by: query.sort_by, sort: query.sort });
  }

  @Serves('GET /api/v1/sales_summary_reports_export/ibo_marketer')
  async byIbosExport(@RouteQuery() query: z.output<typeof salesByIbosQuery> & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(salesByIbosExport, query.format, user, { holder_id: query.ibo_marketer_id, filter: query.filter, sort_by: query.sort_by, sort: query.sort });
  }

  /** A clicked non-zero count: its sales as a file (the detailed report's columns), through the export pipeline. */
  @Serves('GET /api/v1/sales/agent/:id/:period', 'GET /api/v1/sales/office/:id/:period', 'GET /api/v1/sales/manager/:id/:period', 'GET /api/v1/sales/ibo/:id/:period')
  async breakdown(@ServedPath() path: string, @RouteParams() params: z.output<typeof salesBreakdownParams>, @RouteQuery() query: ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const holder = ownValue(BREAKDOWN_HOLDERS, path.split('/')[4]!)!;
    return this.exports.start(salesBreakdownExport, query.format, user, {
      with_ibo: detailedSalesShowsIbo(user.roles),
      holder,
      holder_id: params.id,
      period: salesPeriodOfPathWord(params.period as SalesPathWord),
    });
  }

  // ----- Agent Sales Detailed Report -----

  @Serves('GET /api/v1/agent/agent_sales_report')
  async agentReport(@RouteQuery() query: AgentSalesQuery, @CurrentUser() user: AuthenticatedUser) {
    const range = checkedRange(query);
    return { items: await agentSalesReport(this.db, agentSalesChoice(user.user_id, query, range), query), ...rangeAnswer(range) };
  }

  @Serves('GET /api/v1/agent/agent_sales_report_export')
  async agentReportExport(@RouteQuery() query: AgentSalesQuery & ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const range = checkedRange(query);
    return this.exports.start(agentSalesExport, query.format, user, { agent_id: user.user_id, keyword: query.keyword, range, sort_by: query.sort_by, sort: query.sort });
  }

  // ----- Dashboards (doc 1 §2.4) -----

  @Serves('GET /api/v1/manager_sales_dashboard')
  async managerDashboard(@CurrentUser() user: AuthenticatedUser): Promise<{ data: { data: SalesDashboard } }> {
    return { data: { data: await this.dashboard({ scope: user.scope }) } };
  }

  @Serves('GET /api/v1/agent_sales_dashboard')
  async agentDashboard(@CurrentUser() user: AuthenticatedUser): Promise<{ data: { data: SalesDashboard } }> {
    return { data: { data: await this.dashboard({ agentId: user.user_id }) } };
  }

  private async dashboard(owner: { scope: AuthenticatedUser['scope'] } | { agentId: string }): Promise<SalesDashboard> {
    const day = today();
    const [sales, inventory_aging] = await Promise.all([salesDashboardFigures(this.db, owner, day), inventoryAging(this.db, owner, undefined)]);
    return { ...sales, inventory_aging, as_of_date: day };
  }
}
