import type { DeviceTypeCode } from '../inventory/inventory.codes';

/**
 * Sales' events on the device stream (`device-<imei>`, folded by contracts' `evolveDevice` like
 * every device event): a sale is an activation reported by upstream, and may be reversed
 * (docs/REPORTS.md "Sales"). The sales projection counts from these alone.
 */

/**
 * What the portal knew of the device when it recorded the sale (the sales reports' device
 * columns): its description from its stream, and the dates and orders the inventory read model
 * held. A sale row keeps what was sold as it was, like an invoice line.
 */
export interface SoldDevice {
  readonly device_type: DeviceTypeCode;
  readonly make: string | null;
  readonly model: string | null;
  readonly esn: string | null;
  readonly pallet: string | null;
  readonly carton_number: string | null;
  readonly enroll_id: string | null;
  readonly enroll_type: string | null;
  readonly etc_code: string | null;
  /** The office that first received it. */
  readonly allocated_office_id: string | null;
  /** The order it was shipped on, and that order's date (YYYY-MM-DD). */
  readonly order_id: string | null;
  readonly order_date: string | null;
  /** When it reached its office (ISO instants). */
  readonly received_at: string | null;
  readonly allocation_date: string | null;
}

export type SalesDeviceEvent =
  /** Sold (activated) upstream: sold (8). `was_in_stock` false flags an activation of a device that was not in stock. */
  | {
      type: 'DeviceActivated';
      data: {
        imei: string;
        /** The business date of the sale (YYYY-MM-DD): the day it counts for. */
        activation_date: string;
        /** Upstream's activation order (not the order the device was shipped on). */
        order_id: string | null;
        plan_name: string | null;
        subscriber_state: string | null;
        subscriber_zip: string | null;
        previous_status: number;
        was_in_stock: boolean;
        /** Who held it when it was sold: its sale counts for that office and agent. */
        office_id: string | null;
        agent_id: string | null;
        /** What was sold; absent on activations recorded before sales had its own projection. */
        device?: SoldDevice | null;
      };
    }
  /**
   * Upstream took the activation back (ours): the device returns to the status it had before the
   * sale, with the same holder, and the sale leaves every count and report.
   */
  | { type: 'ActivationReversed'; data: { imei: string; restored_status: number; office_id: string | null; agent_id: string | null; reason: string | null } };
