import type { DeviceTypeCode, Position, ShippedDevice } from '@portal/contracts';
import { ANSWER, BUSINESS_TIME_ZONE_DEFAULT, ROLE, withLuhnCheckDigit } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import { type CommandContext, systemContext } from '../platform/commands/command-context';
import { type StoryTools, seedRmaStory } from './demo-rma.seed';
import { seedOrderStory } from './demo-orders.seed';
import type { SeedInventory } from './seed-inventory';
import type { DemoOffice } from './demo-business.seed';

/** A catalog a user believes: each device type's makes with their own models (no Apple "G Play"). */
const DEMO_CATALOG: Record<DeviceTypeCode, readonly { make: string; model: string }[]> = {
  FREEPHONE_SMART: [
    { make: 'Samsung', model: 'Galaxy A15' },
    { make: 'Motorola', model: 'moto g Play' },
    { make: 'TCL', model: '30 XE' },
  ],
  PHONE: [
    { make: 'Apple', model: 'iPhone SE' },
    { make: 'Samsung', model: 'Galaxy A35' },
    { make: 'Motorola', model: 'moto g Stylus' },
  ],
  TABLET: [
    { make: 'Apple', model: 'iPad (10th generation)' },
    { make: 'Samsung', model: 'Galaxy Tab A9' },
    { make: 'TCL', model: 'Tab 8' },
  ],
  SIM: [{ make: 'Carrier', model: 'Nano SIM' }],
};

const DAY = 24 * 60 * 60 * 1000;
const CARTON_SIZE = 10;
const CARTONS_PER_SHIPMENT = 5;
const ALL: Scope = { kind: 'all' };
/** The RMA story (demo-rma.seed.ts) joins a demo of at least this many devices (not the tests' small businesses). */
const RMA_STORY_FROM = 1000;

/** Type allocation codes of the demo's phone and tablet models (an IMEI's first eight digits name its model). */
const DEMO_TACS = ['35209115', '35328611', '35467209', '35591872', '35684305', '35730958', '35802146', '35917463', '35160734', '35275028', '35390617', '35448351'];

/** `serial` spread over `digits` digits by a bijection (multiplying by a number prime to 10), so that neighbours do not share long runs of digits. */
function spread(serial: bigint, digits: number): string {
  const modulus = 10n ** BigInt(digits);
  return String((serial * 48_271n + 12_345_678n) % modulus).padStart(digits, '0');
}

/**
 * A device id with its Luhn check digit, distinct for every serial below 12,000,000: IMEIs 15
 * digits (one of twelve model codes and a serial), SIM ICCIDs 19 (US, one issuer, an account
 * number). Like real ones, many devices share a model code, and the rest of the digits vary —
 * partial-IMEI searches over the demo data match what they would in a real business.
 */
export function demoDeviceId(serial: number, deviceType: DeviceTypeCode): string {
  const n = BigInt(serial);
  if (deviceType === 'SIM') return withLuhnCheckDigit(`890141${spread(n, 12)}`);
  const models = BigInt(DEMO_TACS.length);
  return withLuhnCheckDigit(`${DEMO_TACS[Number(n % models)]}${spread(n / models, 6)}`);
}

/** The carrier's ETC codes (its designations as an Eligible Telecommunications Carrier) the demo's devices are enrolled under. */
const DEMO_ETC_CODES = ['ETC4471', 'ETC4472', 'ETC5120'];

/**
 * One device as upstream's manifest ships it, with what the activation feed later reports of it
 * through that manifest (the sale copies it from the device, doc 2 §2): its enrollment number,
 * enrollment type and ETC code, and its ESN — for a phone or tablet its MEID, the IMEI's first 14
 * digits; a SIM has none. Derived from the serial, not from the story's random choices, so the
 * story itself (which device goes where and when) is the same as without them.
 */
export function demoShippedDevice(serial: number, deviceType: DeviceTypeCode, model: { make: string; model: string }, pallet: string, cartonNumber: string): ShippedDevice {
  const imei = demoDeviceId(serial, deviceType);
  return {
    imei,
    esn: deviceType === 'SIM' ? null : imei.slice(0, 14),
    ...model,
    device_type: deviceType,
    pallet,
    carton_number: cartonNumber,
    enroll_id: `EN${spread(BigInt(serial), 9)}`,
    enroll_type: serial % 5 === 0 ? 'Benefit Transfer' : 'New Enrollment',
    etc_code: DEMO_ETC_CODES[serial % DEMO_ETC_CODES.length]!,
  };
}

/** YYYY-MM-DD of an instant in the business's time zone (activation dates are the business's days). */
const businessDate = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE_DEFAULT, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

/** Deterministic choices, so that every demo business looks the same. */
function chooser(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

export interface DeviceSeedSummary {
  readonly devices: number;
  readonly commands: number;
}

/**
 * The demo business's devices, made with the inventory commands a user and upstream would
 * issue, backdated (the command's time is the business time): about `total` devices over the
 * offices, shipped over the last year in cartons of 10, then accepted or declined, assigned to
 * agents, accepted by them or partly returned, sent back, moved between offices, and sold —
 * so every status of these flows, every aging band and a year of activations appear.
 */

export async function seedDemoDevices(
  commands: SeedInventory,
  offices: readonly DemoOffice[],
  total: number,
  /** Waits until the read models include a command's events, as a user's next screen would. */
  settle: (position: Position) => Promise<void>,
  now = new Date(),
): Promise<DeviceSeedSummary> {
  const random = chooser(20261121);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  let serial = 0;
  let made = 0;
  let issued = 0;
  const at = (daysAgo: number, hour = 10): CommandContext => {
    const when = new Date(now.getTime() - daysAgo * DAY);
    when.setUTCHours(hour + 6, Math.floor(random() * 60), 0, 0); // business hours in America/Chicago
    return { ...systemContext(when.getTime() > now.getTime() ? now : when, 'seed') };
  };
  const run = async <T extends { position: Position }>(command: () => Promise<T>): Promise<T | undefined> => {
    issued++;
    let result: T;
    try {
      result = await command();
    } catch {
      // A demo step that the rules refuse (a device already moved on) is simply not taken.
      return undefined;
    }
    await settle(result.position);
    return result;
  };

  const shipmentSize = CARTON_SIZE * CARTONS_PER_SHIPMENT;
  const shipments = Math.max(1, Math.round(total / shipmentSize));
  for (let shipment = 0; shipment < shipments; shipment++) {
    const office = offices[shipment % offices.length]!;
    const other = offices.find((candidate) => candidate.id !== office.id && candidate.retailerId === office.retailerId);
    // Over a year, oldest first and more of them lately (as a growing business ships), so every aging band fills.
    const sinceStart = 1 - (shipment + random()) / shipments;
    const daysAgo = Math.max(0, Math.round(365 * sinceStart * sinceStart));
    const cartons: { number: string; devices: ShippedDevice[] }[] = [];
    for (let carton = 0; carton < CARTONS_PER_SHIPMENT; carton++) {
      const deviceType: DeviceTypeCode = random() < 0.15 ? 'SIM' : random() < 0.2 ? 'TABLET' : random() < 0.5 ? 'FREEPHONE_SMART' : 'PHONE';
      const number = `CT${String(shipment).padStart(5, '0')}${carton}`;
      const devices = Array.from({ length: CARTON_SIZE }, () => {
        serial++;
        return demoShippedDevice(serial, deviceType, pick(DEMO_CATALOG[deviceType]), `PL${String(Math.floor(shipment / 4)).padStart(4, '0')}`, number);
      });
      cartons.push({ number, devices });
    }
    const received = await run(() =>
      commands.receiveShipment(
        { office_id: office.id, source: 1, order_id: `PO-${100000 + shipment}`, order_date: businessDate(new Date(now.getTime() - (daysAgo + 3) * DAY)), devices: cartons.flatMap((carton) => carton.devices) },
        at(daysAgo, 9),
      ),
    );
    if (!received?.id) continue;
    made += shipmentSize;
    // The newest shipments still wait for the manager; some cartons are declined.
    if (daysAgo < 3 && random() < 0.7) continue;
    const declined = cartons.filter(() => random() < 0.06).map((carton) => carton.number);
    const accepted = cartons.map((carton) => carton.number).filter((number) => !declined.includes(number));
    const answerDay = Math.max(0, daysAgo - 1);
    if (declined.length > 0) await run(() => commands.answerCartons({ job_id: received.id!, carton_numbers: declined, status: ANSWER.DECLINE, decline_reason: 'Carton arrived damaged' }, ALL, at(answerDay, 11)));
    if (accepted.length > 0) await run(() => commands.answerCartons({ job_id: received.id!, carton_numbers: accepted, status: ANSWER.ACCEPT }, ALL, at(answerDay, 11)));

    for (const carton of cartons.filter((item) => accepted.includes(item.number))) {
      const fate = random();
      const imeis = carton.devices.map((device) => device.imei);
      if (fate < 0.3) continue; // stays in the manager's stock
      if (fate < 0.35 && other) {
        // Sent to another office of the retailer, where it waits for that manager.
        await run(() => commands.sendToOffice({ office_id: other.id, imeis }, ALL, { ...at(Math.max(0, answerDay - 1), 12), actor: { user_id: office.managerId, roles: [ROLE.OFFICE_MANAGER] } }));
        continue;
      }
      const agentId = pick(office.agentIds);
      const assignDay = Math.max(0, answerDay - 1);
      const managerContext = { ...at(assignDay, 13), actor: { user_id: office.managerId, roles: [ROLE.OFFICE_MANAGER] } };
      const job = await run(() => commands.assign({ office_id: office.id, agent_id: agentId, imeis }, ALL, managerContext));
      if (!job?.id) continue;
      if (fate < 0.42) continue; // agent pending
      const agentContext = (daysAgoForAgent: number, hour: number) => ({ ...at(daysAgoForAgent, hour), actor: { user_id: agentId, roles: [ROLE.AGENT] } });
      const acceptDay = Math.max(0, assignDay - 1);
      if (fate < 0.5) {
        // Partial accept: the last two go back to the manager.
        await run(() => commands.answerAgentJob({ agent_id: agentId, agent_job_id: job.id!, accepted: imeis.slice(0, -2), returned: imeis.slice(-2) }, agentContext(acceptDay, 14)));
      } else {
        await run(() => commands.answerAgentJob({ agent_id: agentId, agent_job_id: job.id!, accepted: imeis, returned: [] }, agentContext(acceptDay, 14)));
      }
      const inHand = fate < 0.5 ? imeis.slice(0, -2) : imeis;
      if (fate > 0.94) {
        await run(() => commands.requestTransfer({ agent_id: agentId, imeis: inHand.slice(0, 3), manager_id: office.managerId, reason: 'Not needed at my location' }, agentContext(Math.max(0, acceptDay - 1), 15)));
      }
      // Sold: most of what agents hold, over the days after they got it.
      for (const imei of inHand.slice(fate > 0.94 ? 3 : 0)) {
        if (random() < 0.45) continue;
        const soldDaysAgo = Math.max(0, acceptDay - 1 - Math.floor(random() * Math.min(60, acceptDay)));
        // Devices the agent got today or yesterday are not sold yet (else every one would land on today).
        if (acceptDay < 2) continue;
        const date = businessDate(new Date(now.getTime() - soldDaysAgo * DAY));
        const sold = await run(() =>
          commands.recordActivation(
            { imei, activation_date: date, order_id: `ACT-${imei.slice(-6)}`, plan_name: pick(['Unlimited', 'Basic 5GB', 'Lifeline', 'Family Share']), subscriber_state: pick(['TX', 'OK', 'LA', 'AR']), subscriber_zip: pick(['75201', '77002', '74103', null]) },
            null,
            at(soldDaysAgo, 16),
          ),
        );
        // A few sales are taken back upstream a day later: the device is back with its agent, the sale gone from every count.
        if (sold && random() < 0.02) await run(() => commands.reverseActivation({ imei, reason: 'Customer cancelled within the trial period' }, null, at(Math.max(0, soldDaysAgo - 1), 17)));
      }
    }
  }
  if (total >= RMA_STORY_FROM) {
    const tools: StoryTools = {
      at,
      run,
      businessDay: (daysAgo) => businessDate(new Date(now.getTime() - daysAgo * DAY)),
      newDevice: (carton_number, pallet, deviceType = 'PHONE') => {
        serial++;
        made++;
        return demoShippedDevice(serial, deviceType, pick(DEMO_CATALOG[deviceType]), pallet, carton_number);
      },
    };
    await seedRmaStory(commands, offices, tools);
    await seedOrderStory(commands, offices, tools);
  }
  return { devices: made, commands: issued };
}
