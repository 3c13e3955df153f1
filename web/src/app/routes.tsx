import { matchPath } from 'react-router-dom';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { ROLE } from '@portal/contracts/platform/roles';
import { SCREEN_ROLES, can } from './access';

/** Who may open a screen, who sees it in the menu, where it sits in the menu, and its page. */
export interface ScreenRoute {
  readonly path: string;
  readonly title: string;
  /** Roles that may open it (role 1 reaches every manager and administration screen: DESIGN.md §11). */
  readonly roles: readonly number[];
  /** Roles that see it in their sidebar; default: none (reachable by link only). */
  readonly menuRoles?: readonly number[];
  readonly menu?: { readonly group: MenuGroup; readonly label: string };
  /** The capability that builds its page; without `page` the screen says it is not built yet. */
  readonly capability: string;
  readonly page?: LazyPage;
  /** 'bare': no menu layout (login and every path whose last segment contains 'page'). */
  readonly layout: 'shell' | 'bare';
  /** Reachable without signing in. */
  readonly public?: boolean;
}

export type MenuGroup =
  | 'top'
  | 'Sales'
  | 'Inventory'
  | 'Inventory Reports'
  | 'Aged Inventory'
  | 'RMA & Orders'
  | 'Onboarding'
  | 'Administration'
  | 'Integrations'
  | 'bottom';

export const MENU_GROUP_ORDER: readonly MenuGroup[] = ['top', 'Sales', 'Inventory', 'Inventory Reports', 'Aged Inventory', 'RMA & Orders', 'Onboarding', 'Administration', 'Integrations', 'bottom'];

const { managers: MANAGERS, agents: AGENT, everyone: EVERYONE, iboAndRetailerManagers: IBO_AND_RETAILER, retailerManagers: RETAILER } = SCREEN_ROLES;

/** A page loaded on demand that can also be asked to load ahead of its first render (preloadScreen). */
export type LazyPage = LazyExoticComponent<ComponentType> & { readonly preload: () => Promise<unknown> };

function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  return Object.assign(lazy(load), { preload: load });
}

const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'));
const CandidatePage = lazyPage(() => import('../features/onboarding/candidate/CandidatePage'));
const ChangePasswordPage = lazyPage(() => import('../features/auth/ChangePasswordPage'));
const ManagerDashboardPage = lazyPage(() => import('../features/dashboard/ManagerDashboardPage'));
const AgentDashboardPage = lazyPage(() => import('../features/dashboard/AgentDashboardPage'));
const OfficesPage = lazyPage(() => import('../features/admin/OfficesPage'));
const UsersPage = lazyPage(() => import('../features/admin/UsersPage'));
const AddUserPage = lazyPage(() => import('../features/admin/AddUserPage'));
const EditUserPage = lazyPage(() => import('../features/admin/EditUserPage'));
const MarketsPage = lazyPage(() => import('../features/admin/MarketsPage'));
const AddMarketPage = lazyPage(() => import('../features/admin/AddMarketPage'));
const EditMarketPage = lazyPage(() => import('../features/admin/EditMarketPage'));
const AddOfficePage = lazyPage(() => import('../features/admin/AddOfficePage'));
const EditOfficePage = lazyPage(() => import('../features/admin/EditOfficePage'));
const AnnouncementsPage = lazyPage(() => import('../features/help/AnnouncementsPage'));
const HelpCentrePage = lazyPage(() => import('../features/help/HelpCentrePage'));
const FaqPage = lazyPage(() => import('../features/help/FaqPage'));
const TrainingDocsPage = lazyPage(() => import('../features/help/TrainingDocsPage'));
const TrainingVideosPage = lazyPage(() => import('../features/help/TrainingVideosPage'));
const TrainingContentPage = lazyPage(() => import('../features/help/TrainingContentPage'));
const ReceiveInventoryPage = lazyPage(() => import('../features/inventory/ReceiveInventoryPage'));
const ReassignInventoryPage = lazyPage(() => import('../features/inventory/ReassignInventoryPage'));
const AssignInventoryPage = lazyPage(() => import('../features/inventory/AssignInventoryPage'));
const TransferInventoryPage = lazyPage(() => import('../features/inventory/TransferInventoryPage'));
const AcceptTransferPage = lazyPage(() => import('../features/inventory/AcceptTransferPage'));
const MyInventoryPage = lazyPage(() => import('../features/inventory/MyInventoryPage'));
const AgentInventoryPage = lazyPage(() => import('../features/inventory/AgentInventoryPage'));
const DeviceImagePage = lazyPage(() => import('../features/inventory/DeviceImagePage'));
const InventoryDetailedReportPage = lazyPage(() => import('../features/reports/InventoryDetailedReportPage'));
const LegacyDataPage = lazyPage(() => import('../features/reports/LegacyDataPage'));
const InventoryByIboPage = lazyPage(() => import('../features/reports/InventoryByIboPage'));
const InventoryByOfficePage = lazyPage(() => import('../features/reports/InventoryByOfficePage'));
const InventoryByManagerPage = lazyPage(() => import('../features/reports/InventoryByManagerPage'));
const InventoryByAgentPage = lazyPage(() => import('../features/reports/InventoryByAgentPage'));
const AgedByIboPage = lazyPage(() => import('../features/reports/AgedByIboPage'));
const AgedByOfficePage = lazyPage(() => import('../features/reports/AgedByOfficePage'));
const AgedByManagerPage = lazyPage(() => import('../features/reports/AgedByManagerPage'));
const AgedByAgentPage = lazyPage(() => import('../features/reports/AgedByAgentPage'));
const InitiateRmaPage = lazyPage(() => import('../features/rma/InitiateRmaPage'));
const PendingRmaRequestPage = lazyPage(() => import('../features/rma/PendingRmaRequestPage'));
const ApproveRmaPage = lazyPage(() => import('../features/rma/ApproveRmaPage'));
const ApprovedRmaRequestPage = lazyPage(() => import('../features/rma/ApprovedRmaRequestPage'));
const CreateRmaPage = lazyPage(() => import('../features/rma/CreateRmaPage'));
const AgentInitiateRmaPage = lazyPage(() => import('../features/rma/AgentInitiateRmaPage'));
const AgentRmaStatusPage = lazyPage(() => import('../features/rma/AgentRmaStatusPage'));
const AgentRmaRequestPage = lazyPage(() => import('../features/rma/AgentRmaRequestPage'));
const SubmitRmaPage = lazyPage(() => import('../features/rma/SubmitRmaPage'));
const RmaStatusPage = lazyPage(() => import('../features/rma/RmaStatusPage'));
const RmaDeviceStatusPage = lazyPage(() => import('../features/rma/RmaDeviceStatusPage'));
const OrderDevicesPage = lazyPage(() => import('../features/orders/OrderDevicesPage'));
const SendInvitePage = lazyPage(() => import('../features/onboarding/SendInvitePage'));
const OnboardingSummaryPage = lazyPage(() => import('../features/onboarding/OnboardingSummaryPage'));
const AgentSummaryPage = lazyPage(() => import('../features/onboarding/AgentSummaryPage'));
const EditCandidatePage = lazyPage(() => import('../features/onboarding/EditCandidatePage'));
const ManagerSalesDashboardPage = lazyPage(() => import('../features/sales/ManagerSalesDashboardPage'));
const AgentSalesDashboardPage = lazyPage(() => import('../features/sales/AgentSalesDashboardPage'));
const DetailedSalesReportPage = lazyPage(() => import('../features/sales/DetailedSalesReportPage'));
const SalesByIbosPage = lazyPage(() => import('../features/sales/SalesByIbosPage'));
const SalesByOfficesPage = lazyPage(() => import('../features/sales/SalesByOfficesPage'));
const SalesByManagersPage = lazyPage(() => import('../features/sales/SalesByManagersPage'));
const SalesByAgentsPage = lazyPage(() => import('../features/sales/SalesByAgentsPage'));
const AgentSalesReportPage = lazyPage(() => import('../features/sales/AgentSalesReportPage'));
const ComplianceDocumentsPage = lazyPage(() => import('../features/documents/ComplianceDocumentsPage'));
const PublishDocumentsPage = lazyPage(() => import('../features/documents/PublishDocumentsPage'));
const ManagerDocumentsPage = lazyPage(() => import('../features/documents/ManagerDocumentsPage'));
const UnitFormPage = lazyPage(() => import('../features/documents/form/UnitFormPage'));
const MessagesPage = lazyPage(() => import('../features/messages/MessagesPage'));
const DeviceTimelinePage = lazyPage(() => import('../features/audit/DeviceTimelinePage'));
const EventCatalogPage = lazyPage(() => import('../features/subscriptions/EventCatalogPage'));
const WebhooksPage = lazyPage(() => import('../features/subscriptions/WebhooksPage'));

type Entry = Omit<ScreenRoute, 'layout'> & { layout?: ScreenRoute['layout'] };

const manager = (path: string, title: string, capability: string, menu?: { group: MenuGroup; label: string; roles?: readonly number[] }, roles: readonly number[] = MANAGERS): Entry => ({
  path,
  title,
  capability,
  roles,
  ...(menu && { menu: { group: menu.group, label: menu.label }, menuRoles: menu.roles ?? roles }),
});

const agent = (path: string, title: string, capability: string, menuLabel?: string, group: MenuGroup = 'top'): Entry => ({
  path,
  title,
  capability,
  roles: AGENT,
  ...(menuLabel && { menu: { group, label: menuLabel }, menuRoles: AGENT }),
});

/**
 * A read-only screen the auditor (issue 23) opens too: it reads what a retailer manager reads, so
 * the screen is in its sidebar where it is in a retailer manager's. Command screens stay closed to
 * it (the API refuses the auditor every POST).
 */
const alsoForAuditors = (entry: Entry): Entry => ({
  ...entry,
  roles: [...entry.roles, ROLE.AUDITOR],
  ...(entry.menuRoles?.includes(ROLE.RETAILER_MANAGER) && { menuRoles: [...entry.menuRoles, ROLE.AUDITOR] }),
});

/** Every screen the spec lists (doc 1 §2.1–2.2, doc 2 §2, doc 3 §2), in menu order. */
const entries: Entry[] = [
  { path: '/login', title: 'Login', capability: 'auth', roles: [], public: true, page: LoginPage, layout: 'bare' },
  { path: '/page-register', title: 'Sign up', capability: 'auth', roles: [], public: true, page: RegisterPage },
  { path: '/page-forgot-password', title: 'Forgot Password', capability: 'auth', roles: [], public: true, page: ForgotPasswordPage },
  { path: '/page-reset-password', title: 'Reset Password', capability: 'auth', roles: [], public: true, page: ResetPasswordPage },
  // The onboarding candidate's own page: the invite link's token is the credential (docs/ONBOARDING.md).
  { path: '/onboarding-page', title: 'Complete your profile', capability: 'onboarding', roles: [], public: true, page: CandidatePage },
  // A unit's form (doc 3 §4 "Fill form opens /form/{form_id}/{token}"): the token is the credential (docs/DOCUMENTS.md).
  { path: '/form/:form_id/:token', title: 'Fill form', capability: 'documents', roles: [], public: true, page: UnitFormPage, layout: 'bare' },

  // The managers' home is the sales/activation dashboard (doc 1 §2.4); the inventory count cards are Inventory → Dashboard (/summary).
  alsoForAuditors({ ...manager('/', 'Dashboard', 'sales', { group: 'top', label: 'Dashboard' }), roles: EVERYONE, page: ManagerSalesDashboardPage }),
  // Everyone may open /dashboard ('Back to Home' on the 403 page); an agent is sent on to /agent-dashboard.
  alsoForAuditors({ ...manager('/dashboard', 'Dashboard', 'sales'), roles: EVERYONE, page: ManagerSalesDashboardPage }),
  { ...agent('/agent-dashboard', 'Dashboard', 'dashboard', 'Dashboard'), page: AgentDashboardPage },
  alsoForAuditors({ ...manager('/announcement', 'Announcements', 'help', { group: 'top', label: 'Announcements', roles: EVERYONE }, EVERYONE), page: AnnouncementsPage }),
  // Ours (issue 23; the spec has no audit screens): a device's history from the event store and its state as of any moment.
  // In the auditor's sidebar; the super role and retailer managers reach it from an IMEI and the device log.
  { path: '/audit/device', title: 'Device Timeline', capability: 'audit', roles: SCREEN_ROLES.deviceTimeline, menu: { group: 'top', label: 'Device Timeline' }, menuRoles: SCREEN_ROLES.auditors, page: DeviceTimelinePage },

  alsoForAuditors({ ...manager('/salesreport', 'Detailed Sales Report', 'sales', { group: 'Sales', label: 'Detailed Report' }), page: DetailedSalesReportPage }),
  alsoForAuditors({ ...manager('/LegacyData', 'Legacy Data', 'reports', { group: 'Sales', label: 'Legacy Data' }), page: LegacyDataPage }),
  alsoForAuditors({ ...manager('/salesreportmarkets', 'Sales By IBOs/Markets', 'sales', { group: 'Sales', label: 'By IBOs/Markets' }), page: SalesByIbosPage }),
  alsoForAuditors({ ...manager('/salesreportoffice', 'Sales By Offices', 'sales', { group: 'Sales', label: 'By Offices' }), page: SalesByOfficesPage }),
  alsoForAuditors({ ...manager('/salesreportmanagers', 'Sales By Managers', 'sales', { group: 'Sales', label: 'By Managers' }), page: SalesByManagersPage }),
  alsoForAuditors({ ...manager('/salesreportagent', 'Sales By Agents', 'sales', { group: 'Sales', label: 'By Agents' }), page: SalesByAgentsPage }),

  alsoForAuditors({ ...manager('/summary', 'Inventory Dashboard', 'inventory', { group: 'Inventory', label: 'Dashboard' }), page: ManagerDashboardPage }),
  { ...manager('/ReceiveInventory', 'Receive Inventory', 'inventory', { group: 'Inventory', label: 'Receive Inventory' }), page: ReceiveInventoryPage },
  { ...manager('/reassigninventory', 'Reassign Inventory', 'inventory', { group: 'Inventory', label: 'Reassign Inventory' }), page: ReassignInventoryPage },
  { ...manager('/assignagent', 'Assign Inventory', 'inventory', { group: 'Inventory', label: 'Assign Inventory' }), page: AssignInventoryPage },
  { ...manager('/transferdevice', 'Transfer Inventory', 'inventory', { group: 'Inventory', label: 'Transfer Inventory' }), page: TransferInventoryPage },
  { ...manager('/TransferRequest', 'Accept Transfer', 'inventory', { group: 'Inventory', label: 'Accept Transfer' }), page: AcceptTransferPage },

  alsoForAuditors({ ...manager('/InventoryDetailedReport', 'Inventory Detailed Report', 'reports', { group: 'Inventory Reports', label: 'Detailed Report' }), page: InventoryDetailedReportPage }),
  // doc 1 §6: My Inventory is hidden from roles 11 and 12 (they can still open it).
  alsoForAuditors({ ...manager('/Inventory', 'My Inventory', 'inventory', { group: 'Inventory Reports', label: 'My Inventory', roles: SCREEN_ROLES.officeManagers }), page: MyInventoryPage }),
  // doc 1 §6: role 3 does not see By IBOs/Markets and By Managers.
  alsoForAuditors({ ...manager('/InventoryByIbo', 'Inventory By IBOs/Markets', 'reports', { group: 'Inventory Reports', label: 'By IBOs/Markets', roles: IBO_AND_RETAILER }), page: InventoryByIboPage }),
  alsoForAuditors({ ...manager('/Office', 'Inventory By Offices', 'reports', { group: 'Inventory Reports', label: 'By Offices' }), page: InventoryByOfficePage }),
  alsoForAuditors({ ...manager('/InventoryByManager', 'Inventory By Managers', 'reports', { group: 'Inventory Reports', label: 'By Managers', roles: IBO_AND_RETAILER }), page: InventoryByManagerPage }),
  alsoForAuditors({ ...manager('/Agent', 'Inventory By Agents', 'reports', { group: 'Inventory Reports', label: 'By Agents' }), page: InventoryByAgentPage }),

  alsoForAuditors({ ...manager('/agedinventorymarket', 'Aged Inventory By IBOs/Markets', 'reports', { group: 'Aged Inventory', label: 'By IBOs/Markets' }, IBO_AND_RETAILER), page: AgedByIboPage }),
  alsoForAuditors({ ...manager('/agedinventoryoffice', 'Aged Inventory By Offices', 'reports', { group: 'Aged Inventory', label: 'By Offices' }), page: AgedByOfficePage }),
  alsoForAuditors({ ...manager('/agedbymanager', 'Aged Inventory By Managers', 'reports', { group: 'Aged Inventory', label: 'By Managers', roles: IBO_AND_RETAILER }), page: AgedByManagerPage }),
  alsoForAuditors({ ...manager('/agedbyagent', 'Aged Inventory By Agents', 'reports', { group: 'Aged Inventory', label: 'By Agents' }), page: AgedByAgentPage }),

  { ...manager('/rmainitiaterequest', 'Initiate RMA', 'rma', { group: 'RMA & Orders', label: 'Initiate RMA' }), page: InitiateRmaPage },
  { ...manager('/rmasubmitrequest', 'Submit RMA', 'rma', { group: 'RMA & Orders', label: 'Submit RMA' }), page: SubmitRmaPage },
  { ...manager('/rmaapprovedrequest', 'RMA Status', 'rma', { group: 'RMA & Orders', label: 'RMA Status' }), page: RmaStatusPage },
  { ...manager('/orderinventory', 'Order Devices', 'orders', { group: 'RMA & Orders', label: 'Order Devices' }), page: OrderDevicesPage },
  // Reached from Initiate RMA's header (no menu entry in the spec).
  { ...manager('/rmapendingrequest', 'Pending RMA Request', 'rma'), page: PendingRmaRequestPage },
  { ...manager('/approvedrma', 'Approve RMA', 'rma'), page: ApproveRmaPage },
  { ...manager('/rmarequest', 'Approved RMA Request', 'rma'), page: ApprovedRmaRequestPage },
  // Reached from RMA Status (no menu entry in the spec).
  { ...manager('/rmarequeststatus', 'RMA Device Status', 'rma'), page: RmaDeviceStatusPage },
  { ...manager('/createrma', 'Create RMA', 'rma'), page: CreateRmaPage },

  { ...manager('/sendinvite', 'Send Invite', 'onboarding', { group: 'Onboarding', label: 'Send Invite' }), page: SendInvitePage },
  { ...manager('/onboardingreport', 'Onboarding Summary', 'onboarding', { group: 'Onboarding', label: 'Onboarding Summary' }), page: OnboardingSummaryPage },
  { ...manager('/agentreport', 'Agent Summary', 'onboarding', { group: 'Onboarding', label: 'Agent Summary' }), page: AgentSummaryPage },
  // Reached from the Onboarding Summary's Edit with the candidate in router state; without one it goes back there.
  { ...manager('/editagent', 'Edit Candidate', 'onboarding', undefined, IBO_AND_RETAILER), page: EditCandidatePage },

  { ...manager('/employee', 'Users', 'admin', { group: 'Administration', label: 'Users' }, IBO_AND_RETAILER), page: UsersPage },
  { ...manager('/editemployee', 'Edit User', 'admin', undefined, IBO_AND_RETAILER), page: EditUserPage },
  { ...manager('/addemployee', 'Add User', 'admin', undefined, RETAILER), page: AddUserPage },
  { ...manager('/marketers', 'IBOs/Markets', 'admin', { group: 'Administration', label: 'IBOs/Markets' }, RETAILER), page: MarketsPage },
  { ...manager('/editmarketers', 'Edit IBO/Market', 'admin', undefined, RETAILER), page: EditMarketPage },
  { ...manager('/addmarketers', 'Add IBO/Market', 'admin', undefined, RETAILER), page: AddMarketPage },
  { ...manager('/offices', 'Offices', 'admin', { group: 'Administration', label: 'Offices' }, IBO_AND_RETAILER), page: OfficesPage },
  { ...manager('/editoffice', 'Edit Office', 'admin', undefined, IBO_AND_RETAILER), page: EditOfficePage },
  { ...manager('/addoffice', 'Add Office', 'admin', undefined, IBO_AND_RETAILER), page: AddOfficePage },

  // Ours (issue 24; the spec has no integration screens): what downstream systems can receive, and the webhooks that push it.
  // The auditor reads both (no command buttons: `can.manageWebhooks`).
  { ...manager('/integrations/events', 'Event Catalog', 'subscriptions', { group: 'Integrations', label: 'Event Catalog' }, SCREEN_ROLES.integrations), page: EventCatalogPage },
  { ...manager('/integrations/webhooks', 'Webhooks', 'subscriptions', { group: 'Integrations', label: 'Webhooks' }, SCREEN_ROLES.integrations), page: WebhooksPage },

  { ...manager('/IMEI', 'Device Images', 'inventory'), page: DeviceImagePage },
  // Not in the spec's sidebars (doc 1 §2.2 "known but not in the menu"): reached from the header's bell and profile menu (PROFILE_SCREENS).
  { ...manager('/Transaction', 'Messages', 'messages'), page: MessagesPage },
  { ...manager('/compliancedocument', 'Compliance Documents', 'documents'), page: ComplianceDocumentsPage },
  // Ours (the spec shows no publishing screen): publish compliance documents, see who signed, verify a signed file.
  { ...manager('/publishdocuments', 'Publish Documents', 'documents', { group: 'bottom', label: 'Publish Documents' }, SCREEN_ROLES.helpPublishers), page: PublishDocumentsPage },

  alsoForAuditors({ ...manager('/support', 'Support', 'help', { group: 'bottom', label: 'Support', roles: EVERYONE }, EVERYONE), page: HelpCentrePage }),
  alsoForAuditors({ ...manager('/faq', 'FAQ', 'help', undefined, EVERYONE), page: FaqPage }),
  alsoForAuditors({ ...manager('/trainingdocs', 'Training Documents', 'help', undefined, EVERYONE), page: TrainingDocsPage }),
  alsoForAuditors({ ...manager('/trainingvideos', 'Training Videos', 'help', undefined, EVERYONE), page: TrainingVideosPage }),
  // Ours (the spec shows no such screen): the training content behind the two trees, for the publishers.
  { ...manager('/trainingcontent', 'Training Content', 'help', { group: 'bottom', label: 'Training Content' }, SCREEN_ROLES.helpPublishers), page: TrainingContentPage },
  { ...manager('/documents', 'Documents', 'documents', undefined, EVERYONE), page: ManagerDocumentsPage },
  alsoForAuditors({ ...manager('/changepassword', 'Change Password', 'auth', undefined, EVERYONE), page: ChangePasswordPage }),

  { ...agent('/agent-salesreport', 'Sales Report', 'sales', 'Sales Report'), page: AgentSalesReportPage },
  // The agent's own sales and stock aging (doc 1 §2.4 sales dashboard, agent endpoint).
  { ...agent('/agent-summary', 'Inventory Summary', 'sales', 'Inventory Summary'), page: AgentSalesDashboardPage },
  { ...agent('/agent-Inventory', 'My Inventory', 'inventory', 'My Inventory'), page: AgentInventoryPage },
  { ...agent('/agent-Initiaterma', 'Initiate RMA', 'rma', 'Initiate RMA'), page: AgentInitiateRmaPage },
  { ...agent('/agent-allrmareport', 'RMA Status', 'rma', 'RMA Status'), page: AgentRmaStatusPage },
  // Reached from the agent's RMA Status (no menu entry in the spec).
  { ...agent('/agent-rmareport', 'RMA Request', 'rma'), page: AgentRmaRequestPage },
  { ...agent('/agent-IMEI', 'Device Image', 'inventory'), page: DeviceImagePage },
  { ...agent('/agent-Transaction', 'Messages', 'messages'), page: MessagesPage },
  { ...agent('/agent-compliancedocument', 'Compliance Documents', 'documents'), page: ComplianceDocumentsPage },
];

/**
 * The screens the spec keeps out of the sidebars (doc 1 §2.2: "known but not in the menu") that the
 * header's profile menu opens: the agent's own paths for an agent-only user, the managers' otherwise.
 */
export const PROFILE_SCREENS: readonly { readonly label: string; readonly managerPath: string; readonly agentPath?: string }[] = [
  { label: 'Messages', managerPath: '/Transaction', agentPath: '/agent-Transaction' },
  { label: 'Compliance Documents', managerPath: '/compliancedocument', agentPath: '/agent-compliancedocument' },
  // Doc 2 §1 lists uploading a device image among an agent's tasks, doc 1 §2.2 keeps agent-IMEI out of the sidebar (issue 42).
  { label: 'Device Image', managerPath: '/IMEI', agentPath: '/agent-IMEI' },
  { label: 'Documents', managerPath: '/documents' },
];

/** The device image screen these roles open (agent-IMEI for an agent-only user, IMEI otherwise), if they may (issue 42: a device row's "Device image"). */
export function deviceImagePathFor(roles: readonly number[], agentOnly: boolean): string | undefined {
  return profileScreensFor(roles, agentOnly).find((screen) => screen.label === 'Device Image')?.path;
}

/** The profile menu's screens for these roles: each at the path the roles may open. */
export function profileScreensFor(roles: readonly number[], agentOnly: boolean): { label: string; path: string }[] {
  return PROFILE_SCREENS.flatMap((screen) => {
    const path = agentOnly ? screen.agentPath : screen.managerPath;
    const route = path ? screenRoutes.find((candidate) => candidate.path === path) : undefined;
    return route && canOpen(route, roles) ? [{ label: screen.label, path: route.path }] : [];
  });
}

/** A path whose last segment contains 'page' has no menu layout (doc 1 §2.1). */
export function layoutFor(path: string): ScreenRoute['layout'] {
  const last = path.split('/').filter(Boolean).pop() ?? '';
  return path === '/login' || last.includes('page') ? 'bare' : 'shell';
}

export const screenRoutes: readonly ScreenRoute[] = entries.map((entry) => ({ ...entry, layout: entry.layout ?? layoutFor(entry.path) }));

/** A screen is reachable when the user's roles intersect its roles. */
export function canOpen(route: ScreenRoute, roles: readonly number[]): boolean {
  return route.public === true || route.roles.some((role) => roles.includes(role));
}

/**
 * Where a sign-in returns to: the page asked for while signed out (path and query), when it is a
 * signed-in screen these roles may open; otherwise none (the caller lands on the role's home).
 */
export function returnPathAfterLogin(requested: unknown, roles: readonly number[]): string | undefined {
  if (typeof requested !== 'string' || !requested.startsWith('/') || requested.startsWith('//')) return undefined;
  const pathname = requested.split(/[?#]/)[0]!;
  const screen = screenRoutes.find((route) => !route.public && matchPath({ path: route.path, end: true }, pathname));
  return screen && canOpen(screen, roles) ? requested : undefined;
}

/** The sidebar: the manager one unless the user holds role 2, then the agent one (doc 1 §2.2). */
export function menuFor(roles: readonly number[]): { group: MenuGroup; items: { path: string; label: string }[] }[] {
  const agentMenu = can.useAgentMenu(roles);
  const visible = screenRoutes.filter((route) => {
    if (!route.menu || !route.menuRoles) return false;
    const forAgents = can.useAgentMenu(route.menuRoles) && route.menuRoles.length === 1;
    if (agentMenu) return can.useAgentMenu(route.menuRoles) && (forAgents || route.path === '/announcement' || route.path === '/support');
    return !forAgents && route.menuRoles.some((role) => roles.includes(role));
  });
  return MENU_GROUP_ORDER.map((group) => ({
    group,
    items: visible.filter((route) => route.menu!.group === group).map((route) => ({ path: route.path, label: route.menu!.label })),
  })).filter((group) => group.items.length > 0);
}

/** The screen a path opens (parameters matched), if any. */
export const screenAt = (pathname: string): ScreenRoute | undefined => screenRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname));

/** May these roles open the screen a link leads to (its path and query)? A card or a line links only where its reader may go (the auditor reads dashboards whose links lead to command screens). */
export function canOpenLink(to: string, roles: readonly number[]): boolean {
  const screen = screenAt(to.split(/[?#]/)[0]!);
  return screen !== undefined && canOpen(screen, roles);
}

export interface Crumb {
  readonly title: string;
  /** Where the crumb leads back to; none for the current screen or a menu group. */
  readonly to?: string;
}

/**
 * The breadcrumbs above a screen: reached from another screen (a dashboard card, a drill-down,
 * the device finder: `cameFrom`, path and query), that screen and this one; otherwise the menu
 * group and this screen. None for a top-level screen reached from the menu.
 */
export function breadcrumbs(pathname: string, cameFrom: unknown, roles: readonly number[]): Crumb[] {
  const here = screenAt(pathname);
  if (!here) return [];
  if (typeof cameFrom === 'string' && cameFrom.startsWith('/') && !cameFrom.startsWith('//')) {
    const from = screenAt(cameFrom.split(/[?#]/)[0]!);
    if (from && from !== here && canOpen(from, roles)) return [{ title: from.title, to: cameFrom }, { title: here.title }];
  }
  const group = menuFor(roles).find((candidate) => candidate.items.some((item) => item.path === here.path))?.group;
  return group && group !== 'top' && group !== 'bottom' ? [{ title: group }, { title: here.title }] : [];
}

/**
 * Starts loading the page's code of a screen opened by URL: the import that rendering would make
 * later, made now, so that it loads beside the layout's code instead of after it (the browser
 * caches the module; the render then finds it loaded).
 */
export function preloadScreen(pathname: string): void {
  void screenAt(pathname)?.page?.preload().catch(() => undefined);
}
