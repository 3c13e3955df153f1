import { ANSWER, type DeviceTypeCode, ROLE, type ShippedDevice } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import type { DemoOffice } from './demo-business.seed';
import type { StoryTools } from './demo-rma.seed';
import type { SeedInventory } from './seed-inventory';

const ALL: Scope = { kind: 'all' };
const CARTON = 10;

type Level = 'ibo' | 'retailer' | 'admin';
/** One step of a story after the request: an approver's answer, the requester's resubmit, the shipment, its cartons answered. */
type Step = { answer: Level; reject?: true } | { resubmit: true } | { ship: true } | { receive: true };

/** An order's story: what it asks for, how it is delivered, its steps (one a day, oldest first). */
interface OrderStory {
  readonly quantities: { readonly devices: number; readonly tablets: number; readonly sims: number };
  readonly delivery: 2 | 3 | 4;
  readonly steps: readonly Step[];
}

const FULL_CHAIN: readonly Step[] = [{ answer: 'ibo' }, { answer: 'retailer' }, { answer: 'admin' }];

/**
 * Every device order status (docs/ORDERS.md): the office's chain answers each order in turn —
 * pending, approved or rejected at each level, resubmitted after a rejection, shipped (its
 * cartons waiting in Receive Inventory), ready for pickup, fulfilled. SIM orders for a TX office,
 * phones and tablets too for a CA one.
 */
function storiesFor(office: DemoOffice): OrderStory[] {
  const quantities = office.stateShortName === 'CA' ? { devices: 10, tablets: 2, sims: 20 } : { devices: 0, tablets: 0, sims: 20 };
  const stories: Step[][] = [
    [],
    [{ answer: 'ibo' }],
    [{ answer: 'ibo', reject: true }],
    [{ answer: 'ibo' }, { answer: 'retailer' }],
    [{ answer: 'ibo' }, { answer: 'retailer', reject: true }],
    [...FULL_CHAIN],
    [{ answer: 'ibo' }, { answer: 'retailer' }, { answer: 'admin', reject: true }],
    [{ answer: 'ibo', reject: true }, { resubmit: true }],
    [...FULL_CHAIN, { ship: true }],
    [...FULL_CHAIN, { ship: true }, { receive: true }],
  ];
  return [...stories.map((steps) => ({ quantities, delivery: 4 as const, steps })), { quantities, delivery: 2, steps: [...FULL_CHAIN, { ship: true }] }];
}

/** The demo's device orders: the first office of each state kind (Dallas, TX; Fresno, CA) in every status. */
export async function seedOrderStory(commands: SeedInventory, offices: readonly DemoOffice[], tools: StoryTools): Promise<void> {
  const { at, run } = tools;
  const chosen = [offices.find((office) => office.stateShortName !== 'CA'), offices.find((office) => office.stateShortName === 'CA')].filter((office): office is DemoOffice => office !== undefined);
  for (const office of chosen) {
    const as = (userId: string, role: number, daysAgo: number, hour: number): CommandContext => ({ ...at(daysAgo, hour), actor: { user_id: userId, roles: [role as (typeof ROLE)[keyof typeof ROLE]] } });
    const approvers: Record<Level, { id: string; role: number }> = {
      ibo: { id: office.iboManagerId, role: ROLE.IBO_MANAGER },
      retailer: { id: office.retailerManagerId, role: ROLE.RETAILER_MANAGER },
      admin: { id: office.adminId, role: ROLE.SUPER_ADMIN },
    };
    const shipping = { ship_to_name: 'Office receiving desk', address: '2100 Commerce St', city: office.stateShortName === 'CA' ? 'Fresno' : 'Dallas', state: office.stateShortName, zip: office.stateShortName === 'CA' ? '93721' : '75201', contact_phone_number: '2145550100', email: 'receiving@example.com' };
    for (const [index, story] of storiesFor(office).entries()) {
      // Older stories further back, so the list shows them in the order of their progress.
      let day = 3 + story.steps.length + index;
      const requested = await run(() =>
        commands.requestOrder(
          { office_id: office.id, method_of_delivery: story.delivery, ...shipping, devices_requested: story.quantities.devices, tablets_requested: story.quantities.tablets, sims_requested: story.quantities.sims },
          ALL,
          as(office.managerId, ROLE.OFFICE_MANAGER, day, 9),
        ),
      );
      if (!requested) continue;
      // Approvers lower the SIMs a little; what they approve is what ships.
      const approved = { devices_approved: story.quantities.devices, tablets_approved: story.quantities.tablets, sims_approved: story.quantities.sims - 5 };
      let shipment: { jobId?: string; cartons: readonly string[] } | undefined;
      for (const step of story.steps) {
        day--;
        if ('answer' in step) {
          const approver = approvers[step.answer];
          const comments = step.reject ? 'Not this month: use the stock you have first' : 'Approved for next week';
          await run(() => commands.answerOrder(requested.id, { req_action: step.reject ? 3 : 2, ...approved, admin_comments: comments, ...shipping }, [approver.role], ALL, as(approver.id, approver.role, day, 11)));
        } else if ('resubmit' in step) {
          await run(() =>
            commands.resubmitOrder(requested.id, { comments: 'Stock ran out after the weekend: please reconsider', ...shipping, devices_requested: story.quantities.devices, tablets_requested: story.quantities.tablets, sims_requested: story.quantities.sims }, ALL, as(office.managerId, ROLE.OFFICE_MANAGER, day, 10)),
          );
        } else if ('ship' in step) {
          const { devices, cartons } = shipmentOf(requested.order_prefix, approved, tools);
          const job = await run(() => commands.receiveShipment({ office_id: office.id, source: 1, order_id: null, order_date: tools.businessDay(day), inventory_request_order_id: requested.order_prefix, tracking_number: `1Z${requested.order_prefix.replace(/\D/g, '')}${day}`, devices }, at(day, 8)));
          shipment = { jobId: job?.id, cartons };
        } else if (shipment?.jobId) {
          const { jobId, cartons } = shipment;
          await run(() => commands.answerCartons({ job_id: jobId, carton_numbers: [...cartons], status: ANSWER.ACCEPT }, ALL, as(office.managerId, ROLE.OFFICE_MANAGER, day, 14)));
        }
      }
    }
  }
}

/** The devices that fulfil an order, in cartons of ten of each kind approved, and the cartons' numbers. */
function shipmentOf(prefix: string, approved: { devices_approved: number; tablets_approved: number; sims_approved: number }, tools: StoryTools): { devices: ShippedDevice[]; cartons: string[] } {
  const devices: ShippedDevice[] = [];
  const cartons: string[] = [];
  const add = (count: number, type: DeviceTypeCode, code: string) => {
    for (let n = 0; n < count; n++) {
      const carton = `${prefix}-${code}${Math.floor(n / CARTON) + 1}`;
      if (!cartons.includes(carton)) cartons.push(carton);
      devices.push(tools.newDevice(carton, `PL${prefix}`, type));
    }
  };
  add(approved.devices_approved, 'PHONE', 'P');
  add(approved.tablets_approved, 'TABLET', 'T');
  add(approved.sims_approved, 'SIM', 'S');
  return { devices, cartons };
}
