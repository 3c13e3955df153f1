import { type ApiRoute, screenRoles } from '../platform/api-route';
import { ROLE } from '../platform/roles';
import { activationBody } from '../inventory/inventory.schemas';

const capability = 'sales';
/** Manager sales screens (salesreport, salesreportoffice, salesreportmanagers, salesreportmarkets, salesreportagent): roles 3, 11, 12 (doc 1 §2.1). */
const managerScreens = screenRoles(ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** agent-salesreport: role 2. */
const agentScreens = screenRoles(ROLE.AGENT);

const sales = 'doc 2 §7 Sales';

export const salesRoutes: readonly ApiRoute[] = [
  // Detailed Sales Report
  { method: 'GET', path: '/api/v1/manager/manager_sales_report', access: managerScreens, capability, planned: true,
    summary: 'Detailed Sales Report: activated devices in the caller\'s scope', spec: `${sales}; doc 2 §2 Detailed Sales Report` },
  { method: 'GET', path: '/api/v1/detailed_sales_export', access: managerScreens, capability, planned: true,
    summary: 'Export the Detailed Sales Report', spec: sales },

  // Sales summaries (Today, WTD, MTD, 7 days, 30 days)
  { method: 'GET', path: '/api/v1/manager/sales_by_agents', access: managerScreens, capability, planned: true,
    summary: 'Sales by agents: activations today, WTD, MTD, 7 and 30 days', spec: sales },
  { method: 'GET', path: '/api/v1/manager/sales_by_office', access: managerScreens, capability, planned: true,
    summary: 'Sales by offices (manager base list)', spec: sales },
  { method: 'GET', path: '/api/v1/sales_summary_reports/office', access: managerScreens, capability, planned: true,
    summary: 'Sales by offices: activations today, WTD, MTD, 7 and 30 days', spec: sales },
  { method: 'GET', path: '/api/v1/sales_summary_reports/manager', access: managerScreens, capability, planned: true,
    summary: 'Sales by managers: activations today, WTD, MTD, 7 and 30 days', spec: sales },
  { method: 'GET', path: '/api/v1/sales_summary_reports/ibo_marketer', access: managerScreens, capability, planned: true,
    summary: 'Sales by IBOs/markets: activations today, WTD, MTD, 7 and 30 days', spec: sales },
  { method: 'GET', path: '/api/v1/manager/manager_sales_summary_reports_export/agent', access: managerScreens, capability, planned: true,
    summary: 'Export sales by agents', spec: `${sales}; base read as /api/v1/manager/` },
  { method: 'GET', path: '/api/v1/manager/manager_sales_summary_reports_export/office', access: managerScreens, capability, planned: true,
    summary: 'Export sales by offices', spec: `${sales}; base read as /api/v1/manager/` },
  { method: 'GET', path: '/api/v1/sales_summary_reports_export/manager', access: managerScreens, capability, planned: true,
    summary: 'Export sales by managers', spec: `${sales}; base read as /api/v1/` },
  { method: 'GET', path: '/api/v1/sales_summary_reports_export/ibo_marketer', access: managerScreens, capability, planned: true,
    summary: 'Export sales by IBOs/markets', spec: `${sales}; base read as /api/v1/` },

  // Breakdown downloads: a clicked non-zero count; period is today, wtd, mtd, 7_day or 30_day
  { method: 'GET', path: '/api/v1/sales/agent/:id/:period', access: managerScreens, capability, planned: true,
    summary: 'Download the activations behind one count of sales by agents', spec: `${sales}, breakdown downloads` },
  { method: 'GET', path: '/api/v1/sales/office/:id/:period', access: managerScreens, capability, planned: true,
    summary: 'Download the activations behind one count of sales by offices', spec: `${sales}, breakdown downloads` },
  { method: 'GET', path: '/api/v1/sales/manager/:id/:period', access: managerScreens, capability, planned: true,
    summary: 'Download the activations behind one count of sales by managers', spec: `${sales}, breakdown downloads` },
  { method: 'GET', path: '/api/v1/sales/ibo/:id/:period', access: managerScreens, capability, planned: true,
    summary: 'Download the activations behind one count of sales by IBOs/markets', spec: `${sales}, breakdown downloads` },

  // Agent Sales Detailed Report (agent base)
  { method: 'GET', path: '/api/v1/agent/agent_sales_report', access: agentScreens, capability, planned: true,
    summary: 'The agent\'s own activated devices (agent-salesreport)', spec: 'doc 2 §7 Agent' },
  { method: 'GET', path: '/api/v1/agent/agent_sales_report_export', access: agentScreens, capability, planned: true,
    summary: 'Export the agent\'s own sales report', spec: 'doc 2 §7 Agent; base read as /api/v1/agent/' },

  // Upstream
  { method: 'POST', path: '/api/integration/v1/activations', success: 201, access: 'integration', capability,
    summary: 'Record a device activation (a sale) from the upstream carrier system', spec: 'doc 2 §1 sales (upstream call not shown; path is ours)', body: activationBody },
];
