/**
 * What the inventory calls answer (doc 1 §3 entities, §7 calls). Lists answer
 * `{ items: { data, total, current_page } }` (page size 10); commands `{ message }`.
 * Dates are ISO strings; the console shows them as MM-DD-YYYY.
 */

/** GET managerjob_v2 (Receive Inventory), doc 1 §3 receive job. */
export interface ReceiveJobRow {
  readonly id: string;
  readonly inventory_request_order_id: string | null;
  readonly order_date: string | null;
  readonly from_office_number: string | null;
  readonly office_id: string;
  readonly office_number: string;
  readonly office_name: string;
  readonly total_carton_count: number;
  readonly total_device_count: number;
  readonly assign_source: number;
  readonly assign_source_text: string;
  /** 'Pending' while a carton waits, else 'Completed'. */
  readonly status_text: string;
  readonly decline_reason: string | null;
  readonly assigned_date: string;
}

/** POST managerdevicelist (job_id): the job's cartons (Cartons List drawer). `status` 0 waiting, 1 accepted, 2 declined. */
export interface JobCartonRow {
  readonly carton_number: string;
  readonly device_type: string;
  readonly imei_count: number;
  readonly imei: readonly string[];
  readonly status: 0 | 1 | 2;
  readonly status_text: string;
  readonly decline_reason: string | null;
}

/** A carton of a manager's stock (agentassignlist, managerinventorylist_optimisation, Transfer Inventory), doc 1 §3 carton. */
export interface CartonRow {
  readonly carton_number: string;
  readonly imei: readonly string[];
  readonly imei_device: readonly { readonly imei: string; readonly device_type: string }[];
  readonly imei_count: number;
  readonly device_type: string;
  readonly office_id: string;
  readonly office_name: string;
  readonly office_manager_id: string | null;
  readonly allocation_date: string | null;
  /** Whole days since the allocation date (of the carton's oldest device). */
  readonly device_age: number;
}

/** An office to pick (get_manager_office_list, get_other_office_list). */
export interface OfficeOption {
  readonly id: string;
  readonly name: string;
  readonly office_number: string;
  /** Its state's short code (doc 2 §5: Order Devices offers phones and tablets only for CA). */
  readonly short_code?: string;
}

/** An agent to pick (agent_list_for_office, manager_agents_list), doc 1 §3. */
export interface AgentOption {
  readonly id: string;
  readonly full_name: string;
  readonly office_number: string;
  readonly office_id: string;
}

/** GET transfer_request (Accept Transfer), doc 1 §3 transfer request. */
export interface TransferRequestRow {
  readonly transfer_job_id: string;
  readonly agent_id: string;
  readonly agent_name: string;
  readonly office_name: string;
  readonly transfer_count: number;
  readonly reason: string;
  readonly created_date: string;
  readonly imei: readonly string[];
}

/** GET reassign_inventory_list: one device in status 3, 4 or 5. */
export interface ReassignRow {
  readonly imei: string;
  readonly carton_number: string;
  readonly device_type: string;
  readonly status: number;
  readonly status_name: string;
  readonly office_id: string;
  readonly office_name: string;
  readonly agent_id: string | null;
  readonly agent_name: string | null;
  readonly assigned_date: string | null;
  readonly device_age: number | null;
}

/** GET /api/v1/agent/agentinventorylistv1: the agent's own device (doc 1 §3 agent inventory device). */
export interface AgentDeviceRow {
  readonly imei: string;
  readonly device_age: number | null;
  readonly device_type: string;
  readonly status: number;
  readonly status_name: string;
  readonly assigned_date: string | null;
  readonly carton: string;
  readonly manager_id: string | null;
}

/** GET /api/v1/agent/agentassignlist: a job of devices waiting for the agent (doc 1 §3 agent transfer job). */
export interface AgentJobRow {
  readonly job_id: string;
  readonly imei_device: readonly { readonly imei: string; readonly device_type: string }[];
  readonly total_device_count: number;
  readonly manager_name: string;
  readonly manager_id: string;
  readonly created_at: string;
}

/** GET /api/v1/dashboard_count → `{ data: { data: ManagerCounts } }` (doc 1 §3 manager counts). */
export interface ManagerCounts {
  readonly Received: number;
  readonly pending_manager: number;
  readonly assigned: number;
  readonly In_stock: number;
  readonly manager_not_received: number;
  readonly transfer: number;
  readonly rma: number;
  readonly rma_pending: number;
  readonly device_swap: number;
  readonly sim_instock: number;
  readonly sim_sold: number;
  /** The In Stock card: Received + pending_manager + assigned + In_stock + manager_not_received + transfer. */
  readonly total_in_stock: number;
}

/** GET /api/v1/agent/agentdashboard → `{ data: AgentCounts }` (doc 1 §3 agent summary counts). */
export interface AgentCounts {
  readonly In_stock: number;
  readonly Assigned: number;
  readonly Transfer_device: number;
  readonly RMA: number;
  readonly pending_rma: number;
  readonly device_swap: number;
}

/** A device log row's own small code set (DESIGN.md §11): not the inventory statuses. */
export const DEVICE_LOG_STATUS = { IN_STOCK: 5, TRANSFER: 7, SOLD: 8 } as const;

/** GET /api/v1/device_log/:imei → `{ items: DeviceLogRow[] }`, oldest first. */
export interface DeviceLogRow {
  readonly imei: string;
  readonly short_description: string;
  readonly created_at: string;
  readonly status: number;
  readonly type: string;
  /** A log row is never edited (a correction is a new row): the same instant as created_at. */
  readonly updated_at: string;
}

/**
 * A refused manifest upload (POST receive_manifest, 400 or 409; nothing was received): the
 * error shape's `fields`, one entry per bad row — `'row 7'` → that row's problems joined by '; '
 * (the heading is row 1).
 */
export type ManifestProblems = Readonly<Record<string, string>>;
