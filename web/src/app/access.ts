import { AUDIT_ROLES } from '@portal/contracts/audit/audit.routes';
import { HELP_PUBLISHER_ROLES } from '@portal/contracts/help/help.codes';
import { ROLE, type RoleId } from '@portal/contracts/platform/roles';
import { SUBSCRIPTION_ROLES } from '@portal/contracts/subscriptions/subscriptions.routes';

/**
 * Who may see or do what in the console, from contracts' ROLE (doc 1 §2.1, §6; DESIGN.md §11:
 * role 1 reaches every manager and administration screen). Pages ask these by name; no page
 * writes a role number.
 */

type Roles = readonly number[];

/** Whether the user holds any of these roles. */
export const holdsAny = (roles: Roles, ids: readonly RoleId[]): boolean => roles.some((role) => (ids as readonly number[]).includes(role));

/** The role groups screens are opened by (doc 1 §2.1). */
export const SCREEN_ROLES = {
  managers: [ROLE.SUPER_ADMIN, ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER],
  agents: [ROLE.AGENT],
  everyone: [ROLE.SUPER_ADMIN, ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER],
  iboAndRetailerManagers: [ROLE.SUPER_ADMIN, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER],
  retailerManagers: [ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER],
  /** My Inventory's menu entry (doc 1 §2.2). */
  officeManagers: [ROLE.SUPER_ADMIN, ROLE.OFFICE_MANAGER],
  /** Publish announcements and manage training content (ours: contracts' HELP_PUBLISHER_ROLES). */
  helpPublishers: HELP_PUBLISHER_ROLES,
  /** Read-only (issue 23): reads what a retailer manager reads, in its retailer, and changes nothing. */
  auditors: [ROLE.AUDITOR],
  /** The Device Timeline (contracts' AUDIT_ROLES): the super role, retailer managers and auditors. */
  deviceTimeline: AUDIT_ROLES,
  /** Event Catalog and Webhooks (issue 24; contracts' SUBSCRIPTION_ROLES): the super role and retailer managers, and the auditor reading them. */
  integrations: [...SUBSCRIPTION_ROLES, ROLE.AUDITOR],
} as const satisfies Record<string, readonly RoleId[]>;

/** The named permissions pages ask for. */
export const can = {
  /** The agent sidebar (doc 1 §2.2): any user holding role 2. */
  useAgentMenu: (roles: Roles) => roles.includes(ROLE.AGENT),
  /** Land on the agent dashboard: an agent with no manager-level role. */
  landOnAgentDashboard: (roles: Roles) => roles.includes(ROLE.AGENT) && !holdsAny(roles, SCREEN_ROLES.managers),
  /** The retailer filter and the Retailer Name column (doc 1 §6): the super role. */
  seeRetailers: (roles: Roles) => holdsAny(roles, [ROLE.SUPER_ADMIN]),
  /** The IBO/Market selector (doc 1 §6): not for office (3) and IBO (11) managers. */
  chooseIboMarket: (roles: Roles) => !holdsAny(roles, [ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER]),
  /** The IBO/Market column of Legacy Data: not for office managers (doc 1 §2.12). */
  seeIboMarkets: (roles: Roles) => !holdsAny(roles, [ROLE.OFFICE_MANAGER]),
  /** Upload a shipment manifest (ours; the back office: doc 1 §2.5): retailer managers. */
  uploadManifests: (roles: Roles) => holdsAny(roles, SCREEN_ROLES.retailerManagers),
  /** The IBO/Market filter of the Office list (doc 3 §9): retailer managers. */
  filterOfficesByIboMarket: (roles: Roles) => holdsAny(roles, SCREEN_ROLES.retailerManagers),
  /** The Office selector of the detailed report (doc 1 §2.11): not for office managers. */
  chooseOffice: (roles: Roles) => !holdsAny(roles, [ROLE.OFFICE_MANAGER]),
  /** Publish Announcement and the Training Content screen (ours): the super role and retailer managers. */
  publishHelp: (roles: Roles) => holdsAny(roles, SCREEN_ROLES.helpPublishers),
  /** Send Message to an office's agents (ours; contracts' POST /api/v1/messages): the managers. */
  sendMessages: (roles: Roles) => holdsAny(roles, SCREEN_ROLES.managers),
  /** Print carton and device labels (ours, issue 27; contracts' POST manager/carton_labels, device_labels): the managers, not the read-only auditor. */
  printLabels: (roles: Roles) => holdsAny(roles, SCREEN_ROLES.managers),
  /** Register, enable, disable, remove, replay and redeliver webhooks (contracts' SUBSCRIPTION_ROLES): the super role and retailer managers; the auditor only reads. */
  manageWebhooks: (roles: Roles) => holdsAny(roles, SUBSCRIPTION_ROLES),
};
