import {
  type ActivationBody,
  type AnswerCartonsBody,
  type DeviceEvent,
  type DeviceTypeCode,
  type InventoryEvent,
  type Position,
  START,
  type ReceiveShipmentBody,
  agentJobStream,
  deviceStream,
  receiveJobStream,
  transferStream,
} from '@portal/contracts';
import { v7 as uuidv7 } from 'uuid';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import type { EventStore, NewEvent } from '../platform/event-store/event-store';
import {
  type DeviceState,
  decideActivation,
  decideAgentAnswer,
  decideAssign,
  decideManagerAnswer,
  decideReceive,
  decideSendToOffice,
  decideTransferRequest,
  evolveDevice,
  initialDeviceState,
} from '../inventory/device.decider';
import { BatchRefusal, type InventoryResult, cartonsOf } from '../inventory/inventory.commands';
import type { SeedInventory } from './demo-devices.seed';

/** Buffered events of one stream, appended at the next flush. */
interface PendingStream {
  readonly expectedVersion: number;
  readonly events: NewEvent[];
}

/**
 * The demo seed's bulk path (`seed --devices 1000000`): the same decisions as the inventory
 * commands — the same pure deciders on the same inputs, the same job and transfer records —
 * but with every device's state kept in memory (the seed is the only writer of a fresh store)
 * and the events appended in large atomic batches instead of one command at a time. A test
 * proves it leaves the same read models as the commands (test/projections/bulk-seed.e2e.ts).
 * Only for seeding an empty store: it never reads what others wrote.
 */
export class BulkInventory implements SeedInventory {
  private readonly devices = new Map<string, { state: DeviceState; version: number; deviceType: DeviceTypeCode }>();
  private readonly records = new Map<string, number>();
  private readonly jobCartons = new Map<string, Map<string, string[]>>();
  private readonly agentJobs = new Map<string, string>();
  private readonly pending = new Map<string, PendingStream>();
  private pendingEvents = 0;
  private position: Position = START;

  constructor(
    private readonly store: EventStore,
    /** Events buffered before the next shipment appends them: fewer per append, shorter each append holds the database. */
    private readonly flushEvents = 20_000,
  ) {}

  /** Decides every device first (any refusal refuses the whole batch, nothing kept), then buffers the events. */
  private decideAll(imeis: readonly string[], decide: (state: DeviceState) => DeviceEvent[] | DomainError, context: CommandContext): void {
    const decided: [string, DeviceEvent[]][] = [];
    const problems: { imei: string; message: string; status: DomainError['status'] }[] = [];
    for (const imei of imeis) {
      const device = this.devices.get(imei);
      const decision = decide(device?.state ?? initialDeviceState(imei));
      if (decision instanceof DomainError) problems.push({ imei, message: decision.message, status: decision.status });
      else decided.push([imei, decision]);
    }
    if (problems.length > 0) throw new BatchRefusal(problems);
    for (const [imei, events] of decided) {
      const device = this.devices.get(imei)!;
      device.state = events.reduce(evolveDevice, device.state);
      this.buffer(deviceStream(imei), device.version, events, context);
      device.version += events.length;
    }
  }

  private buffer(streamId: string, versionBefore: number, events: readonly InventoryEvent[], context: CommandContext): void {
    const metadata = eventMetadata(context);
    const stream = this.pending.get(streamId) ?? { expectedVersion: versionBefore, events: [] };
    stream.events.push(...events.map((event) => ({ ...event, metadata })));
    this.pending.set(streamId, stream);
    this.pendingEvents += events.length;
  }

  private record(streamId: string, events: readonly InventoryEvent[], context: CommandContext): void {
    const version = this.records.get(streamId) ?? 0;
    this.buffer(streamId, version, events, context);
    this.records.set(streamId, version + events.length);
  }

  /**
   * Flushes only when a new shipment starts, so a flush never splits a device's story, and no
   * later flush touches a stream an earlier one wrote (the demo story and the bench move a
   * shipment's devices in that shipment's turn only): someone using the seeded devices
   * meanwhile — the first start seeds in the background — cannot make a flush conflict.
   */
  private async flushBeforeNextShipment(): Promise<void> {
    if (this.pendingEvents >= this.flushEvents) await this.flush();
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

  async receiveShipment(shipment: ReceiveShipmentBody, context: CommandContext): Promise<InventoryResult> {
    await this.flushBeforeNextShipment();
    const jobId = uuidv7();
    for (const device of shipment.devices) {
      if (!this.devices.has(device.imei)) this.devices.set(device.imei, { state: initialDeviceState(device.imei), version: 0, deviceType: device.device_type });
    }
    const byImei = new Map(shipment.devices.map((device) => [device.imei, device]));
    this.decideAll([...byImei.keys()], (state) => decideReceive(state, { device: byImei.get(state.imei)!, job_id: jobId, office_id: shipment.office_id, source: shipment.source, order_id: shipment.order_id }), context);
    const cartons = cartonsOf(shipment.devices);
    const imeisOf = new Map<string, string[]>();
    for (const device of shipment.devices) imeisOf.set(device.carton_number, [...(imeisOf.get(device.carton_number) ?? []), device.imei]);
    this.jobCartons.set(jobId, imeisOf);
    this.record(receiveJobStream(jobId), [{ type: 'ReceiveJobCreated', data: { job_id: jobId, office_id: shipment.office_id, source: shipment.source, order_id: shipment.order_id, order_date: shipment.order_date, from_office_id: null, cartons, total_device_count: shipment.devices.length } }], context);
    return { position: this.position, count: shipment.devices.length, id: jobId };
  }

  async answerCartons(body: AnswerCartonsBody, _scope: unknown, context: CommandContext): Promise<InventoryResult> {
    const cartons = [...new Set(body.carton_numbers)];
    const imeisOf = this.jobCartons.get(body.job_id);
    const imeis = cartons.flatMap((carton) => imeisOf?.get(carton) ?? []).filter((imei) => this.devices.get(imei)?.state.job_id === body.job_id);
    this.decideAll(imeis, (state) => decideManagerAnswer(state, { job_id: body.job_id, accept: body.status === 1, reason: body.decline_reason }), context);
    this.record(
      receiveJobStream(body.job_id),
      [body.status === 1 ? { type: 'ReceiveJobCartonsAccepted', data: { job_id: body.job_id, carton_numbers: cartons } } : { type: 'ReceiveJobCartonsDeclined', data: { job_id: body.job_id, carton_numbers: cartons, reason: body.decline_reason ?? '' } }],
      context,
    );
    return { position: this.position, count: cartons.length };
  }

  async assign(request: { office_id: string; agent_id: string; imeis?: readonly string[] }, _scope: unknown, context: CommandContext): Promise<InventoryResult> {
    const agentJobId = uuidv7();
    const imeis = [...new Set(request.imeis ?? [])];
    this.decideAll(imeis, (state) => decideAssign(state, { office_id: request.office_id, agent_id: request.agent_id, agent_job_id: agentJobId, manager_id: context.actor.user_id }), context);
    this.agentJobs.set(agentJobId, request.agent_id);
    this.record(agentJobStream(agentJobId), [{ type: 'AgentJobCreated', data: { agent_job_id: agentJobId, agent_id: request.agent_id, office_id: request.office_id, manager_id: context.actor.user_id, imeis } }], context);
    return { position: this.position, count: imeis.length, id: agentJobId };
  }

  async answerAgentJob(request: { agent_id: string; agent_job_id: string; accepted: readonly string[]; returned: readonly string[] }, context: CommandContext): Promise<InventoryResult> {
    if (this.agentJobs.get(request.agent_job_id) !== request.agent_id) throw new DomainError('That job is not yours.', 404);
    const accepted = new Set(request.accepted);
    const imeis = [...new Set([...request.accepted, ...request.returned])];
    this.decideAll(imeis, (state) => decideAgentAnswer(state, { agent_id: request.agent_id, agent_job_id: request.agent_job_id, accept: accepted.has(state.imei) }), context);
    this.record(agentJobStream(request.agent_job_id), [{ type: 'AgentJobAnswered', data: { agent_job_id: request.agent_job_id, accepted: imeis.filter((imei) => accepted.has(imei)), returned: imeis.filter((imei) => !accepted.has(imei)) } }], context);
    return { position: this.position, count: imeis.length };
  }

  async requestTransfer(request: { agent_id: string; imeis: readonly string[]; manager_id?: string; reason: string }, context: CommandContext): Promise<InventoryResult> {
    const transferId = uuidv7();
    const imeis = [...new Set(request.imeis)];
    const officeId = this.devices.get(imeis[0] ?? '')?.state.office_id ?? '';
    const managerId = request.manager_id ?? '';
    this.decideAll(imeis, (state) => decideTransferRequest(state, { agent_id: request.agent_id, transfer_id: transferId, manager_id: managerId, reason: request.reason }), context);
    this.record(transferStream(transferId), [{ type: 'TransferRequested', data: { transfer_id: transferId, agent_id: request.agent_id, manager_id: managerId, office_id: officeId, imeis, reason: request.reason } }], context);
    return { position: this.position, count: imeis.length, id: transferId };
  }

  async sendToOffice(request: { office_id: string; agent_id?: string; imeis?: readonly string[] }, _scope: unknown, context: CommandContext): Promise<InventoryResult> {
    const imeis = [...new Set(request.imeis ?? [])];
    const jobId = request.agent_id ? null : uuidv7();
    const agentJobId = request.agent_id ? uuidv7() : null;
    const fromOffices = [...new Set(imeis.map((imei) => this.devices.get(imei)?.state.office_id ?? ''))];
    const types = imeis.map((imei) => ({ imei, carton_number: this.devices.get(imei)?.state.carton_number ?? '', device_type: this.devices.get(imei)?.deviceType ?? 'PHONE' }));
    this.decideAll(imeis, (state) => decideSendToOffice(state, { office_id: request.office_id, job_id: jobId, agent_id: request.agent_id ?? null, agent_job_id: agentJobId, manager_id: context.actor.user_id }), context);
    if (jobId) {
      const sorted = [...types].sort((a, b) => (a.imei < b.imei ? -1 : a.imei > b.imei ? 1 : 0));
      const imeisOf = new Map<string, string[]>();
      for (const device of sorted) imeisOf.set(device.carton_number, [...(imeisOf.get(device.carton_number) ?? []), device.imei]);
      this.jobCartons.set(jobId, imeisOf);
      this.record(
        receiveJobStream(jobId),
        [{ type: 'ReceiveJobCreated', data: { job_id: jobId, office_id: request.office_id, source: 3, order_id: null, order_date: null, from_office_id: fromOffices[0] ?? null, cartons: cartonsOf(sorted), total_device_count: imeis.length } }],
        context,
      );
    }
    if (agentJobId && request.agent_id) {
      this.agentJobs.set(agentJobId, request.agent_id);
      this.record(agentJobStream(agentJobId), [{ type: 'AgentJobCreated', data: { agent_job_id: agentJobId, agent_id: request.agent_id, office_id: request.office_id, manager_id: context.actor.user_id, imeis } }], context);
    }
    return { position: this.position, count: imeis.length, id: jobId ?? agentJobId ?? undefined };
  }

  async recordActivation(body: ActivationBody, _retailerId: string | null, context: CommandContext): Promise<InventoryResult> {
    this.decideAll([body.imei], (state) => decideActivation(state, { activation_date: body.activation_date, order_id: body.order_id, plan_name: body.plan_name, subscriber_state: body.subscriber_state, subscriber_zip: body.subscriber_zip }), context);
    return { position: this.position, count: 1 };
  }
}
