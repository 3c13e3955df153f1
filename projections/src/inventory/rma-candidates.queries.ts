import { type Page, RMA_INITIABLE_STATUSES, type RmaCandidateRow, inventoryStatusName } from '@portal/contracts';
import type { Scope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';
import { and } from '../sql/conditions';
import { deviceFacts } from './device-facts';
import { pageAndTotal } from './device-page-planner';
import { type SharedDeviceFilters, onlyCountable, sharedConditions } from './device-report-filters';

/** The statuses Initiate RMA offers (doc 2 §4: every status but 0, 8, 10, 11, 13, 14). */
const RMA_INITIABLE: readonly number[] = RMA_INITIABLE_STATUSES.map((status) => status.id);

export interface RmaCandidateFilters {
  readonly page: number;
  readonly results: number;
  readonly keyword?: string;
  readonly office_id?: string;
  readonly carton?: string;
  readonly imei?: string;
  readonly status?: number;
  /** The instant "today" is taken at (device ages); now without one. */
  readonly asOf?: string;
}

/**
 * Initiate RMA's devices (doc 2 §2, §4; the agent's agent-Initiaterma): in scope, in a status an
 * RMA may be started for. An agent is offered the devices they hold. Read as the detailed report
 * reads devices (the same filters, page planner and counters), so it stays fast at a million
 * devices: exact totals from the counters when only status and office are chosen, the planner's
 * page and (large) estimate with a keyword.
 */
export async function rmaCandidateDevices(db: SqlDb, scope: Scope, filters: RmaCandidateFilters): Promise<Page<RmaCandidateRow>> {
  const chosen: SharedDeviceFilters = {
    status: filters.status === undefined ? RMA_INITIABLE : [filters.status],
    office_id: filters.office_id,
    agent_id: scope.kind === 'agent' ? scope.agentId : undefined,
    keyword: filters.keyword,
    carton: filters.carton,
    imei: filters.imei,
  };
  const selection = { scope, counted: { status: chosen.status, office_id: chosen.office_id, agent_id: chosen.agent_id }, where: and(sharedConditions(scope, chosen)) };
  const { imeis, total, estimated } = await pageAndTotal(db, selection, { page: filters.page, results: filters.results, asOf: filters.asOf }, onlyCountable(chosen));
  const rows = (await deviceFacts(db, imeis, filters.asOf)).map(
    (facts): RmaCandidateRow => ({
      imei: facts.imei,
      office_name: facts.office_name ?? '',
      office_number: facts.office_number,
      agent_name: facts.agent_name,
      device_age: facts.device_age,
      status: facts.status,
      status_name: inventoryStatusName(facts.status),
      carton_number: facts.carton_number,
    }),
  );
  return { data: rows, total, current_page: filters.page, ...(estimated && { estimated: true }) };
}
