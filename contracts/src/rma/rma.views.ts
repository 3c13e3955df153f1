/** One RMA device as RMA's lists show it (doc 2 §3 "RMA device request" and "RMA device"). */
export interface RmaDeviceRow {
  readonly id: string;
  readonly imei: string;
  /** Ours: the office it is of (Submit RMA takes the devices of one office per order). */
  readonly office_id: string;
  readonly office_name: string | null;
  readonly office_number: string | null;
  readonly agent_name: string | null;
  readonly manager_name: string | null;
  /** 1 Pending, 2 Approved, 3 Rejected (contracts' rmaDeviceStatuses). */
  readonly status: number;
  readonly status_text: string;
  /** Who opened it: an agent's request, or a manager's initiation. */
  readonly opened_by: 'agent' | 'manager';
  /** An agent's request not yet answered by the office manager. */
  readonly awaiting_manager: boolean;
  readonly reason: string;
  readonly reason_text: string;
  readonly reason_two_text: string | null;
  readonly notes: string | null;
  readonly comments: string | null;
  readonly created_at: string;
  readonly created_date: string;
  /** The photo sent with it (GET manager/rma_device_image/:id, bearer token), or null when none. */
  readonly device_image_url: string | null;
  /** The RMA order it was submitted on (Submit RMA), and that order's status name; null before. */
  readonly rma_prefix: string | null;
  readonly order_status_text: string | null;
}

/**
 * One RMA device on the RMA device Status report (doc 2 §3 "RMA device"): the request's fields
 * with the device's own (age, inventory status, carton) and its order.
 */
export interface RmaDeviceStatusRow extends RmaDeviceRow {
  readonly device_age: number | null;
  /** The device's inventory status now (doc 1 §4 names). */
  readonly status_name: string;
  readonly carton: string | null;
}

/** A document an RMA order carries, behind a signed link (doc 2 §3 attachments_list). */
export interface RmaOrderAttachment {
  readonly name: string;
  readonly aws_document_url: string;
}

/** One RMA order as RMA Status shows it (doc 2 §3 "RMA order"), plus our fields marked. */
export interface RmaOrderRow {
  readonly id: string;
  readonly rma_prefix: string;
  /** 1 Submitted, 2 Approved, 3 Shipped, 4 Completed, 5 Rejected (contracts' rmaOrderStatuses). */
  readonly status: number;
  readonly order_status_text: string;
  readonly ibo_market_name: string | null;
  readonly office_name: string | null;
  readonly office_number: string | null;
  readonly submitted_user_name: string | null;
  /** Ours: who submitted it (the console disables Approve/Reject for them; the server refuses anyway). */
  readonly submitted_user_id: string;
  readonly no_of_boxes: number;
  readonly rma_device_count: number;
  readonly approved_at: string | null;
  readonly comments: string | null;
  /** Signed links to the PDFs (GET /api/v1/rma_orders/:id/documents/:document); the label only once approved. */
  readonly rma_form_url: string;
  readonly rma_shipping_label_url: string | null;
  readonly attachments_list: readonly RmaOrderAttachment[];
  readonly created_at: string;
  /** Ours: where it ships from. */
  readonly address: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  /** Ours: IMEIs the returns desk did not find in the boxes (completed orders). */
  readonly missing_imeis: readonly string[];
}

/** A device Initiate RMA offers (doc 2 §2: IMEI, Office, Age (Days), status, Carton Number). */
export interface RmaCandidateRow {
  readonly imei: string;
  readonly office_name: string;
  readonly office_number: string | null;
  readonly agent_name: string | null;
  readonly device_age: number | null;
  readonly status: number;
  readonly status_name: string;
  readonly carton_number: string | null;
}
