import { ANSWER, type DeviceTypeCode, type Position, ROLE, type ShippedDevice } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import type { DemoOffice } from './demo-business.seed';
import { DEMO_RMA_PHOTO } from './demo-photo';
import type { SeedInventory } from './seed-inventory';

/** The steps of the demo story, as seedDemoDevices runs them: backdated contexts and a runner that skips a refused command. */
export interface StoryTools {
  at(daysAgo: number, hour?: number): CommandContext;
  run<T extends { position: Position }>(command: () => Promise<T>): Promise<T | undefined>;
  /** A new device of the catalog (a phone unless said), with an id no other demo device has. */
  newDevice(cartonNumber: string, pallet: string, deviceType?: DeviceTypeCode): ShippedDevice;
  /** YYYY-MM-DD of a day `daysAgo` before now, in the business's time zone. */
  businessDay(daysAgo: number): string;
}

const ALL: Scope = { kind: 'all' };
const CARTON = 10;

/**
 * Returns in every RMA status (docs/RMA.md), for every office, so that each RMA screen shows real
 * rows: a shipment of two cartons arrives six days ago; one carton goes to the office's first agent
 * (for the first office, agent@demo.test), who sells one device and swaps it when its customer
 * brings it back (15, the replacement sold), asks to return four (one still awaiting the manager,
 * one declined: 19, one accepted and awaiting Approve RMA, one approved: 10; the first and the
 * third with a photo of the cracked screen); the manager
 * initiates three from the other carton (one awaiting approval, one approved, one rejected: 21)
 * and marks one lost (16) and one defective (18). The devices are new, so the story touches no
 * stream an earlier step of the seed wrote.
 *
 * Then RMA orders in every status (docs/RMA.md): six more devices are initiated and approved, and
 * once every office has its returns, each office submits five orders from them (the office
 * manager) that its IBO manager answers: one completed with one IMEI missing from the boxes, one
 * shipped, one approved, one awaiting approval, one rejected (its device back to 21). The agent's
 * and the manager's other approved RMA stay off any order, so Submit RMA has rows.
 */
export async function seedRmaStory(commands: SeedInventory, offices: readonly DemoOffice[], tools: StoryTools): Promise<void> {
  const { at, run } = tools;
  const forOrders: OrderMaterial[] = [];
  for (const [index, office] of offices.entries()) {
    const agentId = office.agentIds[0];
    if (!agentId) continue;
    const asManager = (daysAgo: number, hour: number): CommandContext => ({ ...at(daysAgo, hour), actor: { user_id: office.managerId, roles: [ROLE.OFFICE_MANAGER] } });
    const asAgent = (daysAgo: number, hour: number): CommandContext => ({ ...at(daysAgo, hour), actor: { user_id: agentId, roles: [ROLE.AGENT] } });
    const agentScope: Scope = { kind: 'agent', agentId };
    const cartons = [`RMA${String(index + 1).padStart(3, '0')}A`, `RMA${String(index + 1).padStart(3, '0')}B`];
    const devices = cartons.flatMap((carton) => Array.from({ length: CARTON }, () => tools.newDevice(carton, `PLRMA${String(index + 1).padStart(3, '0')}`)));
    const received = await run(() => commands.receiveShipment({ office_id: office.id, source: 1, order_id: `PO-RMA-${index + 1}`, order_date: tools.businessDay(8), devices }, at(6, 9)));
    if (!received?.id) continue;
    if (!(await run(() => commands.answerCartons({ job_id: received.id!, carton_numbers: cartons, status: ANSWER.ACCEPT }, ALL, asManager(6, 11))))) continue;
    const withAgent = devices.slice(0, CARTON).map((device) => device.imei);
    const inStock = devices.slice(CARTON).map((device) => device.imei);
    const job = await run(() => commands.assign({ office_id: office.id, agent_id: agentId, imeis: withAgent }, ALL, asManager(5, 10)));
    if (!job?.id) continue;
    await run(() => commands.answerAgentJob({ agent_id: agentId, agent_job_id: job.id!, accepted: withAgent, returned: [] }, asAgent(5, 14)));
    const [sold, replacement, stillRequested, declined, accepted, approved] = withAgent as [string, string, string, string, string, string];

    // A sale, and the customer back with it: swapped from the agent's own stock.
    await run(() => commands.recordActivation({ imei: sold, activation_date: tools.businessDay(4), order_id: `ACT-${sold.slice(-6)}`, plan_name: 'Unlimited', subscriber_state: 'TX', subscriber_zip: null }, null, at(4, 16)));
    await run(() => commands.swapDevice({ sold_imei: sold, replacement_imei: replacement, reason: 'Customer reported no signal on day one' }, agentScope, asAgent(2, 11)));

    // The agent's requests: one still waiting, one declined, one accepted, one accepted and approved.
    const request = (imei: string, reason: number, notes: string, daysAgo: number, photo?: Buffer) =>
      run(() => commands.openRma({ opened_by: 'agent', entries: [{ imei, reason, reason_two: null, notes }] }, agentScope, asAgent(daysAgo, 12), photo));
    await request(stillRequested, 2, 'Cracked screen after a drop', 1, DEMO_RMA_PHOTO);
    const declinedRequest = await request(declined, 3, 'Battery drains in an hour', 3);
    const acceptedRequest = await request(accepted, 2, 'Screen cracked in the box', 3, DEMO_RMA_PHOTO);
    const approvedRequest = await request(approved, 6, 'Dead out of the box', 4);
    // RMA answers (doc 2 §4): 2 accepts or approves, 3 declines or rejects.
    const answer = (kind: 'request' | 'approval', status: 2 | 3, opened: { rma_device_ids: readonly string[] } | undefined, daysAgo: number, comments: string | null = null) =>
      opened && run(() => commands.answerRma(kind, { status, devices: opened.rma_device_ids.map((rma_device_id) => ({ rma_device_id, comments })) }, ALL, asManager(daysAgo, 15)));
    await answer('request', 3, declinedRequest, 2);
    await answer('request', 2, acceptedRequest, 2);
    await answer('request', 2, approvedRequest, 3);
    await answer('approval', 2, approvedRequest, 2, 'Confirmed dead on arrival');

    // The manager's own: one awaiting approval, one approved, one rejected; one lost, one defective.
    const initiate = (imei: string, reason: number, notes: string) => run(() => commands.openRma({ opened_by: 'manager', entries: [{ imei, reason, reason_two: 4, notes }] }, ALL, asManager(3, 10)));
    await initiate(inStock[0]!, 4, 'No network after the update');
    await answer('approval', 2, await initiate(inStock[1]!, 5, 'Dented frame'), 1, 'Approved for return');
    await answer('approval', 3, await initiate(inStock[2]!, 9, 'Customer changed their mind'), 1, 'Not a fault: back to stock after inspection');
    await run(() => commands.markDevices({ imeis: [inStock[3]!], to: 16, notes: 'Missing after the store move' }, ALL, asManager(2, 9)));
    await run(() => commands.markDevices({ imeis: [inStock[4]!], to: 18, notes: 'Charging port broken' }, ALL, asManager(2, 9)));

    // Six more approved for the orders: the rest of the manager's carton and one of the agent's devices.
    const forOrder = [...inStock.slice(5), withAgent[6]!];
    const batch = await run(() => commands.openRma({ opened_by: 'manager', entries: forOrder.map((imei, n) => ({ imei, reason: [1, 2, 3, 5, 6, 4][n]!, reason_two: null, notes: 'Returned with the weekly RMA shipment' })) }, ALL, asManager(5, 9)));
    if (batch && (await answer('approval', 2, batch, 5, 'Approved for the weekly shipment'))) forOrders.push({ office, rmaDeviceIds: batch.rma_device_ids, imeis: forOrder });
  }
  await seedRmaOrders(commands, forOrders, tools);
}

/** An office's approved RMA devices for its orders, with their IMEIs in the same order. */
interface OrderMaterial {
  readonly office: DemoOffice;
  readonly rmaDeviceIds: readonly string[];
  readonly imeis: readonly string[];
}

/** Where each demo office ships its boxes from. */
const SHIPPING = { address: '2100 Commerce St', city: 'Dallas', state: 'TX', zip: '75201' };

/** The orders of every office's six approved RMA devices, in every order status (see seedRmaStory). */
async function seedRmaOrders(commands: SeedInventory, forOrders: readonly OrderMaterial[], tools: StoryTools): Promise<void> {
  const { at, run } = tools;
  for (const { office, rmaDeviceIds, imeis } of forOrders) {
    const asManager = (daysAgo: number, hour: number): CommandContext => ({ ...at(daysAgo, hour), actor: { user_id: office.managerId, roles: [ROLE.OFFICE_MANAGER] } });
    const asIbo = (daysAgo: number, hour: number): CommandContext => ({ ...at(daysAgo, hour), actor: { user_id: office.iboManagerId, roles: [ROLE.IBO_MANAGER] } });
    const [completedA, completedB, shipped, approved, submitted, rejected] = rmaDeviceIds as [string, string, string, string, string, string];
    const submit = (ids: string[], boxes: number, daysAgo: number) =>
      run(() => commands.submitRmaOrder({ rma_list: ids, ...SHIPPING, no_of_boxes: boxes, box_length: 14, box_width: 10, box_height: 6, box_weight: 3.5 * boxes }, ALL, asManager(daysAgo, 10)));
    const approve = (order: { id?: string } | undefined, daysAgo: number, status: 2 | 3 = 2, comments = 'Photos and reasons checked') =>
      order?.id && run(() => commands.answerRmaOrder(order.id!, { status, comments }, ALL, asIbo(daysAgo, 12)));
    const ship = (order: { id?: string } | undefined, daysAgo: number) => order?.id && run(() => commands.shipRmaOrder(order.id!, ALL, asManager(daysAgo, 16)));

    const completed = await submit([completedA, completedB], 2, 4);
    await approve(completed, 4);
    await ship(completed, 3);
    // The returns desk found one of the two (the other is named missing on the order, still 10).
    if (completed) await run(() => commands.receiveRmaOrder(completed.rma_prefix, [imeis[0]!], ALL, at(1, 9)));
    const inTransit = await submit([shipped], 1, 3);
    await approve(inTransit, 2);
    await ship(inTransit, 2);
    await approve(await submit([approved], 1, 2), 1);
    await submit([submitted], 1, 1);
    await approve(await submit([rejected], 1, 2), 1, 3, 'Not a fault: test it in the office first');
  }
}
