import { officeTermQuery, termQuery, userLookupParams } from './reference.schemas';
import { type ApiRoute, screenRoles } from '../platform/api-route';
import { ROLE } from '../platform/roles';

const capability = 'reference';
/** Lists read by manager screens only (roles 3, 11, 12; doc 1 §2.1, doc 3 §2). */
const managerScreens = screenRoles(ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** Lists read only by the administration screens of roles 11 and 12 (user and office forms, doc 3 §2). */
const administrationScreens = screenRoles(ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** Lists the agent screens read too: agent-Initiaterma (office search, status filter, reasons) and agent-allrmareport (status filter), doc 2 §2. */
const managerAndAgentScreens = screenRoles(ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);

const doc1 = 'doc 1 §7 Reports and reference';

export const referenceRoutes: readonly ApiRoute[] = [
  // Inventory (doc 1)
  { method: 'GET', path: '/api/v1/reference/assign_source', access: managerScreens, capability,
    summary: 'Receive job sources (Receive Inventory source filter)', spec: `${doc1}; doc 1 §2.5` },
  { method: 'GET', path: '/api/v1/reference/inventory_status', access: managerAndAgentScreens, capability,
    summary: 'Inventory status names (report status groups, Reassign and Initiate RMA status filters)', spec: `${doc1}; doc 2 §4 Initiate RMA status filter` },
  { method: 'GET', path: '/api/v1/reference/device_type', access: managerScreens, capability,
    summary: 'Device types (phone, tablet, SIM, ...)', spec: doc1 },
  { method: 'GET', path: '/api/v1/reference/offices', access: managerAndAgentScreens, capability,
    summary: 'Offices in the caller\'s scope, optionally matching a typed term, optionally of one IBO/market (ours: the user and office forms)', spec: `${doc1}; doc 2 §7 Sales lookups; doc 3 §7 Users`, query: officeTermQuery },
  { method: 'GET', path: '/api/v1/reference/ibo_marketers', access: managerScreens, capability,
    summary: 'IBOs/markets in the caller\'s scope', spec: `${doc1}; doc 3 §7 IBOs/Markets` },
  { method: 'GET', path: '/api/v1/reference/retailers', access: managerScreens, capability,
    summary: 'Retailers (report retailer filter, IBO/market and user forms)', spec: doc1 },
  { method: 'GET', path: '/api/v1/reference/distributors', access: administrationScreens, capability,
    summary: 'Distributors (user forms)', spec: `${doc1}; doc 3 §2 Add and Edit User` },
  { method: 'GET', path: '/api/v1/reference/master_agents', access: administrationScreens, capability,
    summary: 'Master agents (user forms)', spec: `${doc1}; doc 3 §2 Add and Edit User` },
  { method: 'GET', path: '/api/v1/reference/short_us_states', access: managerScreens, capability,
    summary: 'US states, short name and name (order, RMA shipping and user forms)', spec: `${doc1}; doc 2 §7 Orders (states list)` },
  { method: 'GET', path: '/api/v1/reference/genders', access: administrationScreens, capability,
    summary: 'Genders for Add and Edit User (ours: the spec names the field, not its list)', spec: `${doc1}; doc 3 §2 Add and Edit User` },
  { method: 'GET', path: '/api/v1/reference/agent_status', access: managerScreens, capability,
    summary: 'Agent statuses (Agent Summary status filter)', spec: doc1 },

  // RMA and orders (doc 2)
  { method: 'GET', path: '/api/v1/reference/rma_reasons', access: managerAndAgentScreens, capability,
    summary: 'RMA reasons (Reason 1 and Reason 2 of Initiate RMA)', spec: 'doc 2 §7 RMA (manager)' },
  { method: 'GET', path: '/api/v1/reference/rma_device_status', access: managerAndAgentScreens, capability,
    summary: 'RMA request statuses (RMA Status filters)', spec: 'doc 2 §7 RMA (manager)' },
  { method: 'GET', path: '/api/v1/reference/rma_order_status', access: managerScreens, capability,
    summary: 'RMA order statuses (RMA Status of orders)', spec: 'doc 2 §7 RMA (manager)' },
  { method: 'GET', path: '/api/v1/reference/inventory_order_status', access: managerScreens, capability,
    summary: 'Device order statuses', spec: 'doc 2 §7 Orders' },
  { method: 'GET', path: '/api/v1/reference/inventory_order_approval_status', access: managerScreens, capability,
    summary: 'Device order approval statuses', spec: 'doc 2 §7 Orders' },

  // Onboarding and administration (doc 3)
  { method: 'GET', path: '/api/v1/reference/onboarding_source', access: managerScreens, capability,
    summary: 'Onboarding sources (Onboarding Summary filter)', spec: 'doc 3 §7 Onboarding' },
  { method: 'GET', path: '/api/v1/reference/onboarding_status_dropdown', access: managerScreens, capability,
    summary: 'Onboarding stages (Onboarding Summary status filter)', spec: 'doc 3 §7 Onboarding' },
  { method: 'GET', path: '/api/v1/reference/onboarding_status_for_custom_email', access: managerScreens, capability,
    summary: 'Onboarding statuses a custom e-mail can be about', spec: 'doc 3 §7 Onboarding' },
  { method: 'GET', path: '/api/v1/reference/office_lifeline', access: administrationScreens, capability,
    summary: 'Offices matching a typed term, for the administration screens', spec: 'doc 3 §7 Users', query: termQuery },
  { method: 'GET', path: '/api/v1/reference/office_sort_keys', access: administrationScreens, capability,
    summary: 'Sort keys of the Office list', spec: 'doc 3 §7 Offices' },
  { method: 'GET', path: '/api/v1/reference/us_states_lifeline', access: administrationScreens, capability,
    summary: 'US states an office can be created in (Add Office)', spec: 'doc 3 §7 Offices' },

  // Other lookups
  { method: 'GET', path: '/api/v1/roles', access: managerScreens, capability,
    summary: 'Roles with their level (role filters and pickers)', spec: `${doc1}; doc 3 §3 Reference lists` },
  { method: 'GET', path: '/api/v1/userlist_based_on_role/:role', access: managerScreens, capability,
    summary: 'Users holding one role (agent, office_manager, office_supervisor, ibo_manager, ibo_supervisor), optionally matching a term, optionally of one IBO/market\'s retailer (ours: the office form\'s manager pickers)', spec: `${doc1}; doc 2 §7 Sales lookups; doc 3 §7 Users`, params: userLookupParams, query: officeTermQuery },
  { method: 'GET', path: '/api/v1/office_based_on_retailer', access: managerScreens, capability,
    summary: 'Offices of the caller\'s retailer matching a typed term', spec: `${doc1}; doc 2 §7 Sales lookups; doc 3 §7 Users`, query: termQuery },
  { method: 'GET', path: '/api/v1/rad_pii_issue_status', access: managerScreens, capability,
    summary: 'RAD PII issue statuses (onboarding candidates)', spec: 'doc 3 §7 Onboarding' },
];
