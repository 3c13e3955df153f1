import type { OrderShipping } from './orders.events';

/** A document attached to an order (doc 2 §3 attachments_list). */
export interface OrderAttachment {
  readonly name: string;
  readonly aws_document_url: string;
}

/** One device order as Order Devices shows it (doc 2 §3 "Inventory order"), plus our fields marked. */
export interface InventoryOrderRow extends OrderShipping {
  readonly id: string;
  readonly order_prefix: string;
  /** contracts' inventoryOrderStatuses; approval_status: inventoryOrderApprovalStatuses. */
  readonly status: number;
  readonly status_text: string;
  readonly approval_status: number | null;
  /** Ours: the office ordered for, and who requested it (the requester may not approve; the console hides nothing by it). */
  readonly office_id: string;
  readonly office_name: string | null;
  readonly office_number: string | null;
  readonly office_state: string | null;
  readonly ibo_marketer_name: string | null;
  readonly requested_by: string;
  readonly requested_by_name: string | null;
  readonly created_at: string;
  readonly method_of_delivery: number;
  readonly method_of_delivery_text: string;
  readonly tracking_number: string | null;
  readonly admin_comments: string | null;
  readonly devices_requested: number;
  readonly tablets_requested: number;
  readonly sims_requested: number;
  readonly devices_approved: number;
  readonly tablets_approved: number;
  readonly sims_approved: number;
  /** Ours: what its shipment brought (null until fulfilled). */
  readonly devices_received: number | null;
  readonly tablets_received: number | null;
  readonly sims_received: number | null;
  /** Ours: the version (1, then one more per resubmit). */
  readonly version: number;
  readonly attachments_list: readonly OrderAttachment[];
  /** 1 when the order has comments (doc 2 §3), else 0. */
  readonly comments_exists: 0 | 1;
}

/** One line of an order's log (doc 2 §3 "Order log entry"), plus our fields marked. */
export interface OrderLogEntry {
  readonly inventory_request_order_id: string;
  readonly description: string;
  readonly requested_devices: number;
  readonly requested_tablets: number;
  readonly requested_sims: number;
  readonly updated_devices: number;
  readonly updated_tablets: number;
  readonly updated_sims: number;
  readonly updated_address: string | null;
  readonly approved_user_name: string | null;
  readonly comments: string | null;
  readonly status_text: string;
  readonly created_at: string;
  /** Ours: the order's version this step belongs to, and whether a later resubmit superseded it. */
  readonly version: number;
  readonly superseded: boolean;
}

/** One comment on an order (doc 2 §3 "Order comment"). */
export interface OrderComment {
  readonly created_at: string;
  readonly comments: string;
  readonly commented_by_name: string | null;
}
