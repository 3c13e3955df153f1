import { type ApiRoute, screenRoles } from '../platform/api-route';
import { exportQuery } from '../platform/export';
import { ROLE } from '../platform/roles';
import {
  agedCellParams,
  agedCellQuery,
  agedReportQuery,
  agentSummaryQuery,
  countDownloadQuery,
  detailedReportQuery,
  iboSummaryQuery,
  inventoryCountParams,
  legacyReportBody,
  legacyReportQuery,
  managerSummaryQuery,
  officeSummaryQuery,
} from './reports.schemas';

const capability = 'reports';
/** Manager report screens (InventoryDetailedReport, LegacyData, InventoryByIbo, InventoryByManager, Agent, Office, agedbyagent, agedbymanager, agedinventoryoffice): roles 3, 11, 12 (doc 1 §2.1). Menu entries hidden per role (doc 1 §6) stay reachable (DESIGN.md §11). */
const managerScreens = screenRoles(ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** agedinventorymarket: roles 11 and 12 only (doc 1 §2.1). */
const iboManagerScreens = screenRoles(ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);

const managerBase = 'doc 1 §7 Inventory, manager base';
const reports = 'doc 1 §7 Reports and reference';

/** Inventory reports and aging (doc 1 §2.10-§2.13). */
export const reportsRoutes: readonly ApiRoute[] = [
  // By agents, by offices (doc 1 §2.10; manager base)
  { method: 'GET', path: '/api/v1/manager/agentlist_with_pagination', access: managerScreens, capability,
    summary: 'Inventory by agents: assigned, pending, sold in 30 days per agent', spec: `${managerBase}; doc 1 §2.10`, query: agentSummaryQuery },
  { method: 'GET', path: '/api/v1/manager/inventory_summary_for_manager_with_pagination', access: managerScreens, capability,
    summary: 'Inventory by offices: in stock, manager pending, sold in 30 days per office', spec: `${managerBase}; doc 1 §2.10`, query: officeSummaryQuery },
  { method: 'GET', path: '/api/v1/manager/manager_inventory_summary_reports_export/agent', access: managerScreens, capability,
    summary: 'Export inventory by agents', spec: `${managerBase}; doc 1 §2.10`, query: exportQuery(agentSummaryQuery) },
  { method: 'GET', path: '/api/v1/manager/manager_inventory_summary_reports_export/office', access: managerScreens, capability,
    summary: 'Export inventory by offices', spec: `${managerBase}; doc 1 §2.10`, query: exportQuery(officeSummaryQuery) },
  // Detailed, legacy and summary reports (doc 1 §2.10-§2.12)
  { method: 'GET', path: '/api/v1/detailed_inventory_report', access: managerScreens, capability,
    summary: 'Inventory Detailed Report: paged device rows with many filters', spec: `${reports}; doc 1 §2.11`, query: detailedReportQuery },
  { method: 'GET', path: '/api/v1/detailed_inventory_export', access: managerScreens, capability,
    summary: 'Export the Inventory Detailed Report', spec: `${reports}; doc 1 §2.11`, query: exportQuery(detailedReportQuery) },
  { method: 'GET', path: '/api/v1/legacy_detailed_sales_report', access: managerScreens, capability,
    summary: 'Legacy Data: first page on load', spec: `${reports}; doc 1 §2.12`, query: legacyReportQuery },
  { method: 'POST', path: '/api/v1/legacy_detailed_sales_report', access: managerScreens, capability,
    summary: 'Legacy Data search, with the advanced query builder in the body', spec: `${reports}; doc 1 §2.12`, query: legacyReportQuery, body: legacyReportBody },
  { method: 'POST', path: '/api/v1/legacy_detailed_sales_export', access: managerScreens, capability,
    summary: 'Export Legacy Data', spec: `${reports}; doc 1 §2.12`, query: exportQuery(legacyReportQuery), body: legacyReportBody },
  { method: 'GET', path: '/api/v1/inventory_summary_reports/manager', access: managerScreens, capability,
    summary: 'Inventory by managers, with grand totals', spec: `${reports}; doc 1 §2.10`, query: managerSummaryQuery },
  { method: 'GET', path: '/api/v1/inventory_summary_reports/ibo_marketer', access: managerScreens, capability,
    summary: 'Inventory by IBOs/markets, with grand totals', spec: `${reports}; doc 1 §2.10`, query: iboSummaryQuery },
  { method: 'GET', path: '/api/v1/inventory_summary_reports_export/manager', access: managerScreens, capability,
    summary: 'Export inventory by managers', spec: `${reports}; doc 1 §2.10`, query: exportQuery(managerSummaryQuery) },
  { method: 'GET', path: '/api/v1/inventory_summary_reports_export/ibo_marketer', access: managerScreens, capability,
    summary: 'Export inventory by IBOs/markets', spec: `${reports}; doc 1 §2.10`, query: exportQuery(iboSummaryQuery) },

  // Download by count: a clicked non-zero cell of the by-* reports (doc 1 §2.10)
  { method: 'GET', path: '/api/v1/inventory/manager/:id/:type', access: managerScreens, capability,
    summary: 'Download the devices behind one count of the by-managers report', spec: `${reports}, download by count`, params: inventoryCountParams, query: exportQuery(countDownloadQuery) },
  { method: 'GET', path: '/api/v1/inventory/ibo/:id/:type', access: managerScreens, capability,
    summary: 'Download the devices behind one count of the by-IBOs/markets report', spec: `${reports}, download by count`, params: inventoryCountParams, query: exportQuery(countDownloadQuery) },
  { method: 'GET', path: '/api/v1/inventory/agent/:id/:type', access: managerScreens, capability,
    summary: 'Download the devices behind one count of the by-agents report', spec: `${reports}, download by count`, params: inventoryCountParams, query: exportQuery(countDownloadQuery) },
  { method: 'GET', path: '/api/v1/inventory/office/:id/:type', access: managerScreens, capability,
    summary: 'Download the devices behind one count of the by-offices report', spec: `${reports}, download by count`, params: inventoryCountParams, query: exportQuery(countDownloadQuery) },

  // Aged inventory (doc 1 §2.13), one route per variant; by-IBO is reached only from agedinventorymarket (roles 11, 12)
  { method: 'GET', path: '/api/v1/aged_inventory_summary_reports/agent', access: managerScreens, capability,
    summary: 'Aged inventory by agents: in-stock devices per age band (agedbyagent)', spec: `${reports}; doc 1 §2.13`, query: agedReportQuery('agent') },
  { method: 'GET', path: '/api/v1/aged_inventory_summary_reports_export/agent', access: managerScreens, capability,
    summary: 'Export aged inventory by agents (agedbyagent)', spec: `${reports}; doc 1 §2.13`, query: exportQuery(agedReportQuery('agent')) },
  { method: 'GET', path: '/api/v1/aged/agent/:id/:bucket/:Product_Type', access: managerScreens, capability,
    summary: 'Download the devices behind one aged-inventory cell by agents (agedbyagent)', spec: `${reports}; doc 1 §2.13`, params: agedCellParams, query: exportQuery(agedCellQuery) },
  { method: 'GET', path: '/api/v1/aged_inventory_summary_reports/manager', access: managerScreens, capability,
    summary: 'Aged inventory by managers: in-stock devices per age band (agedbymanager)', spec: `${reports}; doc 1 §2.13`, query: agedReportQuery('manager') },
  { method: 'GET', path: '/api/v1/aged_inventory_summary_reports_export/manager', access: managerScreens, capability,
    summary: 'Export aged inventory by managers (agedbymanager)', spec: `${reports}; doc 1 §2.13`, query: exportQuery(agedReportQuery('manager')) },
  { method: 'GET', path: '/api/v1/aged/manager/:id/:bucket/:Product_Type', access: managerScreens, capability,
    summary: 'Download the devices behind one aged-inventory cell by managers (agedbymanager)', spec: `${reports}; doc 1 §2.13`, params: agedCellParams, query: exportQuery(agedCellQuery) },
  { method: 'GET', path: '/api/v1/aged_inventory_summary_reports/ibo_marketer', access: iboManagerScreens, capability,
    summary: 'Aged inventory by IBOs/markets: in-stock devices per age band (agedinventorymarket)', spec: `${reports}; doc 1 §2.13`, query: agedReportQuery('ibo') },
  { method: 'GET', path: '/api/v1/aged_inventory_summary_reports_export/ibo_marketer', access: iboManagerScreens, capability,
    summary: 'Export aged inventory by IBOs/markets (agedinventorymarket)', spec: `${reports}; doc 1 §2.13`, query: exportQuery(agedReportQuery('ibo')) },
  { method: 'GET', path: '/api/v1/aged/ibo/:id/:bucket/:Product_Type', access: iboManagerScreens, capability,
    summary: 'Download the devices behind one aged-inventory cell by IBOs/markets (agedinventorymarket)', spec: `${reports}; doc 1 §2.13`, params: agedCellParams, query: exportQuery(agedCellQuery) },
  { method: 'GET', path: '/api/v1/aged_inventory_summary_reports/office', access: managerScreens, capability,
    summary: 'Aged inventory by offices: in-stock devices per age band (agedinventoryoffice)', spec: `${reports}; doc 1 §2.13`, query: agedReportQuery('office') },
  { method: 'GET', path: '/api/v1/aged_inventory_summary_reports_export/office', access: managerScreens, capability,
    summary: 'Export aged inventory by offices (agedinventoryoffice)', spec: `${reports}; doc 1 §2.13`, query: exportQuery(agedReportQuery('office')) },
  { method: 'GET', path: '/api/v1/aged/office/:id/:bucket/:Product_Type', access: managerScreens, capability,
    summary: 'Download the devices behind one aged-inventory cell by offices (agedinventoryoffice)', spec: `${reports}; doc 1 §2.13`, params: agedCellParams, query: exportQuery(agedCellQuery) },

];
