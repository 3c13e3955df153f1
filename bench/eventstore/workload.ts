import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

/**
 * The shape of the events both stores get: what a device stream really carries. `data` is
 * ~200 bytes of JSON, `metadata` ~100 bytes (acting user, correlation id).
 */
export type DeviceData = {
  imei: string;
  carton: string;
  office_id: string;
  agent_id: string;
  status: string;
  at: string;
};
export type DeviceMetadata = { user_id: string; correlation_id: string };
export interface DeviceEvent {
  type: DeviceEventType;
  data: DeviceData;
  metadata: DeviceMetadata;
}

export const DEVICE_EVENT_TYPES = ['DeviceReceived', 'DeviceAssigned', 'DeviceAccepted', 'DeviceTransferred', 'DeviceSold'] as const;
export type DeviceEventType = (typeof DEVICE_EVENT_TYPES)[number];
const STATUSES: Record<DeviceEventType, string> = {
  DeviceReceived: 'Received',
  DeviceAssigned: 'assigned',
  DeviceAccepted: 'In_stock',
  DeviceTransferred: 'transfer',
  DeviceSold: 'sold',
};

const OFFICES = Array.from({ length: 40 }, () => randomUUID());
const AGENTS = Array.from({ length: 400 }, () => randomUUID());
const USERS = Array.from({ length: 25 }, () => randomUUID());

/** A 15-digit IMEI, unique per (client, device index). */
export function imeiOf(client: number, device: number): string {
  return `35${String(client).padStart(3, '0')}${String(device).padStart(10, '0')}`;
}

export function deviceStream(prefix: string, client: number, device: number): string {
  return `device-${prefix}${imeiOf(client, device)}`;
}

export function deviceEvent(sequence: number, imei: string, correlationId: string = randomUUID()): DeviceEvent {
  const type = DEVICE_EVENT_TYPES[sequence % DEVICE_EVENT_TYPES.length]!;
  return {
    type,
    data: {
      imei,
      carton: `CTN-2025-${String(Math.floor(sequence / 50) % 1_000_000).padStart(6, '0')}`,
      office_id: OFFICES[sequence % OFFICES.length]!,
      agent_id: AGENTS[(sequence * 7) % AGENTS.length]!,
      status: STATUSES[type],
      at: new Date().toISOString(),
    },
    metadata: { user_id: USERS[sequence % USERS.length]!, correlation_id: correlationId },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RunResult {
  readonly ops: number;
  readonly events: number;
  readonly seconds: number;
  /** Milliseconds per operation, sorted ascending. */
  readonly latencies: number[];
}

/**
 * Runs `clients` concurrent loops of `op` for `seconds` (each loop starts a new op only
 * before the deadline). `op` answers how many events it wrote.
 */
export async function runClients(clients: number, seconds: number, op: (client: number, iteration: number) => Promise<number>): Promise<RunResult> {
  const latencies: number[] = [];
  let events = 0;
  let ops = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let iteration = 0; performance.now() < deadline; iteration++) {
        const t0 = performance.now();
        const written = await op(client, iteration); // not `events += await op()`: that reads `events` before awaiting
        latencies.push(performance.now() - t0);
        events += written;
        ops++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { ops, events, seconds: elapsed, latencies };
}

/** Runs `count` ops spread over `clients` loops (a fixed amount of work, e.g. seeding). */
export async function runFixed(clients: number, count: number, op: (index: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let index = next++; index < count; index = next++) await op(index);
    }),
  );
  return (performance.now() - started) / 1000;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const rate = (events: number, seconds: number) => events / seconds;

export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}
