import { type ApiRoute, screenRoles } from '../platform/api-route';
import { ROLE } from '../platform/roles';

const capability = 'dashboard';
/** The manager dashboard (/ and dashboard, summary): roles 3, 11, 12 (doc 1 §2.1). */
const managerScreens = screenRoles(ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** The agent dashboard (agent-dashboard, agent-summary): role 2. */
const agentScreens = screenRoles(ROLE.AGENT);

export const dashboardRoutes: readonly ApiRoute[] = [
  { method: 'GET', path: '/api/v1/dashboard_count', access: managerScreens, capability,
    summary: 'Manager dashboard count cards: devices per status in the caller\'s scope, SIM in stock and sold',
    spec: 'doc 1 §7 Dashboards; §2.4; spec writes it without /api/v1', aliases: ['/dashboard_count'] },
  { method: 'GET', path: '/api/v1/agent/agentdashboard', access: agentScreens, capability,
    summary: 'Agent dashboard tiles: in stock, agent pending, transfer, RMA, pending RMA, device swap',
    spec: 'doc 1 §7 Dashboards; §2.4 Agent dashboard' },
];
