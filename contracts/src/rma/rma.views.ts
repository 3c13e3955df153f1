/** One RMA device as RMA's lists show it (doc 2 §3 "RMA device request" and "RMA device"). */
export interface RmaDeviceRow {
  readonly id: string;
  readonly imei: string;
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
