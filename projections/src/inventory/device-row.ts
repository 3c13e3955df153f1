import { DEVICE_LOG_STATUS, type DeviceEvent, type DeviceState, type InventoryEvent, evolveDevice, initialDeviceState, inventoryStatusName } from '@portal/contracts';

/**
 * How the inventory projection turns a device event into its row and its log line. Custody
 * (status, holder, job) comes from contracts' evolveDevice, the write side's own state machine.
 */

/** A device row as the projection keeps it (ids, never names: DESIGN.md §5). */
export interface DeviceRow {
  imei: string;
  status: number;
  office_id: string;
  allocated_office_id: string;
  agent_id: string | null;
  manager_id: string | null;
  job_id: string | null;
  carton_number: string;
  agent_job_id: string | null;
  transfer_id: string | null;
  device_type: string;
  make: string | null;
  model: string | null;
  esn: string | null;
  pallet: string | null;
  enroll_id: string | null;
  enroll_type: string | null;
  etc_code: string | null;
  source: number;
  order_id: string | null;
  decline_reason: string | null;
  received_at: string;
  /** When the device reached its current office's stock (age counts from here, DESIGN.md §11). */
  allocation_date: string | null;
  /** When it was last handed to an agent. */
  assigned_date: string | null;
  /**
   * Where its age counts from: the allocation date, or while it has none (manager pending or
   * declined) when it arrived at its current office (DESIGN.md §11 device age).
   */
  aged_from: string;
  activation_date: string | null;
  plan_name: string | null;
  activation_order_id: string | null;
  image_file: string | null;
  /** The RMA order the device was submitted on (docs/RMA.md), from custody. */
  rma_prefix: string | null;
  updated_at: string;
}

export const DEVICE_COLUMNS = [
  'imei', 'status', 'office_id', 'allocated_office_id', 'agent_id', 'manager_id', 'job_id', 'carton_number', 'agent_job_id', 'transfer_id',
  'device_type', 'make', 'model', 'esn', 'pallet', 'enroll_id', 'enroll_type', 'etc_code', 'source', 'order_id', 'decline_reason',
  'received_at', 'allocation_date', 'assigned_date', 'aged_from', 'activation_date', 'plan_name', 'activation_order_id', 'image_file', 'rma_prefix', 'updated_at',
] as const satisfies readonly (keyof DeviceRow)[];

/** Device log codes (DESIGN.md §11: 5 in stock, 7 transfer, 8 sold) and the words of each event. */
const LOG = DEVICE_LOG_STATUS;

export function logLine(event: DeviceEvent): { status: number; short_description: string } {
  switch (event.type) {
    case 'DeviceReceived':
      return { status: LOG.IN_STOCK, short_description: `Received in carton ${event.data.carton_number}${event.data.order_id ? ` on order ${event.data.order_id}` : ''}` };
    case 'DeviceAcceptedByManager':
      return { status: LOG.IN_STOCK, short_description: 'Accepted by the manager' };
    case 'DeviceDeclinedByManager':
      return { status: LOG.IN_STOCK, short_description: `Declined by the manager: ${event.data.reason}` };
    case 'DeviceAssigned':
      return { status: LOG.TRANSFER, short_description: event.data.previous_agent_id ? 'Reassigned to another agent' : 'Assigned to an agent' };
    case 'DeviceAcceptedByAgent':
      return { status: LOG.IN_STOCK, short_description: 'Accepted by the agent' };
    case 'DeviceReturnedByAgent':
      return { status: LOG.TRANSFER, short_description: 'Not accepted by the agent: back with the manager' };
    case 'DeviceTransferRequested':
      return { status: LOG.TRANSFER, short_description: `Transfer to the manager requested: ${event.data.reason}` };
    case 'DeviceTransferAccepted':
      return { status: LOG.IN_STOCK, short_description: 'Transfer accepted by the manager' };
    case 'DeviceTransferRejected':
      return { status: LOG.IN_STOCK, short_description: 'Transfer rejected by the manager: back with the agent' };
    case 'DeviceSentToOffice':
      return { status: LOG.TRANSFER, short_description: event.data.agent_id ? 'Transferred to an agent of another office' : 'Transferred to another office' };
    case 'DeviceReassignedToManager':
      return { status: LOG.TRANSFER, short_description: "Reassigned to an office's manager stock" };
    case 'DeviceActivated':
      return {
        status: LOG.SOLD,
        short_description: event.data.was_in_stock ? `Activated${event.data.plan_name ? ` on ${event.data.plan_name}` : ''}` : `Activated while not in stock (${inventoryStatusName(event.data.previous_status)})`,
      };
    case 'ActivationReversed':
      return { status: LOG.IN_STOCK, short_description: `Activation reversed: back to ${inventoryStatusName(event.data.restored_status)}${event.data.reason ? ` (${event.data.reason})` : ''}` };
    case 'DeviceImageUploaded':
      return { status: LOG.IN_STOCK, short_description: 'Image uploaded' };
    // RMA (docs/RMA.md): the device stays with its holder; each step in words.
    case 'DeviceRmaOpened':
      return { status: LOG.IN_STOCK, short_description: event.data.opened_by === 'agent' ? 'Return requested by the agent (Pending RMA)' : 'RMA initiated by the manager (Pending RMA)' };
    case 'DeviceRmaRequestAccepted':
      return { status: LOG.IN_STOCK, short_description: 'Return request accepted by the manager: awaiting RMA approval' };
    case 'DeviceRmaRequestDeclined':
      return { status: LOG.IN_STOCK, short_description: 'Return request declined by the manager' };
    case 'DeviceRmaApproved':
      return { status: LOG.IN_STOCK, short_description: 'RMA approved' };
    case 'DeviceRmaRejected':
      return { status: LOG.IN_STOCK, short_description: 'RMA rejected' };
    case 'DeviceMarkedOutOfService':
      return { status: LOG.IN_STOCK, short_description: `Marked ${event.data.status === 16 ? 'lost' : 'defective'}${event.data.notes ? `: ${event.data.notes}` : ''}` };
    case 'DeviceReturnedToStock':
      return { status: LOG.IN_STOCK, short_description: 'Returned to stock' };
    case 'DeviceSwappedOut':
      return { status: LOG.TRANSFER, short_description: `Brought back by its customer in a device swap for ${event.data.replacement_imei}: ${event.data.reason}` };
    case 'DeviceSwappedIn':
      return { status: LOG.SOLD, short_description: `Handed over in a device swap for ${event.data.sold_imei}, carrying its activation` };
    case 'DeviceRmaSubmitted':
      return { status: LOG.TRANSFER, short_description: `Submitted for return on RMA order ${event.data.rma_prefix}` };
    case 'DeviceRmaOrderRejected':
      return { status: LOG.IN_STOCK, short_description: `RMA order ${event.data.rma_prefix} rejected: off the order (RMA Rejected)` };
    case 'DeviceRmaReturned':
      return { status: LOG.TRANSFER, short_description: `Received by the returns desk on RMA order ${event.data.rma_prefix} (Returned)` };
  }
}

/** The row a device event leaves, its age base set (`row` undefined only before DeviceReceived). */
export function evolveRow(row: DeviceRow | undefined, event: DeviceEvent, at: string, actor: string): DeviceRow | undefined {
  const next = moveRow(row, event, at, actor);
  if (!next) return undefined;
  // Arriving at an office (shipped, or sent from another office) restarts the age; otherwise it is the allocation date's.
  const arrived = event.type === 'DeviceReceived' || (event.type === 'DeviceSentToOffice' && !event.data.agent_id);
  return { ...next, aged_from: next.allocation_date ?? (arrived || !row ? at : row.aged_from) };
}

/** The custody part of a row: what the write side's state machine (contracts' evolveDevice) tracks. */
const custodyOf = (row: DeviceRow): DeviceState => ({
  imei: row.imei,
  status: row.status,
  office_id: row.office_id,
  agent_id: row.agent_id,
  job_id: row.job_id,
  carton_number: row.carton_number,
  agent_job_id: row.agent_job_id,
  transfer_id: row.transfer_id,
  rma_prefix: row.rma_prefix,
  // Not a row column: no row field derives from it (a reversal names the status it restores).
  sold_from_status: null,
});

/**
 * Where a device event leaves the device: who holds it and in which status come from the ONE
 * state machine the deciders use (contracts' `evolveDevice`), so the two can never drift; this
 * adds only what the reports show beyond custody (dates, who handed it over, sale details).
 */
function moveRow(row: DeviceRow | undefined, event: DeviceEvent, at: string, actor: string): DeviceRow | undefined {
  if (event.type === 'DeviceReceived') {
    const data = event.data;
    const custody = evolveDevice(initialDeviceState(data.imei), event);
    return {
      imei: data.imei,
      status: custody.status,
      office_id: data.office_id,
      allocated_office_id: row?.allocated_office_id ?? data.office_id,
      agent_id: custody.agent_id,
      manager_id: null,
      job_id: custody.job_id,
      carton_number: data.carton_number,
      agent_job_id: custody.agent_job_id,
      transfer_id: custody.transfer_id,
      device_type: data.device_type,
      make: data.make,
      model: data.model,
      esn: data.esn,
      pallet: data.pallet,
      enroll_id: data.enroll_id,
      enroll_type: data.enroll_type,
      etc_code: data.etc_code,
      source: data.source,
      order_id: data.order_id,
      decline_reason: null,
      received_at: at,
      allocation_date: null,
      assigned_date: null,
      aged_from: at,
      activation_date: null,
      plan_name: null,
      activation_order_id: null,
      image_file: row?.image_file ?? null,
      rma_prefix: custody.rma_prefix,
      updated_at: at,
    };
  }
  if (!row) return undefined;
  const custody = evolveDevice(custodyOf(row), event);
  const next: DeviceRow = {
    ...row,
    status: custody.status,
    office_id: custody.office_id ?? row.office_id,
    agent_id: custody.agent_id,
    job_id: custody.job_id,
    agent_job_id: custody.agent_job_id,
    transfer_id: custody.transfer_id,
    rma_prefix: custody.rma_prefix,
    updated_at: at,
  };
  const movedOffice = next.office_id !== row.office_id;
  switch (event.type) {
    case 'DeviceAcceptedByManager':
      return { ...next, allocation_date: at, manager_id: actor };
    case 'DeviceDeclinedByManager':
      return { ...next, decline_reason: event.data.reason };
    case 'DeviceAssigned':
      return { ...next, manager_id: event.data.manager_id, assigned_date: at, allocation_date: movedOffice ? at : row.allocation_date };
    case 'DeviceSentToOffice':
      return event.data.agent_id ? { ...next, manager_id: event.data.manager_id, assigned_date: at, allocation_date: at } : { ...next, allocation_date: null };
    case 'DeviceReassignedToManager':
      return { ...next, allocation_date: movedOffice ? at : row.allocation_date };
    case 'DeviceActivated':
      return { ...next, activation_date: event.data.activation_date, plan_name: event.data.plan_name, activation_order_id: event.data.order_id };
    case 'ActivationReversed':
      // The sale is taken back: the device is as it was before it (its status from custody).
      return { ...next, activation_date: null, plan_name: null, activation_order_id: null };
    case 'DeviceImageUploaded':
      return { ...next, image_file: event.data.file };
    case 'DeviceSwappedIn':
      // The replacement carries the sold device's activation: the sale stays where it was counted.
      return { ...next, activation_date: event.data.activation_date, plan_name: event.data.plan_name, activation_order_id: event.data.order_id };
    case 'DeviceSwappedOut':
      // Back from the customer: no longer a sale of this device.
      return { ...next, activation_date: null, plan_name: null, activation_order_id: null };
    case 'DeviceRmaOpened':
    case 'DeviceRmaRequestAccepted':
    case 'DeviceRmaRequestDeclined':
    case 'DeviceRmaApproved':
    case 'DeviceRmaRejected':
    case 'DeviceMarkedOutOfService':
    case 'DeviceReturnedToStock':
    case 'DeviceRmaSubmitted':
    case 'DeviceRmaOrderRejected':
    case 'DeviceRmaReturned':
    case 'DeviceAcceptedByAgent':
    case 'DeviceReturnedByAgent':
    case 'DeviceTransferRequested':
    case 'DeviceTransferAccepted':
    case 'DeviceTransferRejected':
      return next;
    default: {
      // Every device event is handled above: a new one fails to compile here.
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** Every device event type, each once: a Record over the union, so a new event type cannot be left out. */
const DEVICE_EVENT_TYPE_SET: Record<DeviceEvent['type'], true> = {
  DeviceReceived: true, DeviceAcceptedByManager: true, DeviceDeclinedByManager: true, DeviceAssigned: true, DeviceAcceptedByAgent: true,
  DeviceReturnedByAgent: true, DeviceTransferRequested: true, DeviceTransferAccepted: true, DeviceTransferRejected: true, DeviceSentToOffice: true,
  DeviceReassignedToManager: true, DeviceActivated: true, ActivationReversed: true, DeviceImageUploaded: true,
  DeviceRmaOpened: true, DeviceRmaRequestAccepted: true, DeviceRmaRequestDeclined: true, DeviceRmaApproved: true, DeviceRmaRejected: true,
  DeviceMarkedOutOfService: true, DeviceReturnedToStock: true, DeviceSwappedOut: true, DeviceSwappedIn: true,
  DeviceRmaSubmitted: true, DeviceRmaOrderRejected: true, DeviceRmaReturned: true,
};
const DEVICE_EVENT_TYPES = Object.keys(DEVICE_EVENT_TYPE_SET) as DeviceEvent['type'][];
export const isDeviceEvent = (event: InventoryEvent): event is DeviceEvent => (DEVICE_EVENT_TYPES as readonly string[]).includes(event.type);

export const INVENTORY_EVENT_TYPES: readonly InventoryEvent['type'][] = [
  ...DEVICE_EVENT_TYPES,
  'ReceiveJobCreated', 'ReceiveJobCartonsAccepted', 'ReceiveJobCartonsDeclined', 'AgentJobCreated', 'AgentJobAnswered', 'TransferRequested', 'TransferAnswered',
];

