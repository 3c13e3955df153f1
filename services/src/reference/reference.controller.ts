import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import {
  ROLE_IDS,
  ROLE_NAMES,
  type TermQuery,
  type UserLookupParams,
  agentStatuses,
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
  termQuery,
  usStates,
  userLookupParams,
} from '@portal/contracts';
import { distributorsInScope, iboMarketsInScope, masterAgentsInScope, officesInScope, retailersInScope, usersByRole } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { CurrentUser } from '../auth/current-user';
import { ZodValidation } from '../platform/http/zod-body';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';

/** Where each role sits, top first: the roles list carries it (doc 3 §3 Reference lists). */
const ROLE_LEVEL: Record<number, number> = { 1: 1, 8: 2, 4: 3, 5: 4, 12: 5, 11: 6, 9: 7, 3: 8, 14: 9, 2: 10 };

const listed = <T>(data: readonly T[]) => ({ data });

/** The reference lists (doc 1 §7 Reports and reference, doc 3 §7): fixed code lists, and org lists in the caller's scope. */
@Controller('api/v1')
export class ReferenceController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  private get db() {
    return this.platform.database.db;
  }

  @Get('reference/assign_source') assignSource() {
    return listed(assignSources);
  }
  @Get('reference/inventory_status') inventoryStatus() {
    return listed(inventoryStatuses);
  }
  @Get('reference/device_type') deviceType() {
    return listed(deviceTypes);
  }
  @Get('reference/short_us_states') shortUsStates() {
    return listed(usStates);
  }
  @Get('reference/us_states_lifeline') usStatesLifeline() {
    return listed(usStates);
  }
  @Get('reference/agent_status') agentStatus() {
    return listed(agentStatuses);
  }
  @Get('reference/rma_reasons') rmaReasonList() {
    return listed(rmaReasons);
  }
  @Get('reference/rma_device_status') rmaDeviceStatus() {
    return listed(rmaDeviceStatuses);
  }
  @Get('reference/rma_order_status') rmaOrderStatus() {
    return listed(rmaOrderStatuses);
  }
  @Get('reference/inventory_order_status') inventoryOrderStatus() {
    return listed(inventoryOrderStatuses);
  }
  @Get('reference/inventory_order_approval_status') inventoryOrderApprovalStatus() {
    return listed(inventoryOrderApprovalStatuses);
  }
  @Get('reference/onboarding_source') onboardingSource() {
    return listed(onboardingSources);
  }
  @Get('reference/onboarding_status_dropdown') onboardingStatusDropdown() {
    return listed(onboardingStatuses);
  }
  @Get('reference/onboarding_status_for_custom_email') onboardingStatusForCustomEmail() {
    return listed(onboardingStatusesForCustomEmail);
  }
  @Get('reference/office_sort_keys') officeSortKeyList() {
    return listed(officeSortKeys);
  }
  @Get('rad_pii_issue_status') radPiiIssueStatus() {
    return listed(radPiiIssueStatuses);
  }

  @Get('roles') roles() {
    return listed(ROLE_IDS.map((id) => ({ id, name: ROLE_NAMES[id], level: ROLE_LEVEL[id] })).sort((a, b) => a.level! - b.level!));
  }

  @Get('reference/offices')
  async offices(@Query(new ZodValidation(termQuery)) query: TermQuery, @CurrentUser() user: AuthenticatedUser) {
    return listed(await officesInScope(this.db, user.scope, query.term));
  }

  /** Lifeline offices: the same offices, for the user and office forms (doc 3 §7 Users). */
  @Get('reference/office_lifeline')
  async officeLifeline(@Query(new ZodValidation(termQuery)) query: TermQuery, @CurrentUser() user: AuthenticatedUser) {
    return listed(await officesInScope(this.db, user.scope, query.term));
  }

  @Get('office_based_on_retailer')
  async officeBasedOnRetailer(@Query(new ZodValidation(termQuery)) query: TermQuery, @CurrentUser() user: AuthenticatedUser) {
    return listed(await officesInScope(this.db, user.scope, query.term));
  }

  @Get('reference/ibo_marketers')
  async iboMarketers(@CurrentUser() user: AuthenticatedUser) {
    return listed(await iboMarketsInScope(this.db, user.scope));
  }

  @Get('reference/retailers')
  async retailers(@CurrentUser() user: AuthenticatedUser) {
    return listed(await retailersInScope(this.db, user.scope));
  }

  @Get('reference/distributors')
  async distributors(@CurrentUser() user: AuthenticatedUser) {
    return listed(await distributorsInScope(this.db, user.scope));
  }

  @Get('reference/master_agents')
  async masterAgents(@CurrentUser() user: AuthenticatedUser) {
    return listed(await masterAgentsInScope(this.db, user.scope));
  }

  @Get('userlist_based_on_role/:role')
  async usersOfRole(
    @Param(new ZodValidation(userLookupParams)) params: UserLookupParams,
    @Query(new ZodValidation(termQuery)) query: TermQuery,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    return listed(await usersByRole(this.db, user.scope, params.role, query.term));
  }
}
