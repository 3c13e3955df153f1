import type { SalesCardKey, SalesCounts } from './sales.periods';

/** A row of the Detailed Sales Report (doc 2 §2, §3): the sale as recorded, names joined. */
export interface DetailedSalesRow {
  readonly imei: string;
  /** Hidden on the screen for roles 11 and 3 (doc 2 §6). */
  readonly ibo_name: string | null;
  readonly allocated_office_name: string | null;
  readonly office_id: string;
  readonly office_name: string | null;
  readonly office_number: string | null;
  readonly agent_id: string | null;
  readonly agent_name: string | null;
  readonly enroll_id: string | null;
  /** The ETC code (the spec's field name, as on the inventory rows). */
  readonly excess_code: string | null;
  readonly pallet: string | null;
  readonly carton: string | null;
  readonly enroll_type: string | null;
  readonly esn: string | null;
  /** The date of the order the device was shipped on (YYYY-MM-DD). */
  readonly order_date: string | null;
  /** The business date of the sale (YYYY-MM-DD). */
  readonly activation_date: string;
  readonly allocation_date: string | null;
  readonly plan_name: string | null;
  readonly device_type: string;
  readonly subscriber_state: string | null;
  readonly subscriber_zip: string | null;
}

/** A row of the Agent Sales Detailed Report (doc 2 §2). */
export interface AgentSalesRow {
  readonly imei: string;
  readonly enroll_id: string | null;
  readonly pallet: string | null;
  readonly carton: string | null;
  readonly order_date: string | null;
  readonly activation_date: string;
  readonly received_date: string | null;
  readonly plan_name: string | null;
  readonly device_type: string;
}

/** Sales summary rows (doc 2 §3): the holder's id and name with a count per period. */
export type AgentSalesSummaryRow = SalesCounts & { readonly agent_id: string; readonly agent_name: string; readonly office_name: string | null; readonly office_number: string | null };
export type OfficeSalesSummaryRow = SalesCounts & { readonly office_id: string; readonly office_name: string; readonly office_number: string | null };
export type ManagerSalesSummaryRow = SalesCounts & { readonly office_manager_id: string; readonly office_manager_name: string };
export type IboSalesSummaryRow = SalesCounts & { readonly ibo_market_id: string; readonly ibo_market_name: string };

/** The Sales Summary cards (doc 1 §3 `activation_count`). */
export type ActivationCount = Record<SalesCardKey, number>;

/** The Inventory Summary aging cards (doc 1 §3 `inventory_aging`): in-stock devices per age band, and all of them. */
export interface InventoryAging {
  readonly LT15: number;
  readonly LT30: number;
  readonly LT45: number;
  readonly LT90: number;
  readonly GT90: number;
  readonly Grand_Total: number;
}

/** One day of the 30-day activation trend (ours). */
export interface ActivationTrendDay {
  readonly date: string;
  readonly activations: number;
}

/** GET manager_sales_dashboard / agent_sales_dashboard: `data.data` (doc 1 §7). */
export interface SalesDashboard {
  readonly activation_count: ActivationCount;
  readonly inventory_aging: InventoryAging;
  /** Ours: activations per business day, today − 29 … today. */
  readonly activation_trend: readonly ActivationTrendDay[];
  /** Ours: the business's today the counts were taken on. */
  readonly as_of_date: string;
}
