import { type ApiRoute, screenRoles } from '../platform/api-route';
import { exportFormatQuery, exportQuery } from '../platform/export';
import { ROLE } from '../platform/roles';
import { activationBody } from '../inventory/inventory.schemas';
import {
  activationReversalBody,
  activationReversalParams,
  agentSalesQuery,
  detailedSalesQuery,
  salesBreakdownParams,
  salesByAgentsQuery,
  salesByIbosQuery,
  salesByManagersQuery,
  salesByOfficesQuery,
} from './sales.schemas';

const capability = 'sales';
/** Manager sales screens (salesreport, salesreportoffice, salesreportmanagers, salesreportmarkets, salesreportagent) and the sales dashboard (/, dashboard): roles 3, 11, 12 (doc 1 §2.1). */
const managerScreens = screenRoles(ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** agent-salesreport and agent-summary: role 2. */
const agentScreens = screenRoles(ROLE.AGENT);

const sales = 'doc 2 §7 Sales';
const breakdown = (level: string, summary: string): ApiRoute => ({
  method: 'GET', path: `/api/v1/sales/${level}/:id/:period`, access: managerScreens, capability, params: salesBreakdownParams, query: exportFormatQuery,
  summary: `Download the activations behind one count of sales by ${summary}`, spec: `${sales}, breakdown downloads`,
});

export const salesRoutes: readonly ApiRoute[] = [
  // Detailed Sales Report
  { method: 'GET', path: '/api/v1/manager/manager_sales_report', access: managerScreens, capability, query: detailedSalesQuery,
    summary: 'Detailed Sales Report: activations in the caller\'s scope over at most the last 31 days', spec: `${sales}; doc 2 §2 Detailed Sales Report` },
  { method: 'GET', path: '/api/v1/detailed_sales_export', access: managerScreens, capability, query: exportQuery(detailedSalesQuery),
    summary: 'Export the Detailed Sales Report', spec: sales },

  // Sales summaries (Today, WTD, MTD, 7 days, 30 days)
  { method: 'GET', path: '/api/v1/manager/sales_by_agents', access: managerScreens, capability, query: salesByAgentsQuery,
    summary: 'Sales by agents: activations today, WTD, MTD, 7 and 30 days', spec: sales },
  { method: 'GET', path: '/api/v1/manager/sales_by_office', access: managerScreens, capability, query: salesByOfficesQuery,
    summary: 'Sales by offices (manager base list; the same answer as sales_summary_reports/office)', spec: sales },
  { method: 'GET', path: '/api/v1/sales_summary_reports/office', access: managerScreens, capability, query: salesByOfficesQuery,
    summary: 'Sales by offices: activations today, WTD, MTD, 7 and 30 days', spec: sales },
  { method: 'GET', path: '/api/v1/sales_summary_reports/manager', access: managerScreens, capability, query: salesByManagersQuery,
    summary: 'Sales by managers: activations today, WTD, MTD, 7 and 30 days (an office with two managers counts for both)', spec: sales },
  { method: 'GET', path: '/api/v1/sales_summary_reports/ibo_marketer', access: managerScreens, capability, query: salesByIbosQuery,
    summary: 'Sales by IBOs/markets: activations today, WTD, MTD, 7 and 30 days', spec: sales },
  { method: 'GET', path: '/api/v1/manager/manager_sales_summary_reports_export/agent', access: managerScreens, capability, query: exportQuery(salesByAgentsQuery),
    summary: 'Export sales by agents', spec: `${sales}; base read as /api/v1/manager/` },
  { method: 'GET', path: '/api/v1/manager/manager_sales_summary_reports_export/office', access: managerScreens, capability, query: exportQuery(salesByOfficesQuery),
    summary: 'Export sales by offices', spec: `${sales}; base read as /api/v1/manager/` },
  { method: 'GET', path: '/api/v1/sales_summary_reports_export/manager', access: managerScreens, capability, query: exportQuery(salesByManagersQuery),
    summary: 'Export sales by managers', spec: `${sales}; base read as /api/v1/` },
  { method: 'GET', path: '/api/v1/sales_summary_reports_export/ibo_marketer', access: managerScreens, capability, query: exportQuery(salesByIbosQuery),
    summary: 'Export sales by IBOs/markets', spec: `${sales}; base read as /api/v1/` },

  // Breakdown downloads: a clicked non-zero count; period is today, wtd, mtd, 7_day or 30_day
  breakdown('agent', 'agents'),
  breakdown('office', 'offices'),
  breakdown('manager', 'managers'),
  breakdown('ibo', 'IBOs/markets'),

  // Agent Sales Detailed Report (agent base)
  { method: 'GET', path: '/api/v1/agent/agent_sales_report', access: agentScreens, capability, query: agentSalesQuery,
    summary: 'The agent\'s own activations over at most the last 31 days (agent-salesreport)', spec: 'doc 2 §7 Agent' },
  { method: 'GET', path: '/api/v1/agent/agent_sales_report_export', access: agentScreens, capability, query: exportQuery(agentSalesQuery),
    summary: 'Export the agent\'s own sales report', spec: 'doc 2 §7 Agent; base read as /api/v1/agent/' },

  // Sales dashboards (doc 1 §2.4)
  { method: 'GET', path: '/api/v1/manager_sales_dashboard', access: managerScreens, capability,
    summary: 'Manager sales dashboard: activations today/WTD/MTD/7/30 days, inventory aging bands and the 30-day activation trend',
    spec: 'doc 1 §7 Dashboards; §2.4 Sales/activation dashboard; spec writes it without /api/v1', aliases: ['/manager_sales_dashboard'] },
  { method: 'GET', path: '/api/v1/agent_sales_dashboard', access: agentScreens, capability,
    summary: 'Agent sales dashboard: the agent\'s own activation counts, aging of what they hold and their 30-day trend',
    spec: 'doc 1 §7 Dashboards; §4 Session (401 on the agent sales dashboard); spec writes it without /api/v1', aliases: ['/agent_sales_dashboard'] },

  // Upstream
  { method: 'POST', path: '/api/integration/v1/activations', success: 201, access: 'integration', capability,
    summary: 'Record a device activation (a sale) from the upstream carrier system', spec: 'doc 2 §1 sales (upstream call not shown; path is ours)', body: activationBody },
  { method: 'POST', path: '/api/integration/v1/activations/:imei/reversal', access: 'integration', capability, params: activationReversalParams, body: activationReversalBody,
    summary: 'Reverse an activation: the device returns to its status before the sale, and the sale leaves every count (ours)', spec: 'doc 2 §1 sales (reversal path and body are ours, issue 18)' },
];
