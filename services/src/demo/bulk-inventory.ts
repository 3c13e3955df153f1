import {
  ANSWER,
  type ActivationBody,
  type AnswerCartonsBody,
  type DeviceState,
  type DeviceTypeCode,
  type Position,
  START,
  type ReceiveShipmentBody,
  type RmaDeviceEvent,
  type RmaDeviceState,
  RMA_ORDER_NUMBERS_STREAM,
  type RmaOrderEvent,
  type InventoryOrderEvent,
  type InventoryOrderState,
  type ReceiveJobEvent,
  evolveInventoryOrder,
  initialInventoryOrderState,
  inventoryOrderStream,
  receiveJobStream,
  type RmaOrderState,
  type SubmitRmaOrderBody,
  type AnswerInventoryOrderBody,
  type CreateInventoryOrderBody,
  type ResubmitInventoryOrderBody,
  INVENTORY_ORDER_NUMBERS_STREAM,
  orderPrefixOf,
  deviceStream,
  evolveRmaOrder,
  initialRmaOrderState,
  rmaOrderStream,
  rmaPrefixOf,
  evolveDevice,
  evolveRmaDevice,
  initialDeviceState,
  initialRmaDeviceState,
  rmaDeviceStream,
} from '@portal/contracts';
import { type DeviceRow, type Scope, evolveRow, soldDeviceFromRow } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import type { BatchDecision, BatchResult } from '../platform/commands/device-batch';
import type { EventStore, NewEvent } from '../platform/event-store/event-store';
import { type AgentJobState, decideAnswerAgentJob, decideAssignDevice } from '../inventory/agent-job.decider';
import { decideTransferDevice } from '../inventory/office-transfer.decider';
import { decideAnswerCartons, decideReceiveCarton, foldReceiveJob } from '../inventory/receive-job.decider';
import { decideRequestTransfer } from '../inventory/transfer.decider';
import { type ReverseActivationCommand, decideRecordActivation, decideReverseActivation } from '../sales/activation.decider';
import { decideAnswerRequest, decideAnswerRma, decideDeviceSwap, decideMarkOutOfService, decideOpenRma, decideReturnToStock } from '../rma/rma-device.decider';
import type { RmaAnswerKind } from '../rma/answer-rma-devices.command';
import { decideAnswerRmaOrder, decideReceiveRmaOrder, decideShipRmaOrder, decideSubmitRmaOrder } from '../rma/rma-order.decider';
import type { SubmitRmaOrderResult } from '../rma/submit-rma-order.command';
import { decideAnswerOrder, decideRequestOrder, decideResubmitOrder } from '../orders/inventory-order.decider';
import { quantitiesOf, shippingOf } from '../orders/order-fields';
import type { RequestOrderResult } from '../orders/request-order.command';
import { pendingImage } from '../platform/storage/images';
import type { UploadStorage } from '../platform/storage/uploads';
import type { RmaAnswer, SeedInventory, SeedRmaRequest } from './seed-inventory';

/** Buffered events of one stream, appended at the next flush. */
interface PendingStream {
  readonly expectedVersion: number;
  readonly events: NewEvent[];
}

/**
 * The demo seed's bulk path (`seed --devices 1000000`): the inventory commands' own deciders on
 * the same inputs, but with every device's state and every record kept in memory (the seed is
 * the only writer of a fresh store; the facts the commands read from the read models are what it
 * made itself) and the events appended in large atomic batches instead of one command at a time.
 * A test proves it leaves the same read models as the commands (test/projections/bulk-seed.e2e.ts).
 * Only for seeding an empty store: it never reads what others wrote.
 */
export class BulkInventory implements SeedInventory {
  /** Each device's state, its stream's version, and its row as the inventory projection would write it (the facts a sale records). */
  private readonly devices = new Map<string, { state: DeviceState; version: number; deviceType: DeviceTypeCode; row?: DeviceRow }>();
  private readonly versions = new Map<string, number>();
  /** Each receive job's events (folded by the deciders' own foldReceiveJob) and its cartons' IMEIs (the read model's answer to the commands). */
  private readonly receiveJobs = new Map<string, { readonly events: ReceiveJobEvent[]; imeisOf: ReadonlyMap<string, readonly string[]> }>();
  private readonly inventoryOrders = new Map<string, InventoryOrderState>();
  private readonly agentJobs = new Map<string, AgentJobState>();
  private readonly rmaDevices = new Map<string, RmaDeviceState>();
  private readonly rmaOrders = new Map<string, RmaOrderState>();
  /** Each sold device's activation, as the read model would answer it (a swap carries it over). */
  private readonly activations = new Map<string, { activation_date: string; plan_name: string | null; order_id: string | null }>();
  private readonly pending = new Map<string, PendingStream>();
  private pendingEvents = 0;
  private position: Position = START;

  constructor(
    private readonly store: EventStore,
    private readonly options: {
      /** Each office's state (device orders: phones and tablets only for CA). */
      readonly stateOf?: ReadonlyMap<string, string>;
      /** Events buffered before the next shipment appends them: fewer per append, shorter each append holds the database. */
      readonly flushEvents?: number;
      /** The retailer of each office (a transfer stays within one retailer). */
      readonly retailerOf?: ReadonlyMap<string, string>;
      /** Where a request's photo is kept (without one, photos are left out). */
      readonly uploads?: UploadStorage;
    } = {},
  ) {}

  private statesOf(imeis: readonly string[]): Map<string, DeviceState> {
    return new Map(imeis.map((imei) => [imei, this.devices.get(imei)?.state ?? initialDeviceState(imei)]));
  }

  /** Keeps what a decider decided: folds the devices' events into memory and buffers every stream's events. */
  private keep(decision: BatchDecision | DomainError, context: CommandContext): void {
    if (decision instanceof DomainError) throw decision;
    for (const [imei, events] of decision.devices) {
      const device = this.devices.get(imei)!;
      device.state = events.reduce(evolveDevice, device.state);
      for (const event of events) device.row = evolveRow(device.row, event, context.now.toISOString(), context.actor.user_id) ?? device.row;
      this.buffer(deviceStream(imei), device.version, events, context);
      device.version += events.length;
    }
    for (const record of decision.records) {
      if (record.streamId.startsWith(rmaDeviceStream(''))) {
        const id = record.streamId.slice(rmaDeviceStream('').length);
        this.rmaDevices.set(id, (record.events as RmaDeviceEvent[]).reduce(evolveRmaDevice, this.rmaDevices.get(id) ?? initialRmaDeviceState(id)));
      } else if (record.streamId.startsWith(receiveJobStream(''))) {
        const id = record.streamId.slice(receiveJobStream('').length);
        const job = this.receiveJobs.get(id) ?? { events: [] as ReceiveJobEvent[], imeisOf: new Map<string, readonly string[]>() };
        job.events.push(...(record.events as ReceiveJobEvent[]));
        this.receiveJobs.set(id, job);
      } else if (record.streamId.startsWith(inventoryOrderStream('')) && record.streamId !== INVENTORY_ORDER_NUMBERS_STREAM) {
        const id = record.streamId.slice(inventoryOrderStream('').length);
        this.inventoryOrders.set(id, (record.events as InventoryOrderEvent[]).reduce(evolveInventoryOrder, this.inventoryOrders.get(id) ?? initialInventoryOrderState(id)));
      } else if (record.streamId.startsWith(rmaOrderStream('')) && record.streamId !== RMA_ORDER_NUMBERS_STREAM) {
        const id = record.streamId.slice(rmaOrderStream('').length);
        this.rmaOrders.set(id, (record.events as RmaOrderEvent[]).reduce(evolveRmaOrder, this.rmaOrders.get(id) ?? initialRmaOrderState(id)));
      }
      const version = this.versions.get(record.streamId) ?? 0;
      this.buffer(record.streamId, version, record.events, context);
      this.versions.set(record.streamId, version + record.events.length);
    }
  }

  private buffer(streamId: string, versionBefore: number, events: readonly Omit<NewEvent, 'metadata'>[], context: CommandContext): void {
    const metadata = eventMetadata(context);
    const stream = this.pending.get(streamId) ?? { expectedVersion: versionBefore, events: [] };
    stream.events.push(...events.map((event) => ({ ...event, metadata })));
    this.pending.set(streamId, stream);
    this.pendingEvents += events.length;
  }

  /**
   * Flushes only when a new shipment starts, so a flush never splits a device's story, and no
   * later flush touches a stream an earlier one wrote (the demo story and the bench move a
   * shipment's devices in that shipment's turn only): someone using the seeded devices
   * meanwhile — the first start seeds in the background — cannot make a flush conflict.
   */
  private async flushBeforeNextShipment(): Promise<void> {
    if (this.pendingEvents >= (this.options.flushEvents ?? 20_000)) await this.flush();
  }

  /** Appends everything buffered in one atomic append. */
  async flush(): Promise<Position> {
    if (this.pending.size === 0) return this.position;
    const appends = [...this.pending.entries()].map(([streamId, stream]) => ({
      streamId,
      expectedVersion: stream.expectedVersion === 0 ? ('no_stream' as const) : stream.expectedVersion,
      events: stream.events,
    }));
    this.pending.clear();
    this.pendingEvents = 0;
    this.position = (await this.store.append(appends)).position;
    return this.position;
  }

  async receiveShipment(shipment: ReceiveShipmentBody, context: CommandContext): Promise<BatchResult> {
    await this.flushBeforeNextShipment();
    const jobId = uuidv7();
    for (const device of shipment.devices) {
      if (!this.devices.has(device.imei)) this.devices.set(device.imei, { state: initialDeviceState(device.imei), version: 0, deviceType: device.device_type });
    }
    const imeis = [...new Set(shipment.devices.map((device) => device.imei))];
    const reference = shipment.inventory_request_order_id;
    const named = reference ? [...this.inventoryOrders.values()].find((order) => order.order_id === reference || order.order_prefix === reference) : undefined;
    const order = reference ? { state: named ?? initialInventoryOrderState(reference), visible: named !== undefined } : undefined;
    this.keep(decideReceiveCarton({ ...shipment, job_id: jobId, tracking_number: shipment.tracking_number ?? null }, { devices: this.statesOf(imeis) }, { officeExists: true, officeActive: true, officeInScope: true, order }), context);
    this.rememberReceiveJob(jobId, shipment.devices);
    return { position: this.position, count: shipment.devices.length, id: jobId };
  }

  private rememberReceiveJob(jobId: string, devices: readonly { imei: string; carton_number: string }[]): void {
    const imeisOf = new Map<string, string[]>();
    for (const device of devices) imeisOf.set(device.carton_number, [...(imeisOf.get(device.carton_number) ?? []), device.imei]);
    const job = this.receiveJobs.get(jobId) ?? { events: [] as ReceiveJobEvent[], imeisOf };
    job.imeisOf = imeisOf;
    this.receiveJobs.set(jobId, job);
  }

  async answerCartons(body: AnswerCartonsBody, _scope: unknown, context: CommandContext): Promise<BatchResult> {
    const cartons = [...new Set(body.carton_numbers)];
    const remembered = this.receiveJobs.get(body.job_id);
    const job = remembered ? foldReceiveJob(remembered.events) : null;
    // The devices of those cartons still on this job (the read model's answer to the commands).
    const imeis = cartons.flatMap((carton) => remembered?.imeisOf.get(carton) ?? []).filter((imei) => this.devices.get(imei)?.state.job_id === body.job_id);
    const order = job?.inventory_order_id ? this.inventoryOrders.get(job.inventory_order_id) : undefined;
    this.keep(decideAnswerCartons({ job_id: body.job_id, carton_numbers: cartons, accept: body.status === ANSWER.ACCEPT, reason: body.decline_reason }, { job, devices: this.statesOf(imeis), order }, { jobInScope: true }), context);
    return { position: this.position, count: cartons.length };
  }

  async assign(request: { office_id: string; agent_id: string; imeis: readonly string[] }, _scope: unknown, context: CommandContext): Promise<BatchResult> {
    const agentJobId = uuidv7();
    const imeis = [...new Set(request.imeis)];
    this.keep(
      decideAssignDevice({ ...request, imeis, agent_job_id: agentJobId, manager_id: context.actor.user_id }, { devices: this.statesOf(imeis) }, { officeInScope: true, agentWorksAtOffice: true }),
      context,
    );
    this.agentJobs.set(agentJobId, { agent_id: request.agent_id, imeis });
    return { position: this.position, count: imeis.length, id: agentJobId };
  }

  async answerAgentJob(request: { agent_id: string; agent_job_id: string; accepted: readonly string[]; returned: readonly string[] }, context: CommandContext): Promise<BatchResult> {
    const imeis = [...new Set([...request.accepted, ...request.returned])];
    this.keep(decideAnswerAgentJob(request, { job: this.agentJobs.get(request.agent_job_id) ?? null, devices: this.statesOf(imeis) }), context);
    return { position: this.position, count: request.accepted.length + request.returned.length };
  }

  async requestTransfer(request: { agent_id: string; imeis: readonly string[]; manager_id?: string; reason: string }, context: CommandContext): Promise<BatchResult> {
    const transferId = uuidv7();
    const imeis = [...new Set(request.imeis)];
    this.keep(decideRequestTransfer({ agent_id: request.agent_id, transfer_id: transferId, imeis, reason: request.reason }, { devices: this.statesOf(imeis) }, { managerId: request.manager_id ?? '' }), context);
    return { position: this.position, count: imeis.length, id: transferId };
  }

  async sendToOffice(request: { office_id: string; agent_id?: string; imeis: readonly string[] }, _scope: unknown, context: CommandContext): Promise<BatchResult> {
    const imeis = [...new Set(request.imeis)];
    const jobId = request.agent_id ? null : uuidv7();
    const agentJobId = request.agent_id ? uuidv7() : null;
    const facts = {
      officeInScope: true,
      agentWorksAtOffice: request.agent_id ? true : undefined,
      retailerOf: this.options.retailerOf ?? new Map<string, string>(),
      deviceTypes: new Map(imeis.map((imei) => [imei, this.devices.get(imei)?.deviceType ?? 'PHONE'] as const)),
    };
    this.keep(
      decideTransferDevice({ office_id: request.office_id, imeis, manager_id: context.actor.user_id, agent_id: request.agent_id ?? null, job_id: jobId, agent_job_id: agentJobId }, { devices: this.statesOf(imeis) }, facts),
      context,
    );
    if (jobId) this.rememberReceiveJob(jobId, imeis.map((imei) => ({ imei, carton_number: this.devices.get(imei)?.state.carton_number ?? '' })).sort((a, b) => (a.imei < b.imei ? -1 : a.imei > b.imei ? 1 : 0)));
    if (agentJobId && request.agent_id) this.agentJobs.set(agentJobId, { agent_id: request.agent_id, imeis });
    return { position: this.position, count: imeis.length, id: jobId ?? agentJobId ?? undefined };
  }

  async recordActivation(body: ActivationBody, retailerId: string | null, context: CommandContext): Promise<BatchResult> {
    const device = this.statesOf([body.imei]).get(body.imei)!;
    const deviceRetailer = device.office_id ? this.options.retailerOf?.get(device.office_id) : undefined;
    const row = this.devices.get(body.imei)?.row;
    const created = row?.job_id ? this.receiveJobs.get(row.job_id)?.events.find((event) => event.type === 'ReceiveJobCreated') : undefined;
    const soldDevice = row ? soldDeviceFromRow(row, created?.type === 'ReceiveJobCreated' ? created.data.order_date : null) : null;
    this.keep(decideRecordActivation(body, { device }, { callerRetailer: retailerId, deviceRetailer, soldDevice }), context);
    this.activations.set(body.imei, { activation_date: body.activation_date, plan_name: body.plan_name ?? null, order_id: body.order_id ?? null });
    return { position: this.position, count: 1 };
  }

  async reverseActivation(reversal: ReverseActivationCommand, retailerId: string | null, context: CommandContext): Promise<BatchResult> {
    const device = this.statesOf([reversal.imei]).get(reversal.imei)!;
    const deviceRetailer = device.office_id ? this.options.retailerOf?.get(device.office_id) : undefined;
    this.keep(decideReverseActivation(reversal, { device }, { callerRetailer: retailerId, deviceRetailer }), context);
    this.activations.delete(reversal.imei);
    return { position: this.position, count: 1 };
  }

  async openRma(request: SeedRmaRequest, _scope: Scope, context: CommandContext, photo?: Buffer): Promise<BatchResult & { readonly rma_device_ids: readonly string[] }> {
    const image = photo && this.options.uploads ? pendingImage(this.options.uploads, 'rma-images', photo, 'device_image') : undefined;
    const entries = request.entries.map((entry) => ({ ...entry, rma_device_id: uuidv7(), image_file: image?.key ?? null }));
    const imeis = [...new Set(entries.map((entry) => entry.imei))];
    const decision = decideOpenRma({ entries, opened_by: request.opened_by, user_id: context.actor.user_id }, { devices: this.statesOf(imeis) });
    if (image) await image.keepIfAccepted(decision, async (accepted) => this.keep(accepted, context));
    else this.keep(decision, context);
    return { position: this.position, count: entries.length, rma_device_ids: entries.map((entry) => entry.rma_device_id) };
  }

  async answerRma(kind: RmaAnswerKind, answer: RmaAnswer, _scope: Scope, context: CommandContext): Promise<BatchResult> {
    for (const item of answer.devices) {
      const rma = this.rmaDevices.get(item.rma_device_id) ?? initialRmaDeviceState(item.rma_device_id);
      const device = this.statesOf([rma.imei]).get(rma.imei)!;
      const manager_id = context.actor.user_id;
      this.keep(
        kind === 'request' ? decideAnswerRequest({ status: answer.status, manager_id }, { rma, device }) : decideAnswerRma({ status: answer.status, comments: item.comments, manager_id }, { rma, device }),
        context,
      );
    }
    return { position: this.position, count: answer.devices.length };
  }

  async markDevices(change: { readonly imeis: readonly string[]; readonly to: 16 | 18 | 'stock'; readonly notes: string | null }, _scope: Scope, context: CommandContext): Promise<BatchResult> {
    const devices = this.statesOf([...new Set(change.imeis)]);
    this.keep(change.to === 'stock' ? decideReturnToStock({ devices }) : decideMarkOutOfService({ status: change.to, notes: change.notes }, { devices }), context);
    return { position: this.position, count: devices.size };
  }

  async swapDevice(swap: { readonly sold_imei: string; readonly replacement_imei: string; readonly reason: string }, scope: Scope, context: CommandContext): Promise<BatchResult> {
    const sold = this.statesOf([swap.sold_imei]).get(swap.sold_imei)!;
    const replacement = this.statesOf([swap.replacement_imei]).get(swap.replacement_imei)!;
    const holder = { office_id: replacement.office_id ?? '', agent_id: scope.kind === 'agent' ? scope.agentId : null };
    this.keep(decideDeviceSwap({ reason: swap.reason, ...holder }, { sold, replacement }, { activation: this.activations.get(swap.sold_imei) ?? null }), context);
    return { position: this.position, count: 2 };
  }

  // RMA orders: the seed is every office's manager and IBO manager at once (scope: all).
  async submitRmaOrder(body: SubmitRmaOrderBody, _scope: Scope, context: CommandContext): Promise<SubmitRmaOrderResult> {
    const rmaOrderId = uuidv7();
    const number = (this.versions.get(RMA_ORDER_NUMBERS_STREAM) ?? 0) + 1;
    const rmas = [...new Set(body.rma_list)].map((id) => this.rmaDevices.get(id) ?? initialRmaDeviceState(id));
    const shipment = {
      address: body.address, city: body.city, state: body.state, zip: body.zip, no_of_boxes: body.no_of_boxes,
      box_length: body.box_length ?? null, box_width: body.box_width ?? null, box_height: body.box_height ?? null, box_weight: body.box_weight ?? null,
    };
    this.keep(decideSubmitRmaOrder({ rma_order_id: rmaOrderId, number, submitted_by: context.actor.user_id, rma_device_ids: body.rma_list, shipment }, { rmas, devices: this.statesOf(rmas.map((rma) => rma.imei)) }), context);
    return { position: this.position, count: rmas.length, id: rmaOrderId, rma_prefix: rmaPrefixOf(number) };
  }

  private orderOf(rmaOrderId: string) {
    const order = this.rmaOrders.get(rmaOrderId) ?? initialRmaOrderState(rmaOrderId);
    return { order, devices: this.statesOf(order.imeis) };
  }

  async answerRmaOrder(rmaOrderId: string, answer: { readonly status: 2 | 3; readonly comments: string }, _scope: Scope, context: CommandContext): Promise<BatchResult> {
    this.keep(decideAnswerRmaOrder({ ...answer, answered_by: context.actor.user_id }, this.orderOf(rmaOrderId), { visible: true }), context);
    return { position: this.position, count: 1, id: rmaOrderId };
  }

  async shipRmaOrder(rmaOrderId: string, _scope: Scope, context: CommandContext): Promise<BatchResult> {
    this.keep(decideShipRmaOrder({ shipped_by: context.actor.user_id }, this.orderOf(rmaOrderId), { visible: true }), context);
    return { position: this.position, count: 1, id: rmaOrderId };
  }

  async receiveRmaOrder(rmaPrefix: string, imeis: readonly string[], _scope: Scope, context: CommandContext): Promise<BatchResult> {
    const rmaOrderId = [...this.rmaOrders.values()].find((order) => order.rma_prefix === rmaPrefix)?.rma_order_id ?? '';
    this.keep(decideReceiveRmaOrder({ imeis }, this.orderOf(rmaOrderId), { visible: true }), context);
    return { position: this.position, count: imeis.length, id: rmaOrderId };
  }

  // Device orders: the seed is every office's managers and the admin at once (scope: all).
  async requestOrder(body: CreateInventoryOrderBody, _scope: Scope, context: CommandContext): Promise<RequestOrderResult> {
    const orderId = uuidv7();
    const number = (this.versions.get(INVENTORY_ORDER_NUMBERS_STREAM) ?? 0) + 1;
    const state = this.options.stateOf?.get(body.office_id);
    const office = state === undefined ? undefined : { id: body.office_id, state_short_name: state };
    this.keep(
      decideRequestOrder({ order_id: orderId, number, requested_by: context.actor.user_id, delivery_method: body.method_of_delivery, shipping: shippingOf(body), requested: quantitiesOf(body, 'requested') }, { office }),
      context,
    );
    return { position: this.position, count: 1, id: orderId, order_prefix: orderPrefixOf(number) };
  }

  private orderFacts(orderId: string) {
    const order = this.inventoryOrders.get(orderId) ?? initialInventoryOrderState(orderId);
    return { order, facts: { visible: order.office_id !== null, officeState: (order.office_id && this.options.stateOf?.get(order.office_id)) || null } };
  }

  async answerOrder(orderId: string, body: AnswerInventoryOrderBody, roles: readonly number[], _scope: Scope, context: CommandContext): Promise<BatchResult> {
    const { order, facts } = this.orderFacts(orderId);
    const command = { req_action: body.req_action as 2 | 3, approved: quantitiesOf(body, 'approved'), shipping: shippingOf(body), admin_comments: body.admin_comments ?? null, answered_by: context.actor.user_id, roles };
    this.keep(decideAnswerOrder(command, { order }, facts), context);
    return { position: this.position, count: 1, id: orderId };
  }

  async resubmitOrder(orderId: string, body: ResubmitInventoryOrderBody, _scope: Scope, context: CommandContext): Promise<BatchResult> {
    const { order, facts } = this.orderFacts(orderId);
    this.keep(decideResubmitOrder({ comments: body.comments, requested: quantitiesOf(body, 'requested'), shipping: shippingOf(body), resubmitted_by: context.actor.user_id }, { order }, facts), context);
    return { position: this.position, count: 1, id: orderId };
  }
}
