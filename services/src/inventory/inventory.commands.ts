import {
  type ActivationBody,
  type AgentJobEvent,
  type AnswerCartonsBody,
  ASSIGN_SOURCE,
  type DeviceEvent,
  type JobCarton,
  type Position,
  ROLE,
  type ReceiveJobEvent,
  type ReceiveShipmentBody,
  type TransferRequestEvent,
  agentJobStream,
  deviceStream,
  receiveJobStream,
  transferStream,
} from '@portal/contracts';
import { type Scope, type SqlDb, isOfficeInScope, officeAncestry, officeIdsInScope, receiveJobOffice, transferTargetOffices } from '@portal/projections';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Database } from '../platform/db/database';
import type { EventStore, StreamAppend } from '../platform/event-store/event-store';
import type { PendingUpload } from '../platform/storage/uploads';
import {
  type DeviceState,
  decideActivation,
  decideAgentAnswer,
  decideAssign,
  decideImage,
  decideManagerAnswer,
  decideReassign,
  decideReceive,
  decideSendToOffice,
  decideTransferAnswer,
  decideTransferRequest,
  foldDevice,
  initialDeviceState,
} from './device.decider';

/** An office the caller may not reach reads exactly as one that does not exist. */
export const NO_SUCH_OFFICE = 'That office does not exist.';

/** A batch refused as a whole: every device's reason, so the caller can fix them all at once. */
export class BatchRefusal extends DomainError {
  constructor(readonly problems: readonly { readonly imei: string; readonly message: string; readonly status: DomainError['status'] }[]) {
    // A carton refused for one reason reads as that reason once, not once per device.
    const reasons = [...new Set(problems.map((problem) => problem.message))];
    const statuses = new Set(problems.map((problem) => problem.status));
    super(
      reasons.length === 1 ? reasons[0]! : `${problems.length} devices cannot be moved: ${reasons.slice(0, 3).join(' ')}${reasons.length > 3 ? ' …' : ''}`,
      // Every device refused the same way (e.g. 404: not in inventory) answers that status; a mix is a conflict.
      statuses.size === 1 ? [...statuses][0]! : 409,
      Object.fromEntries(problems.map((problem) => [problem.imei, problem.message])),
    );
    this.name = 'BatchRefusal';
  }
}

/** A receive job's cartons: each carton with the type of its first device and how many devices it holds. */
export function cartonsOf(devices: readonly { readonly carton_number: string; readonly device_type: JobCarton['device_type'] }[]): JobCarton[] {
  const cartons = new Map<string, JobCarton>();
  for (const device of devices) {
    const carton = cartons.get(device.carton_number);
    cartons.set(device.carton_number, { carton_number: device.carton_number, device_type: carton?.device_type ?? device.device_type, imei_count: (carton?.imei_count ?? 0) + 1 });
  }
  return [...cartons.values()];
}

interface LoadedDevice {
  readonly state: DeviceState;
  readonly version: number;
}

type Decision = DeviceEvent[] | DomainError;
type RecordEvent = ReceiveJobEvent | AgentJobEvent | TransferRequestEvent;

export interface InventoryResult {
  readonly position: Position;
  readonly count: number;
  readonly id?: string;
}

/**
 * The device-custody commands (DESIGN.md §3): load every device stream a command moves in one
 * read, decide each with the pure decider, and append every device event and the job or
 * transfer record in ONE atomic append — all of them, or none. A concurrent change to any of
 * those streams fails the append; the retry decides again on the new state (usually a refusal
 * in business terms, answered 409).
 */
export class InventoryCommands {
  constructor(
    private readonly database: Database,
    private readonly store: EventStore,
  ) {}

  private get db(): SqlDb {
    return this.database.db;
  }

  private async loadDevices(imeis: readonly string[]): Promise<Map<string, LoadedDevice>> {
    const streams = await this.store.readStreams(imeis.map(deviceStream));
    const devices = new Map<string, LoadedDevice>();
    for (const imei of imeis) {
      const history = streams.get(deviceStream(imei)) ?? [];
      devices.set(imei, { state: foldDevice(imei, history.map((recorded) => ({ type: recorded.type, data: recorded.data }) as DeviceEvent)), version: history.length });
    }
    return devices;
  }

  /**
   * The devices as the caller may see them. A device outside the caller's scope is, to this
   * caller, a device never received (DESIGN.md §12, docs/adr/0001): the decider refuses it with
   * the very status and sentence of an unknown IMEI, so no answer tells the two apart. Only
   * refusing deciders run on what this answers (no decider takes a never-received device but
   * receive, which does not use it).
   */
  private async loadDevicesSeenBy(scope: Scope, imeis: readonly string[]): Promise<Map<string, LoadedDevice>> {
    const devices = await this.loadDevices(imeis);
    if (scope.kind === 'all') return devices;
    const offices = scope.kind === 'agent' ? new Set<string>() : await officeIdsInScope(this.db, scope, [...new Set([...devices.values()].flatMap((device) => device.state.office_id ?? []))]);
    for (const [imei, device] of devices) {
      const seen = scope.kind === 'agent' ? device.state.agent_id === scope.agentId : device.state.office_id !== null && offices.has(device.state.office_id);
      if (!seen) devices.set(imei, { state: initialDeviceState(imei), version: device.version });
    }
    return devices;
  }

  /** Decides every device; any refusal refuses the whole batch with every reason. */
  private decideAll(devices: Map<string, LoadedDevice>, decide: (state: DeviceState) => Decision): StreamAppend[] {
    const appends: StreamAppend[] = [];
    const problems: { imei: string; message: string; status: DomainError['status'] }[] = [];
    for (const [imei, device] of devices) {
      const decision = decide(device.state);
      if (decision instanceof DomainError) problems.push({ imei, message: decision.message, status: decision.status });
      else appends.push({ streamId: deviceStream(imei), expectedVersion: device.version === 0 ? 'no_stream' : device.version, events: decision });
    }
    if (problems.length > 0) throw new BatchRefusal(problems);
    return appends;
  }

  private async append(appends: StreamAppend[], context: CommandContext, idempotencyKey?: string): Promise<Position> {
    const metadata = eventMetadata(context);
    const result = await this.store.append(
      appends.map((append) => ({ ...append, events: append.events.map((event) => ({ ...event, metadata })) })),
      idempotencyKey ? { idempotencyKey } : undefined,
    );
    return result.position;
  }

  private async streamVersion(streamId: string): Promise<number> {
    return (await this.store.readStream(streamId)).length;
  }

  private newRecord(streamId: string, events: RecordEvent[]): StreamAppend {
    return { streamId, expectedVersion: 'no_stream', events };
  }

  /** The office must be in the caller's scope; one outside it answers as one that does not exist (DESIGN.md §12). */
  private async requireOfficeInScope(scope: Scope, officeId: string): Promise<void> {
    if (!(await isOfficeInScope(this.db, scope, officeId))) throw new DomainError(NO_SUCH_OFFICE, 404);
  }

  private async requireOffice(officeId: string): Promise<void> {
    const found = await sql<{ id: string }>`select id from rm.org_offices where id = ${officeId}`.execute(this.db);
    if (found.rows.length === 0) throw new DomainError(NO_SUCH_OFFICE, 404);
  }

  /** An active agent of that office. */
  private async requireAgentOfOffice(agentId: string, officeId: string): Promise<void> {
    const found = await sql<{ id: string }>`
      select id from rm.org_users where id = ${agentId} and ${ROLE.AGENT} = any(role_ids) and office_id = ${officeId} and status = 1`.execute(this.db);
    if (found.rows.length === 0) throw new DomainError('That agent does not work at the chosen office.', 422);
  }

  /**
   * ReceiveCarton: one upstream shipment of cartons to one office (or a manifest upload), all
   * or nothing. Devices become manager pending (9) on a new receive job.
   */
  async receiveShipment(shipment: ReceiveShipmentBody, context: CommandContext, options: { scope?: Scope; idempotencyKey?: string } = {}): Promise<InventoryResult> {
    await this.requireOffice(shipment.office_id);
    if (options.scope) await this.requireOfficeInScope(options.scope, shipment.office_id);
    const jobId = uuidv7();
    const byImei = new Map(shipment.devices.map((device) => [device.imei, device]));
    const cartons = cartonsOf(shipment.devices);
    const position = await withConcurrencyRetry(async () => {
      const devices = await this.loadDevices([...byImei.keys()]);
      const appends = this.decideAll(devices, (state) =>
        decideReceive(state, { device: byImei.get(state.imei)!, job_id: jobId, office_id: shipment.office_id, source: shipment.source, order_id: shipment.order_id }),
      );
      appends.push(
        this.newRecord(receiveJobStream(jobId), [
          {
            type: 'ReceiveJobCreated',
            data: { job_id: jobId, office_id: shipment.office_id, source: shipment.source, order_id: shipment.order_id, order_date: shipment.order_date, from_office_id: null, cartons, total_device_count: shipment.devices.length },
          },
        ]),
      );
      return this.append(appends, context, options.idempotencyKey);
    });
    return { position, count: shipment.devices.length, id: jobId };
  }

  /** Accept (status 1) or decline with a reason (status 2) cartons of a receive job. */
  async answerCartons(body: AnswerCartonsBody, scope: Scope, context: CommandContext): Promise<InventoryResult> {
    // A job of another office answers as one that does not exist.
    if (!(await receiveJobOffice(this.db, scope, body.job_id))) throw new DomainError('That receive job does not exist.', 404);
    const cartons = [...new Set(body.carton_numbers)];
    const known = await sql<{ carton_number: string }>`
      select carton_number from rm.inventory_job_cartons where job_id = ${body.job_id} and carton_number = any(${cartons}::text[])`.execute(this.db);
    const missing = cartons.filter((carton) => !known.rows.some((row) => row.carton_number === carton));
    if (missing.length > 0) throw new DomainError(`Carton ${missing.join(', ')} is not on this job.`, 422);
    const accept = body.status === 1;
    const position = await withConcurrencyRetry(async () => {
      const imeis = (await sql<{ imei: string }>`
        select imei from rm.inventory_devices where job_id = ${body.job_id} and carton_number = any(${cartons}::text[])`.execute(this.db)).rows.map((row) => row.imei);
      const devices = await this.loadDevices(imeis);
      const appends = this.decideAll(devices, (state) => decideManagerAnswer(state, { job_id: body.job_id, accept, reason: body.decline_reason }));
      const jobEvent: ReceiveJobEvent = accept
        ? { type: 'ReceiveJobCartonsAccepted', data: { job_id: body.job_id, carton_numbers: cartons } }
        : { type: 'ReceiveJobCartonsDeclined', data: { job_id: body.job_id, carton_numbers: cartons, reason: body.decline_reason ?? '' } };
      appends.push({ streamId: receiveJobStream(body.job_id), expectedVersion: await this.streamVersion(receiveJobStream(body.job_id)), events: [jobEvent] });
      return this.append(appends, context);
    });
    return { position, count: cartons.length };
  }

  /** The IMEIs of cartons in the manager's stock (3) at these offices. */
  private async stockOfCartons(cartons: readonly string[], officeIds: readonly string[]): Promise<string[]> {
    const rows = await sql<{ imei: string }>`
      select imei from rm.inventory_devices
      where carton_number = any(${[...cartons]}::text[]) and status = 3 and office_id = any(${[...officeIds]}::text[])`.execute(this.db);
    return rows.rows.map((row) => row.imei);
  }

  /** AssignDevice: cartons (devicestatus 0) or IMEIs (1) of the office's manager stock to one of its agents. */
  async assign(request: { office_id: string; agent_id: string; cartons?: readonly string[]; imeis?: readonly string[] }, scope: Scope, context: CommandContext): Promise<InventoryResult> {
    await this.requireOfficeInScope(scope, request.office_id);
    await this.requireAgentOfOffice(request.agent_id, request.office_id);
    const agentJobId = uuidv7();
    let count = 0;
    const position = await withConcurrencyRetry(async () => {
      const imeis = request.imeis ? [...new Set(request.imeis)] : await this.stockOfCartons(request.cartons ?? [], [request.office_id]);
      if (imeis.length === 0) throw new DomainError('Those cartons have no devices in your stock.');
      count = imeis.length;
      const devices = await this.loadDevicesSeenBy(scope, imeis);
      const appends = this.decideAll(devices, (state) => decideAssign(state, { office_id: request.office_id, agent_id: request.agent_id, agent_job_id: agentJobId, manager_id: context.actor.user_id }));
      appends.push(this.newRecord(agentJobStream(agentJobId), [{ type: 'AgentJobCreated', data: { agent_job_id: agentJobId, agent_id: request.agent_id, office_id: request.office_id, manager_id: context.actor.user_id, imeis } }]));
      return this.append(appends, context);
    });
    return { position, count, id: agentJobId };
  }

  /** The agent answers a job: `accepted` become theirs; with `returned` (partial accept) those go back to the manager. */
  async answerAgentJob(request: { agent_id: string; agent_job_id: string; accepted: readonly string[]; returned: readonly string[] }, context: CommandContext): Promise<InventoryResult> {
    const jobStream = agentJobStream(request.agent_job_id);
    const position = await withConcurrencyRetry(async () => {
      const history = await this.store.readStream(jobStream);
      const created = history.find((recorded) => recorded.type === 'AgentJobCreated')?.data as Extract<AgentJobEvent, { type: 'AgentJobCreated' }>['data'] | undefined;
      if (!created || created.agent_id !== request.agent_id) throw new DomainError('That job is not yours.', 404);
      const accepted = new Set(request.accepted);
      const imeis = [...new Set([...request.accepted, ...request.returned])];
      const devices = await this.loadDevicesSeenBy({ kind: 'agent', agentId: request.agent_id }, imeis);
      const appends = this.decideAll(devices, (state) => decideAgentAnswer(state, { agent_id: request.agent_id, agent_job_id: request.agent_job_id, accept: accepted.has(state.imei) }));
      appends.push({
        streamId: jobStream,
        expectedVersion: history.length,
        events: [{ type: 'AgentJobAnswered', data: { agent_job_id: request.agent_job_id, accepted: imeis.filter((imei) => accepted.has(imei)), returned: imeis.filter((imei) => !accepted.has(imei)) } }],
      });
      return this.append(appends, context);
    });
    return { position, count: request.accepted.length + request.returned.length };
  }

  /** The agent sends devices of their stock back to their manager (waits for Accept / Reject). */
  async requestTransfer(request: { agent_id: string; imeis: readonly string[]; manager_id?: string; reason: string }, context: CommandContext): Promise<InventoryResult> {
    const transferId = uuidv7();
    const imeis = [...new Set(request.imeis)];
    const position = await withConcurrencyRetry(async () => {
      const devices = await this.loadDevicesSeenBy({ kind: 'agent', agentId: request.agent_id }, imeis);
      // Decided first (the manager is not known yet): a device not in the agent's stock is refused as such, before anything else is said about it.
      this.decideAll(devices, (state) => decideTransferRequest(state, { agent_id: request.agent_id, transfer_id: transferId, manager_id: '', reason: request.reason }));
      const offices = new Set([...devices.values()].map((device) => device.state.office_id ?? ''));
      if (offices.size > 1) throw new DomainError('Transfer devices of one office at a time.', 422);
      const officeId = [...offices][0] ?? '';
      const managerId = request.manager_id ?? (await this.managerOf(imeis, officeId));
      const appends = this.decideAll(devices, (state) => decideTransferRequest(state, { agent_id: request.agent_id, transfer_id: transferId, manager_id: managerId, reason: request.reason }));
      appends.push(this.newRecord(transferStream(transferId), [{ type: 'TransferRequested', data: { transfer_id: transferId, agent_id: request.agent_id, manager_id: managerId, office_id: officeId, imeis, reason: request.reason } }]));
      return this.append(appends, context);
    });
    return { position, count: imeis.length, id: transferId };
  }

  /** Who handed these devices to the agent (read model), else a manager of the office. */
  private async managerOf(imeis: readonly string[], officeId: string): Promise<string> {
    const handedBy = await sql<{ manager_id: string }>`
      select manager_id from rm.inventory_devices where imei = any(${[...imeis]}::text[]) and manager_id is not null limit 1`.execute(this.db);
    if (handedBy.rows[0]) return handedBy.rows[0].manager_id;
    const office = await sql<{ user_id: string }>`select user_id from rm.org_unit_managers where unit_id = ${officeId} and kind = 'manager' limit 1`.execute(this.db);
    return office.rows[0]?.user_id ?? '';
  }

  /** The manager accepts (status 1: back in stock) or rejects (2: back with the agent) an agent's transfer. */
  async answerTransfer(request: { transfer_id: string; accept: boolean }, scope: Scope, context: CommandContext): Promise<InventoryResult> {
    const stream = transferStream(request.transfer_id);
    let count = 0;
    const position = await withConcurrencyRetry(async () => {
      const history = await this.store.readStream(stream);
      const requested = history.find((recorded) => recorded.type === 'TransferRequested')?.data as Extract<TransferRequestEvent, { type: 'TransferRequested' }>['data'] | undefined;
      // A transfer of another office answers as one that does not exist.
      if (!requested || !(await isOfficeInScope(this.db, scope, requested.office_id))) throw new DomainError('That transfer does not exist.', 404);
      if (history.some((recorded) => recorded.type === 'TransferAnswered')) throw new DomainError('This transfer was already answered.');
      count = requested.imeis.length;
      const devices = await this.loadDevices(requested.imeis);
      const appends = this.decideAll(devices, (state) => decideTransferAnswer(state, { transfer_id: request.transfer_id, accept: request.accept }));
      appends.push({ streamId: stream, expectedVersion: history.length, events: [{ type: 'TransferAnswered', data: { transfer_id: request.transfer_id, accepted: request.accept } }] });
      return this.append(appends, context);
    });
    return { position, count };
  }

  /**
   * Transfer Inventory to another office of the same retailer: without an agent the devices
   * arrive at once as manager pending on a receive job there (source Office Transfer); with an
   * agent, as agent pending for that agent.
   */
  async sendToOffice(request: { office_id: string; agent_id?: string; cartons?: readonly string[]; imeis?: readonly string[] }, scope: Scope, context: CommandContext): Promise<InventoryResult> {
    // Any office of the caller's retailer(s) may receive; another retailer's office answers as one that does not exist.
    if (!(await isOfficeInScope(this.db, scope, request.office_id)) && !(await transferTargetOffices(this.db, scope)).some((office) => office.id === request.office_id)) {
      throw new DomainError(NO_SUCH_OFFICE, 404);
    }
    if (request.agent_id) await this.requireAgentOfOffice(request.agent_id, request.office_id);
    const myOffices = await this.officesInScopeHolding(scope, request);
    const jobId = request.agent_id ? null : uuidv7();
    const agentJobId = request.agent_id ? uuidv7() : null;
    let count = 0;
    const position = await withConcurrencyRetry(async () => {
      const imeis = request.imeis ? [...new Set(request.imeis)] : await this.stockOfCartons(request.cartons ?? [], myOffices);
      if (imeis.length === 0) throw new DomainError('Those cartons have no devices in your stock.');
      count = imeis.length;
      const devices = await this.loadDevicesSeenBy(scope, imeis);
      const appends = this.decideAll(devices, (state) =>
        decideSendToOffice(state, { office_id: request.office_id, job_id: jobId, agent_id: request.agent_id ?? null, agent_job_id: agentJobId, manager_id: context.actor.user_id }),
      );
      const fromOffices = [...new Set([...devices.values()].map((device) => device.state.office_id ?? ''))];
      const chain = await officeAncestry(this.db, [...fromOffices, request.office_id]);
      const retailerOf = (officeId: string) => chain.find((office) => office.office_id === officeId)?.retailer_id;
      if (fromOffices.some((officeId) => retailerOf(officeId) !== retailerOf(request.office_id))) throw new DomainError('Devices can only be transferred to an office of the same retailer.', 422);
      if (jobId) {
        const rows = await sql<{ imei: string; carton_number: string; device_type: JobCarton['device_type'] }>`
          select imei, carton_number, device_type from rm.inventory_devices where imei = any(${imeis}::text[]) order by imei`.execute(this.db);
        const cartons = cartonsOf(rows.rows);
        appends.push(
          this.newRecord(receiveJobStream(jobId), [
            {
              type: 'ReceiveJobCreated',
              data: {
                job_id: jobId,
                office_id: request.office_id,
                source: ASSIGN_SOURCE.OFFICE_TRANSFER,
                order_id: null,
                order_date: null,
                from_office_id: fromOffices[0] ?? null,
                cartons,
                total_device_count: imeis.length,
              },
            },
          ]),
        );
      }
      if (agentJobId && request.agent_id) {
        appends.push(this.newRecord(agentJobStream(agentJobId), [{ type: 'AgentJobCreated', data: { agent_job_id: agentJobId, agent_id: request.agent_id, office_id: request.office_id, manager_id: context.actor.user_id, imeis } }]));
      }
      return this.append(appends, context);
    });
    return { position, count, id: jobId ?? agentJobId ?? undefined };
  }

  /** The offices of the caller's scope (to find carton stock in). */
  private async officesInScopeHolding(scope: Scope, request: { cartons?: readonly string[] }): Promise<string[]> {
    if (!request.cartons) return [];
    const rows = await sql<{ office_id: string }>`
      select distinct office_id from rm.inventory_devices where carton_number = any(${[...request.cartons]}::text[]) and status = 3`.execute(this.db);
    return [...(await officeIdsInScope(this.db, scope, rows.rows.map((row) => row.office_id)))];
  }

  /** Reassign (statuses 3, 4, 5): to another agent (agent pending) or to the chosen office's manager stock. */
  async reassign(request: { imeis: readonly string[]; office_id: string; agent_id?: string }, scope: Scope, context: CommandContext): Promise<InventoryResult> {
    await this.requireOfficeInScope(scope, request.office_id);
    if (request.agent_id) await this.requireAgentOfOffice(request.agent_id, request.office_id);
    const imeis = [...new Set(request.imeis)];
    const agentJobId = request.agent_id ? uuidv7() : null;
    const position = await withConcurrencyRetry(async () => {
      const devices = await this.loadDevicesSeenBy(scope, imeis);
      const appends = this.decideAll(devices, (state) => decideReassign(state, { office_id: request.office_id, agent_id: request.agent_id ?? null, agent_job_id: agentJobId, manager_id: context.actor.user_id }));
      if (agentJobId && request.agent_id) {
        appends.push(this.newRecord(agentJobStream(agentJobId), [{ type: 'AgentJobCreated', data: { agent_job_id: agentJobId, agent_id: request.agent_id, office_id: request.office_id, manager_id: context.actor.user_id, imeis } }]));
      }
      return this.append(appends, context);
    });
    return { position, count: imeis.length, id: agentJobId ?? undefined };
  }

  /** A device image from the IMEI screens: a manager's device in scope, or the agent's own. The bytes are kept only once the image is accepted. */
  async recordImage(imei: string, image: PendingUpload, scope: Scope, context: CommandContext): Promise<InventoryResult> {
    const position = await withConcurrencyRetry(async () => {
      const devices = await this.loadDevicesSeenBy(scope, [imei]);
      const appends = this.decideAll(devices, (device) => decideImage(device, { file: image.url, content_type: image.contentType, size: image.size }));
      return image.keepWith(() => this.append(appends, context));
    });
    return { position, count: 1 };
  }

  /** RecordActivation from upstream (integration key of a retailer): the device must be at one of its offices. */
  async recordActivation(body: ActivationBody, retailerId: string | null, context: CommandContext, idempotencyKey?: string): Promise<InventoryResult> {
    const position = await withConcurrencyRetry(async () => {
      const devices = await this.loadDevices([body.imei]);
      const device = devices.get(body.imei)!;
      if (retailerId && device.state.office_id) {
        const [office] = await officeAncestry(this.db, [device.state.office_id]);
        if (office?.retailer_id !== retailerId) throw new DomainError(`IMEI ${body.imei} is not in inventory.`, 404);
      }
      const appends = this.decideAll(devices, (state) =>
        decideActivation(state, { activation_date: body.activation_date, order_id: body.order_id, plan_name: body.plan_name, subscriber_state: body.subscriber_state, subscriber_zip: body.subscriber_zip }),
      );
      return this.append(appends, context, idempotencyKey);
    });
    return { position, count: 1 };
  }
}
