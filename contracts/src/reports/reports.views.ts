import type { Page } from '../platform/page';
/**
 * What the report calls answer (doc 1 §3 rows, §7 calls). Paged lists answer
 * `{ items: { data, total, current_page, estimated? } }`; `estimated` is true only when the
 * filter matches more than ESTIMATE_ABOVE devices and the total is an estimate.
 */

/**
 * Above this many matching devices a device report may answer an estimated total, and says so
 * (docs/REPORTS.md). Counting exactly is cheap below it; counting 100,000 devices spread over a
 * million read most of the table (140-550 ms: issue 26 lowered it from 100,000).
 */
export const ESTIMATE_ABOVE = 10_000;


/** A device row of the Inventory Detailed Report (doc 1 §2.11, §3). */
export interface DetailedDeviceRow {
  readonly imei: string;
  readonly ibo_name: string | null;
  readonly allocated_office_name: string | null;
  readonly office_name: string | null;
  readonly agent_name: string | null;
  readonly make: string | null;
  readonly enroll_id: string | null;
  /** The ETC code (the spec's field name). */
  readonly excess_code: string | null;
  readonly model: string | null;
  readonly pallet: string | null;
  readonly carton: string;
  readonly enroll_type: string | null;
  readonly esn: string | null;
  readonly device_type: string;
  readonly status: number;
  readonly status_name: string;
  readonly allocation_date: string | null;
  /** Whole days in the current office, in the business's time zone (DESIGN.md §11). */
  readonly device_age: number;
  readonly order_info: { readonly order_prefix: string | null };
  readonly rma_order_info: { readonly rma_prefix: string | null };
  readonly activation_date: string | null;
}

/** A Legacy Data row (doc 1 §2.12): the detailed row plus retailer, order date and plan; `retailer_name` only for role 1. */
export interface LegacyDeviceRow {
  readonly imei: string;
  readonly retailer_name?: string | null;
  readonly ibo_name: string | null;
  readonly allocated_office_name: string | null;
  readonly office_name: string | null;
  readonly agent_name: string | null;
  readonly excess_code: string | null;
  readonly enroll_id: string | null;
  readonly order_prefix: string | null;
  readonly rma_prefix: string | null;
  readonly pallet: string | null;
  readonly carton: string;
  readonly enroll_type: string | null;
  readonly esn: string | null;
  readonly order_date: string | null;
  readonly activation_date: string | null;
  readonly allocation_date: string | null;
  readonly status: number;
  readonly status_name: string;
  readonly plan_name: string | null;
  readonly device_type: string;
}

/** The counts every by-* summary row carries (doc 1 §3 manager summary row). */
export interface InventorySummaryCounts {
  /** The in-stock group (doc 1 §4): the dashboard's In Stock card, per row. */
  readonly in_stock: number;
  readonly sold_30_days: number;
  readonly manager_pending: number;
  readonly manager_assigned: number;
  readonly agent_pending: number;
  readonly agent_transfer: number;
  readonly agent_assigned: number;
}

export interface ManagerSummaryRow extends InventorySummaryCounts {
  readonly office_manager_id: string;
  readonly office_manager_name: string;
}

export interface IboSummaryRow extends InventorySummaryCounts {
  readonly ibo_market_id: string;
  readonly ibo_market_name: string;
}

/** Inventory by agents (agentlist_with_pagination): doc 1 §3 agent inventory row. */
export interface AgentSummaryRow {
  readonly agent_id: string;
  readonly agent_name: string;
  readonly office_name: string | null;
  readonly agent_assigned: number;
  readonly agent_pending: number;
  readonly sold_30_days: number;
}

/** Inventory by offices (inventory_summary_for_manager_with_pagination): doc 1 §3 office row. */
export interface OfficeSummaryRow {
  readonly office_id: string;
  readonly office_name: string;
  readonly in_stock: number;
  readonly manager_pending: number;
  readonly sold_30_days: number;
}

/** Grand totals of the by-managers and by-IBOs reports (doc 1 §3), also the total cards. */
export interface SummaryGrandTotals {
  readonly in_stock: number;
  readonly manager_pending: number;
  readonly sold_30_days: number;
}

/** Summary cards of the by-agents and by-offices reports (ours: the spec names "summary cards"). */
export interface AgentGrandTotals {
  readonly agent_assigned: number;
  readonly agent_pending: number;
  readonly sold_30_days: number;
}

export interface SummaryAnswer<Row, Totals> {
  readonly items: Page<Row> & { readonly current: number };
  readonly grand_totals: Totals;
}

/** The five bucket columns, counts as strings (doc 1 §3 aged inventory row). */
export interface AgedBuckets {
  readonly days1_15: string;
  readonly days16_30: string;
  readonly days31_45: string;
  readonly days46_90: string;
  readonly days91: string;
}

/** An aged inventory row: one holder and one device type. The holder's name/id fields depend on the report (doc 1 §3). */
export interface AgedRow extends AgedBuckets {
  readonly Product_Type: string;
  readonly Agent_name?: string;
  readonly agent_id?: string;
  readonly office_manager_name?: string;
  readonly office_manager_id?: string;
  readonly ibo_name?: string;
  readonly ibo_marketer_id?: string;
  /** An office row's name; on an agent row, the agent's office (with its number), telling apart agents of one name. */
  readonly office_name?: string | null;
  readonly office_number?: string | null;
  readonly office_id?: string;
  /** Sum of the five buckets (ours: the table's Total column). */
  readonly total: string;
}

export interface AgedAnswer {
  readonly items: Page<AgedRow>;
  readonly grand_totals: AgedBuckets & { readonly total: string };
}
