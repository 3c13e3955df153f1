import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ANSWER, type ActivationBody, type AnswerCartonsBody, type AnswerInventoryOrderBody, type CreateInventoryOrderBody, type ReceiveShipmentBody, type ResubmitInventoryOrderBody, type RmaOpenedBy, type SubmitRmaOrderBody } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import { AnswerAgentJob } from '../inventory/answer-agent-job.command';
import { AnswerCartons } from '../inventory/answer-cartons.command';
import { AssignDevice } from '../inventory/assign-device.command';
import { INVENTORY_COMMAND_HANDLERS } from '../inventory/inventory.module';
import { ReceiveCarton } from '../inventory/receive-carton.command';
import { RequestTransfer } from '../inventory/request-transfer.command';
import { TransferDevice } from '../inventory/transfer-device.command';
import type { CommandContext } from '../platform/commands/command-context';
import type { BatchResult } from '../platform/commands/device-batch';
import type { Platform } from '../platform/platform';
import { pendingImage } from '../platform/storage/images';
import { UploadStorage } from '../platform/storage/uploads';
import { PlatformModule } from '../platform/platform.module';
import { RecordActivation } from '../sales/record-activation.command';
import { ReverseActivation } from '../sales/reverse-activation.command';
import type { ReverseActivationCommand } from '../sales/activation.decider';
import { AnswerRmaDevices, type RmaAnswerKind } from '../rma/answer-rma-devices.command';
import { InitiateRma } from '../rma/initiate-rma.command';
import { MarkDevices } from '../rma/mark-devices.command';
import { RMA_COMMAND_HANDLERS } from '../rma/rma.module';
import { SwapDevice } from '../rma/swap-device.command';
import { SubmitRmaOrder, type SubmitRmaOrderResult } from '../rma/submit-rma-order.command';
import { AnswerRmaOrder } from '../rma/answer-rma-order.command';
import { ShipRmaOrder } from '../rma/ship-rma-order.command';
import { ReceiveRmaOrder } from '../rma/receive-rma-order.command';
import { ApproveOrder } from '../orders/approve-order.command';
import { ORDER_COMMAND_HANDLERS } from '../orders/orders.module';
import { RequestOrder, type RequestOrderResult } from '../orders/request-order.command';
import { ResubmitOrder } from '../orders/resubmit-order.command';
import { SALES_COMMAND_HANDLERS } from '../sales/sales.module';

/** An RMA answer: accept/decline (request) or approve/reject (approval), one or more RMA devices. */
export type RmaAnswer = AnswerRmaDevices['answer'];

/** The inventory operations the demo story uses: the commands on the bus, or the bulk path (bulk-inventory.ts) that decides with the same deciders. */
export interface SeedInventory {
  receiveShipment(shipment: ReceiveShipmentBody, context: CommandContext): Promise<BatchResult>;
  answerCartons(body: AnswerCartonsBody, scope: Scope, context: CommandContext): Promise<BatchResult>;
  sendToOffice(request: { office_id: string; agent_id?: string; imeis: readonly string[] }, scope: Scope, context: CommandContext): Promise<BatchResult>;
  assign(request: { office_id: string; agent_id: string; imeis: readonly string[] }, scope: Scope, context: CommandContext): Promise<BatchResult>;
  answerAgentJob(request: { agent_id: string; agent_job_id: string; accepted: readonly string[]; returned: readonly string[] }, context: CommandContext): Promise<BatchResult>;
  requestTransfer(request: { agent_id: string; imeis: readonly string[]; manager_id?: string; reason: string }, context: CommandContext): Promise<BatchResult>;
  recordActivation(body: ActivationBody, retailerId: string | null, context: CommandContext): Promise<BatchResult>;
  reverseActivation(reversal: ReverseActivationCommand, retailerId: string | null, context: CommandContext): Promise<BatchResult>;
  /** `photo`: the bytes of a photo for a request of one IMEI, kept as a user's upload would be. */
  openRma(request: SeedRmaRequest, scope: Scope, context: CommandContext, photo?: Buffer): Promise<BatchResult & { readonly rma_device_ids: readonly string[] }>;
  answerRma(kind: RmaAnswerKind, answer: RmaAnswer, scope: Scope, context: CommandContext): Promise<BatchResult>;
  markDevices(change: { readonly imeis: readonly string[]; readonly to: 16 | 18 | 'stock'; readonly notes: string | null }, scope: Scope, context: CommandContext): Promise<BatchResult>;
  swapDevice(swap: { readonly sold_imei: string; readonly replacement_imei: string; readonly reason: string }, scope: Scope, context: CommandContext): Promise<BatchResult>;
  submitRmaOrder(body: SubmitRmaOrderBody, scope: Scope, context: CommandContext): Promise<SubmitRmaOrderResult>;
  answerRmaOrder(rmaOrderId: string, answer: { readonly status: 2 | 3; readonly comments: string }, scope: Scope, context: CommandContext): Promise<BatchResult>;
  shipRmaOrder(rmaOrderId: string, scope: Scope, context: CommandContext): Promise<BatchResult>;
  receiveRmaOrder(rmaPrefix: string, imeis: readonly string[], scope: Scope, context: CommandContext): Promise<BatchResult>;
  requestOrder(body: CreateInventoryOrderBody, scope: Scope, context: CommandContext): Promise<RequestOrderResult>;
  answerOrder(orderId: string, body: AnswerInventoryOrderBody, roles: readonly number[], scope: Scope, context: CommandContext): Promise<BatchResult>;
  resubmitOrder(orderId: string, body: ResubmitInventoryOrderBody, scope: Scope, context: CommandContext): Promise<BatchResult>;
}

/** An agent's request or a manager's initiation, as the seed issues it. */
export interface SeedRmaRequest {
  readonly opened_by: RmaOpenedBy;
  readonly entries: readonly { readonly imei: string; readonly reason: number; readonly reason_two: number | null; readonly notes: string | null }[];
}

/** The demo story issued as a user and upstream would: every step a command on the CQRS bus. */
export class CommandBusInventory implements SeedInventory {
  constructor(
    private readonly bus: CommandBus,
    private readonly uploads: UploadStorage,
  ) {}

  receiveShipment(shipment: ReceiveShipmentBody, context: CommandContext) {
    return this.bus.execute(new ReceiveCarton(shipment, context));
  }
  answerCartons(body: AnswerCartonsBody, scope: Scope, context: CommandContext) {
    return this.bus.execute(new AnswerCartons({ job_id: body.job_id, carton_numbers: body.carton_numbers, accept: body.status === ANSWER.ACCEPT, reason: body.decline_reason }, scope, context));
  }
  sendToOffice(request: { office_id: string; agent_id?: string; imeis: readonly string[] }, scope: Scope, context: CommandContext) {
    return this.bus.execute(new TransferDevice(request, scope, context));
  }
  assign(request: { office_id: string; agent_id: string; imeis: readonly string[] }, scope: Scope, context: CommandContext) {
    return this.bus.execute(new AssignDevice(request, scope, context));
  }
  answerAgentJob(request: { agent_id: string; agent_job_id: string; accepted: readonly string[]; returned: readonly string[] }, context: CommandContext) {
    return this.bus.execute(new AnswerAgentJob(request, context));
  }
  requestTransfer(request: { agent_id: string; imeis: readonly string[]; manager_id?: string; reason: string }, context: CommandContext) {
    return this.bus.execute(new RequestTransfer(request, context));
  }
  recordActivation(body: ActivationBody, retailerId: string | null, context: CommandContext) {
    return this.bus.execute(new RecordActivation(body, retailerId, context));
  }
  reverseActivation(reversal: ReverseActivationCommand, retailerId: string | null, context: CommandContext) {
    return this.bus.execute(new ReverseActivation(reversal, retailerId, context));
  }
  openRma(request: SeedRmaRequest, scope: Scope, context: CommandContext, photo?: Buffer) {
    const imei_list = request.entries.map((entry) => ({ imei: entry.imei, reason: entry.reason, reason_two: entry.reason_two ?? undefined, notes: entry.notes ?? undefined }));
    const image = photo ? pendingImage(this.uploads, 'rma-images', photo, 'device_image') : undefined;
    return this.bus.execute(new InitiateRma({ imei_list }, request.opened_by, scope, context, image));
  }
  answerRma(kind: RmaAnswerKind, answer: RmaAnswer, scope: Scope, context: CommandContext) {
    return this.bus.execute(new AnswerRmaDevices(kind, answer, scope, context));
  }
  markDevices(change: { readonly imeis: readonly string[]; readonly to: 16 | 18 | 'stock'; readonly notes: string | null }, scope: Scope, context: CommandContext) {
    return this.bus.execute(new MarkDevices(change, scope, context));
  }
  swapDevice(swap: { readonly sold_imei: string; readonly replacement_imei: string; readonly reason: string }, scope: Scope, context: CommandContext) {
    return this.bus.execute(new SwapDevice(swap, scope, context));
  }
  submitRmaOrder(body: SubmitRmaOrderBody, scope: Scope, context: CommandContext) {
    return this.bus.execute(new SubmitRmaOrder(body, scope, context));
  }
  answerRmaOrder(rmaOrderId: string, answer: { readonly status: 2 | 3; readonly comments: string }, scope: Scope, context: CommandContext) {
    return this.bus.execute(new AnswerRmaOrder(rmaOrderId, answer, scope, context));
  }
  shipRmaOrder(rmaOrderId: string, scope: Scope, context: CommandContext) {
    return this.bus.execute(new ShipRmaOrder(rmaOrderId, scope, context));
  }
  receiveRmaOrder(rmaPrefix: string, imeis: readonly string[], scope: Scope, context: CommandContext) {
    return this.bus.execute(new ReceiveRmaOrder(rmaPrefix, imeis, scope, context));
  }
  requestOrder(body: CreateInventoryOrderBody, scope: Scope, context: CommandContext) {
    return this.bus.execute(new RequestOrder(body, scope, context));
  }
  answerOrder(orderId: string, body: AnswerInventoryOrderBody, roles: readonly number[], scope: Scope, context: CommandContext) {
    return this.bus.execute(new ApproveOrder(orderId, body, roles, scope, context));
  }
  resubmitOrder(orderId: string, body: ResubmitInventoryOrderBody, scope: Scope, context: CommandContext) {
    return this.bus.execute(new ResubmitOrder(orderId, body, scope, context));
  }
}

@Module({})
class SeedCommandsModule {
  static register(platform: Platform): DynamicModule {
    return { module: SeedCommandsModule, imports: [PlatformModule.register(platform)], providers: [...INVENTORY_COMMAND_HANDLERS, ...SALES_COMMAND_HANDLERS, ...RMA_COMMAND_HANDLERS, ...ORDER_COMMAND_HANDLERS] };
  }
}

/** The command bus with the inventory and sales handlers, outside the HTTP app (the `seed` role has none). Close it when done. */
export async function seedCommandBus(platform: Platform): Promise<{ readonly inventory: CommandBusInventory; close(): Promise<void> }> {
  const context = await NestFactory.createApplicationContext(SeedCommandsModule.register(platform), { logger: ['error'], abortOnError: false });
  return { inventory: new CommandBusInventory(context.get(CommandBus), UploadStorage.underDataDirectory(platform.config.dataDirectory)), close: () => context.close() };
}
