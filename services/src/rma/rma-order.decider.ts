import {
  type DeviceEvent,
  type DeviceState,
  INVENTORY_STATUS as S,
  NEVER_RECEIVED,
  RMA_ORDER_NUMBERS_STREAM,
  type RmaDeviceEvent,
  type RmaDeviceState,
  type RmaOrderEvent,
  type RmaOrderNumberEvent,
  type RmaOrderState,
  type RmaShipment,
  inventoryStatusName,
  rmaDeviceStream,
  rmaOrderStatuses,
  rmaOrderStream,
  rmaPrefixOf,
} from '@portal/contracts';
import { BatchRefusal, type BatchDecision } from '../platform/commands/device-batch';
import { DomainError } from '../platform/commands/command-errors';

/**
 * RMA orders (doc 2 §2 Submit RMA, RMA Status; §4; docs/RMA.md), pure. An order's stream, its
 * devices' streams and their RMA device streams change together in one append.
 */

const orderStatusName = (status: number) => rmaOrderStatuses.find((item) => item.id === status)?.name ?? `status ${status}`;
const notFound = () => new DomainError('That RMA order was not found.', 404);

// ----- Submit RMA -----

export interface SubmitRmaOrderCommand {
  /** Chosen by the command (the server). */
  readonly rma_order_id: string;
  /** The order number the counter stream gives next (its version + 1). */
  readonly number: number;
  readonly submitted_by: string;
  readonly rma_device_ids: readonly string[];
  readonly shipment: RmaShipment;
}

/**
 * Submit RMA: approved RMA devices (10, answered 2) of ONE office, none on an order already, as
 * one order numbered from the counter. A device outside the caller's scope is loaded as never
 * received: its RMA device is not found, like an unknown id. A list with one ineligible device is
 * refused whole, naming every one.
 */
export function decideSubmitRmaOrder(
  command: SubmitRmaOrderCommand,
  state: { readonly rmas: readonly RmaDeviceState[]; readonly devices: ReadonlyMap<string, DeviceState> },
): BatchDecision | DomainError {
  if (command.rma_device_ids.length === 0) return new DomainError('Please select the RMA devices', 400);
  const repeated = command.rma_device_ids.find((id, index) => command.rma_device_ids.indexOf(id) !== index);
  if (repeated) return new DomainError('An RMA device is listed twice.', 400);
  const problems: { imei: string; message: string; status: DomainError['status'] }[] = [];
  for (const rma of state.rmas) {
    const device = state.devices.get(rma.imei);
    if (rma.stage === 'none' || !device || device.status === NEVER_RECEIVED) {
      problems.push({ imei: rma.imei || rma.rma_device_id, message: 'That RMA device was not found.', status: 404 });
    } else if (device.rma_prefix !== null) {
      problems.push({ imei: rma.imei, message: `IMEI ${rma.imei} is already on RMA order ${device.rma_prefix}.`, status: 409 });
    } else if (rma.stage === 'submitted') {
      problems.push({ imei: rma.imei, message: `This RMA of IMEI ${rma.imei} was already submitted on an RMA order.`, status: 409 });
    } else if (rma.stage !== 'approved' || device.status !== S.RMA) {
      problems.push({ imei: rma.imei, message: `IMEI ${rma.imei} is not an approved RMA (${inventoryStatusName(device.status)}).`, status: 409 });
    }
  }
  if (problems.length > 0) return new BatchRefusal(problems);
  const offices = new Set(state.rmas.map((rma) => state.devices.get(rma.imei)!.office_id));
  if (offices.size > 1) return new DomainError('An RMA order holds the devices of one office: choose the devices of one office.', 400);
  const rma_prefix = rmaPrefixOf(command.number);
  const submitted: RmaOrderEvent = {
    type: 'RmaOrderSubmitted',
    data: {
      rma_order_id: command.rma_order_id,
      rma_prefix,
      office_id: [...offices][0]!,
      submitted_by: command.submitted_by,
      devices: state.rmas.map((rma) => ({ rma_device_id: rma.rma_device_id, imei: rma.imei })),
      shipment: command.shipment,
    },
  };
  const numberTaken: RmaOrderNumberEvent = { type: 'RmaOrderNumberTaken', data: { number: command.number, rma_order_id: command.rma_order_id } };
  const devices = new Map<string, DeviceEvent[]>(
    state.rmas.map((rma) => [rma.imei, [{ type: 'DeviceRmaSubmitted', data: { imei: rma.imei, rma_device_id: rma.rma_device_id, rma_order_id: command.rma_order_id, rma_prefix } }]]),
  );
  const rmaRecords = state.rmas.map((rma) => ({
    streamId: rmaDeviceStream(rma.rma_device_id),
    events: [{ type: 'RmaDeviceSubmitted', data: { rma_device_id: rma.rma_device_id, imei: rma.imei, rma_order_id: command.rma_order_id, rma_prefix } } satisfies RmaDeviceEvent],
  }));
  return {
    devices,
    records: [{ streamId: rmaOrderStream(command.rma_order_id), events: [submitted] }, { streamId: RMA_ORDER_NUMBERS_STREAM, events: [numberTaken] }, ...rmaRecords],
  };
}

// ----- The order's answer, shipping, receipt -----

/** Whether the caller may see the order: its office is in the caller's scope (docs/adr/0001: otherwise it does not exist for them). */
export interface OrderFacts {
  readonly visible: boolean;
}

/** The order's devices still in its box: 10 with its prefix (one sold meanwhile stays where it is). */
const inTheBox = (order: RmaOrderState, devices: ReadonlyMap<string, DeviceState>) =>
  order.imeis.map((imei) => devices.get(imei)).filter((device): device is DeviceState => device !== undefined && device.rma_prefix === order.rma_prefix && device.status === S.RMA);

/**
 * RMA Status's answer (doc 2 §4, §5; ours): roles 11, 12 and 1 approve (2) or reject (3) a
 * submitted order with a comment, never the manager who submitted it. Rejection takes its
 * devices off the order as 21 RMA Rejected.
 */
export function decideAnswerRmaOrder(
  command: { readonly status: 2 | 3; readonly comments: string; readonly answered_by: string },
  state: { readonly order: RmaOrderState; readonly devices: ReadonlyMap<string, DeviceState> },
  facts: OrderFacts,
): BatchDecision | DomainError {
  const { order } = state;
  if (order.status === 0 || !facts.visible) return notFound();
  if (order.submitted_by === command.answered_by) return new DomainError(`You submitted ${order.rma_prefix}: another manager approves or rejects it.`, 403);
  if (order.status !== 1) return new DomainError(`${order.rma_prefix} was already answered: it is ${orderStatusName(order.status)}.`);
  const answered: RmaOrderEvent = { type: 'RmaOrderAnswered', data: { rma_order_id: order.rma_order_id, status: command.status, comments: command.comments, answered_by: command.answered_by } };
  const devices =
    command.status === 3
      ? new Map<string, DeviceEvent[]>(inTheBox(order, state.devices).map((device) => [device.imei, [{ type: 'DeviceRmaOrderRejected', data: { imei: device.imei, rma_order_id: order.rma_order_id, rma_prefix: order.rma_prefix } }]]))
      : new Map<string, DeviceEvent[]>();
  return { devices, records: [{ streamId: rmaOrderStream(order.rma_order_id), events: [answered] }] };
}

/** UPDATE on RMA Status (doc 2 §4): only an approved order (2) is marked shipped (3). */
export function decideShipRmaOrder(command: { readonly shipped_by: string }, state: { readonly order: RmaOrderState }, facts: OrderFacts): BatchDecision | DomainError {
  const { order } = state;
  if (order.status === 0 || !facts.visible) return notFound();
  if (order.status === 3) return new DomainError(`${order.rma_prefix} is already Shipped.`);
  if (order.status !== 2) return new DomainError(`${order.rma_prefix} is ${orderStatusName(order.status)}: only an approved RMA order can be shipped.`);
  const shipped: RmaOrderEvent = { type: 'RmaOrderShipped', data: { rma_order_id: order.rma_order_id, shipped_by: command.shipped_by } };
  return { devices: new Map(), records: [{ streamId: rmaOrderStream(order.rma_order_id), events: [shipped] }] };
}

/**
 * The returns desk's receipt (ours): a shipped order (3) completes (4). The IMEIs found in the
 * boxes become 17 Returned; those the order lists but the boxes lacked stay 10 and are named on
 * the order. An IMEI the order does not list is refused (the desk checks its scan), naming it.
 */
export function decideReceiveRmaOrder(
  command: { readonly imeis: readonly string[] },
  state: { readonly order: RmaOrderState; readonly devices: ReadonlyMap<string, DeviceState> },
  facts: OrderFacts,
): BatchDecision | DomainError {
  const { order } = state;
  if (order.status === 0 || !facts.visible) return new DomainError('That RMA order was not found.', 404);
  if (order.status === 4) return new DomainError(`${order.rma_prefix} was already received.`);
  if (order.status !== 3) return new DomainError(`${order.rma_prefix} is ${orderStatusName(order.status)}: only a shipped RMA order can be received.`);
  const received = [...new Set(command.imeis)];
  const strangers = received.filter((imei) => !order.imeis.includes(imei));
  if (strangers.length > 0) return new DomainError(`IMEI ${strangers.slice(0, 5).join(', ')}${strangers.length > 5 ? ' …' : ''} ${strangers.length === 1 ? 'is' : 'are'} not on ${order.rma_prefix}.`, 400);
  const missing = order.imeis.filter((imei) => !received.includes(imei));
  const receivedSet = new Set(received);
  const devices = new Map<string, DeviceEvent[]>(
    inTheBox(order, state.devices)
      .filter((device) => receivedSet.has(device.imei))
      .map((device) => [device.imei, [{ type: 'DeviceRmaReturned', data: { imei: device.imei, rma_order_id: order.rma_order_id, rma_prefix: order.rma_prefix } }]]),
  );
  const completed: RmaOrderEvent = { type: 'RmaOrderReceived', data: { rma_order_id: order.rma_order_id, received, missing } };
  return { devices, records: [{ streamId: rmaOrderStream(order.rma_order_id), events: [completed] }] };
}
