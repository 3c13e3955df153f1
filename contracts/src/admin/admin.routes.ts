import { officeListQuery } from '../reference/reference.schemas';
import {
  addMarketBody,
  addOfficeBody,
  addUserBody,
  changeOfficeBody,
  editMarketBody,
  editOfficeBody,
  editUserBody,
  marketIdParams,
  marketListQuery,
  officeIdParams,
  unitStatusBody,
  userIdParams,
  userListQuery,
} from './admin.schemas';
import { type ApiRoute, screenRoles } from '../platform/api-route';
import { exportQuery } from '../platform/export';
import { ROLE, type RoleId } from '../platform/roles';

const capability = 'admin';
/** Manager screens of doc 1 that read the office list (doc 1 §7 Reference names GET /api/v1/offices): roles 3, 11, 12. */
const managerScreens = screenRoles(ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** employee, editemployee, offices, editoffice, addoffice: roles 11 and 12 only (doc 3 §2). */
const administrationScreens = screenRoles(ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** Edit Office's and the Office list's actions: roles 11 and 12 — the super role "cannot edit or act on offices" (doc 3 §6). */
const officeActions: readonly RoleId[] = [ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER];
/** addemployee, marketers, addmarketers, editmarketers: role 12 only (doc 3 §2). */
const retailerAdministrationScreens = screenRoles(ROLE.RETAILER_MANAGER);

const users = 'doc 3 §7 Users';
const markets = 'doc 3 §7 IBOs/Markets';
const offices = 'doc 3 §7 Offices';

export const adminRoutes: readonly ApiRoute[] = [
  // Users
  { method: 'GET', path: '/api/v1/users', access: administrationScreens, capability,
    summary: 'Users list, paged and filtered', spec: users, query: userListQuery },
  { method: 'POST', path: '/api/v1/users', access: retailerAdministrationScreens, capability,
    summary: 'Create a user (Add User); they choose their password from an e-mailed link', spec: `${users}; doc 3 §5 Add/Edit User`, body: addUserBody },
  { method: 'POST', path: '/api/v1/users/:id', access: administrationScreens, capability,
    summary: 'Edit a user (Edit User; the client sends _method PUT)', spec: `${users}; doc 3 §5 Add/Edit User`, params: userIdParams, body: editUserBody },
  { method: 'GET', path: '/api/v1/user_export', access: administrationScreens, capability,
    summary: 'Export the users list', spec: users, query: exportQuery(userListQuery) },
  { method: 'POST', path: '/api/v1/change_office', access: administrationScreens, capability,
    summary: 'Move an agent to another office (Agent Office Transfer)', spec: `${users}; doc 3 §5 Office transfer`, body: changeOfficeBody },

  // IBOs/Markets
  { method: 'GET', path: '/api/v1/ibo_marketers', access: retailerAdministrationScreens, capability,
    summary: 'IBOs/markets list, paged and filtered', spec: markets, query: marketListQuery },
  { method: 'POST', path: '/api/v1/ibo_marketers', access: retailerAdministrationScreens, capability,
    summary: 'Create an IBO/market', spec: `${markets}; doc 3 §5 Add/Edit IBO/Market`, body: addMarketBody },
  { method: 'POST', path: '/api/v1/ibo_marketers/:id', access: retailerAdministrationScreens, capability,
    summary: 'Edit an IBO/market and its managers (the client sends _method PUT)', spec: `${markets}; doc 3 §5 Add/Edit IBO/Market`, params: marketIdParams, body: editMarketBody },
  { method: 'POST', path: '/api/v1/ibo_marketers/action/:id', access: retailerAdministrationScreens, capability,
    summary: 'Activate (status 1) or deactivate (status 0) an IBO/market; one that still holds devices or active agents stays active', spec: `${markets}; doc 3 §4`, params: marketIdParams, body: unitStatusBody },
  { method: 'GET', path: '/api/v1/ibo_market_export', access: retailerAdministrationScreens, capability,
    summary: 'Export the IBOs/markets list', spec: markets, query: exportQuery(marketListQuery) },

  // Offices
  { method: 'GET', path: '/api/v1/offices', access: managerScreens, capability,
    summary: 'Offices list, paged and filtered (Office list; also a doc 1 reference list)', spec: `${offices}; doc 1 §7 Reports and reference`, query: officeListQuery },
  { method: 'POST', path: '/api/v1/offices', access: administrationScreens, capability,
    summary: 'Create an office in a state, with its manager and add-on managers; its number and name are generated', spec: `${offices}; doc 3 §5 Add Office`, body: addOfficeBody },
  { method: 'POST', path: '/api/v1/offices/:id', access: officeActions, capability,
    summary: 'Edit an office\'s managers and Send Invite setting (the client sends _method PUT)', spec: `${offices}; doc 3 §4 Edit Office`, params: officeIdParams, body: editOfficeBody },
  { method: 'POST', path: '/api/v1/offices/action/:id', access: officeActions, capability,
    summary: 'Activate (status 1) or deactivate (status 0) an office; one that holds devices or active agents stays active', spec: `${offices}; doc 3 §4`, params: officeIdParams, body: unitStatusBody },
  { method: 'GET', path: '/api/v1/offices/get_inventory_count/:id', access: administrationScreens, capability,
    summary: 'Devices an office holds (answers { count }), checked before its manager changes', spec: `${offices}; doc 3 §4 Edit Office`, params: officeIdParams },
  { method: 'GET', path: '/api/v1/office_export', access: administrationScreens, capability,
    summary: 'Export the offices list', spec: offices, query: exportQuery(officeListQuery) },
];
