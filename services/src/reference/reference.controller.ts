import { Controller, Inject } from '@nestjs/common';
import { RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import {
  ROLE_IDS,
  ROLE_NAMES,
  type OfficeTermQuery,
  type TermQuery,
  type UserLookupParams,
  agentStatuses,
  genders,
  assignSources,
  deviceTypes,
  inventoryOrderApprovalStatuses,
  inventoryOrderStatuses,
  inventoryStatuses,
  officeSortKeys,
  onboardingSources,
  onboardingStatuses,
  onboardingStatusesForCustomEmail,
  radPiiIssueStatuses,
  rmaDeviceStatuses,
  rmaOrderStatuses,
  rmaReasons,
  usStates,
} from '@portal/contracts';
import { distributorsInScope, iboMarketsInScope, masterAgentsInScope, officesInScope, retailersInScope, usersByRole } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { CurrentUser } from '../auth/current-user';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';

/** Where each role sits, top first: the roles list carries it (doc 3 §3 Reference lists). */
const ROLE_LEVEL: Record<number, number> = { 1: 1, 8: 2, 4: 3, 5: 4, 12: 5, 11: 6, 9: 7, 3: 8, 14: 9, 2: 10 };

const listed = <T>(data: readonly T[]) => ({ data });

/** The reference lists (doc 1 §7 Reports and reference, doc 3 §7): fixed code lists, and org lists in the caller's scope. */
@Controller()
export class ReferenceController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  private get db() {
    return this.platform.database.db;
  }

  @Serves('GET /api/v1/reference/assign_source') assignSource() {
    return listed(assignSources);
  }
  @Serves('GET /api/v1/reference/inventory_status') inventoryStatus() {
    return listed(inventoryStatuses);
  }
  @Serves('GET /api/v1/reference/device_type') deviceType() {
    return listed(deviceTypes);
  }
  @Serves('GET /api/v1/reference/short_us_states') shortUsStates() {
    return listed(usStates);
  }
  @Serves('GET /api/v1/reference/us_states_lifeline') usStatesLifeline() {
    return listed(usStates);
  }
  @Serves('GET /api/v1/reference/genders') genderList() {
    return listed(genders);
  }
  @Serves('GET /api/v1/reference/agent_status') agentStatus() {
    return listed(agentStatuses);
  }
  @Serves('GET /api/v1/reference/rma_reasons') rmaReasonList() {
    return listed(rmaReasons);
  }
  @Serves('GET /api/v1/reference/rma_device_status') rmaDeviceStatus() {
    return listed(rmaDeviceStatuses);
  }
  @Serves('GET /api/v1/reference/rma_order_status') rmaOrderStatus() {
    return listed(rmaOrderStatuses);
  }
  @Serves('GET /api/v1/reference/inventory_order_status') inventoryOrderStatus() {
    return listed(inventoryOrderStatuses);
  }
  @Serves('GET /api/v1/reference/inventory_order_approval_status') inventoryOrderApprovalStatus() {
    return listed(inventoryOrderApprovalStatuses);
  }
  @Serves('GET /api/v1/reference/onboarding_source') onboardingSource() {
    return listed(onboardingSources);
  }
  @Serves('GET /api/v1/reference/onboarding_status_dropdown') onboardingStatusDropdown() {
    return listed(onboardingStatuses);
  }
  @Serves('GET /api/v1/reference/onboarding_status_for_custom_email') onboardingStatusForCustomEmail() {
    return listed(onboardingStatusesForCustomEmail);
  }
  @Serves('GET /api/v1/reference/office_sort_keys') officeSortKeyList() {
    return listed(officeSortKeys);
  }
  @Serves('GET /api/v1/rad_pii_issue_status') radPiiIssueStatus() {
    return listed(radPiiIssueStatuses);
  }

  @Serves('GET /api/v1/roles') roles() {
    return listed(ROLE_IDS.map((id) => ({ id, name: ROLE_NAMES[id], level: ROLE_LEVEL[id] })).sort((a, b) => a.level! - b.level!));
  }

  @Serves('GET /api/v1/reference/offices')
  async offices(@RouteQuery() query: OfficeTermQuery, @CurrentUser() user: AuthenticatedUser) {
    return listed(await officesInScope(this.db, user.scope, query.term, query.ibo_marketer_id, query.send_invite === '1'));
  }

  /** Lifeline offices: the same offices, for the user and office forms (doc 3 §7 Users). */
  @Serves('GET /api/v1/reference/office_lifeline')
  async officeLifeline(@RouteQuery() query: TermQuery, @CurrentUser() user: AuthenticatedUser) {
    return listed(await officesInScope(this.db, user.scope, query.term));
  }

  @Serves('GET /api/v1/office_based_on_retailer')
  async officeBasedOnRetailer(@RouteQuery() query: TermQuery, @CurrentUser() user: AuthenticatedUser) {
    return listed(await officesInScope(this.db, user.scope, query.term));
  }

  @Serves('GET /api/v1/reference/ibo_marketers')
  async iboMarketers(@CurrentUser() user: AuthenticatedUser) {
    return listed(await iboMarketsInScope(this.db, user.scope));
  }

  @Serves('GET /api/v1/reference/retailers')
  async retailers(@CurrentUser() user: AuthenticatedUser) {
    return listed(await retailersInScope(this.db, user.scope));
  }

  @Serves('GET /api/v1/reference/distributors')
  async distributors(@CurrentUser() user: AuthenticatedUser) {
    return listed(await distributorsInScope(this.db, user.scope));
  }

  @Serves('GET /api/v1/reference/master_agents')
  async masterAgents(@CurrentUser() user: AuthenticatedUser) {
    return listed(await masterAgentsInScope(this.db, user.scope));
  }

  @Serves('GET /api/v1/userlist_based_on_role/:role')
  async usersOfRole(
    @RouteParams() params: UserLookupParams,
    @RouteQuery() query: OfficeTermQuery,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    return listed(await usersByRole(this.db, user.scope, params.role, query.term, query.ibo_marketer_id));
  }
}
