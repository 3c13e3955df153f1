import { type AgentCounts, IN_STOCK_GROUP, INVENTORY_STATUS, type ManagerCounts } from '@portal/contracts';
import { sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';

/** The dashboards' counts (doc 1 §2.4, §3), from the counters the inventory projection keeps. */

const S = INVENTORY_STATUS;
const IN_STOCK: readonly number[] = IN_STOCK_GROUP;

/** The manager dashboard's counts (doc 1 §3) for the offices in scope (an agent: their own devices), from the counters. */
export async function managerCounts(db: SqlDb, scope: Scope): Promise<ManagerCounts> {
  const inScope = scope.kind === 'agent' ? sql`c.agent_id = ${scope.agentId}` : officeInScope(scope, sql`c.office_id`);
  const result = await sql<{ status: number; sim: boolean; devices: number }>`
    select c.status, c.device_type = 'SIM' as sim, sum(c.devices)::int as devices
    from rm.inventory_counts c where ${inScope} and c.devices <> 0
    group by c.status, c.device_type = 'SIM'`.execute(db);
  const of = (status: number) => result.rows.filter((row) => row.status === status).reduce((sum, row) => sum + row.devices, 0);
  const counts = {
    Received: of(S.MANAGER_RECEIVED),
    pending_manager: of(S.MANAGER_PENDING),
    assigned: of(S.AGENT_PENDING),
    In_stock: of(S.AGENT_RECEIVED),
    manager_not_received: of(S.MANAGER_DECLINED),
    transfer: of(S.AGENT_TRANSFER),
    rma: of(S.RMA),
    rma_pending: of(S.PENDING_RMA),
    device_swap: of(S.DEVICE_SWAP),
    sim_instock: result.rows.filter((row) => row.sim && IN_STOCK.includes(row.status)).reduce((sum, row) => sum + row.devices, 0),
    sim_sold: result.rows.filter((row) => row.sim && row.status === S.SOLD).reduce((sum, row) => sum + row.devices, 0),
  };
  return { ...counts, total_in_stock: counts.Received + counts.pending_manager + counts.assigned + counts.In_stock + counts.manager_not_received + counts.transfer };
}

/** The agent dashboard's tiles (doc 1 §3 agent summary counts). */
export async function agentCounts(db: SqlDb, agentId: string): Promise<AgentCounts> {
  const result = await sql<{ status: number; devices: number }>`
    select status, sum(devices)::int as devices from rm.inventory_counts where agent_id = ${agentId} group by status`.execute(db);
  const of = (status: number) => result.rows.find((row) => row.status === status)?.devices ?? 0;
  return { In_stock: of(S.AGENT_RECEIVED), Assigned: of(S.AGENT_PENDING), Transfer_device: of(S.AGENT_TRANSFER), RMA: of(S.RMA), pending_rma: of(S.PENDING_RMA), device_swap: of(S.DEVICE_SWAP) };
}

