import type { RecordedEvent } from '@portal/contracts';

/**
 * Whose business an event is (docs/SUBSCRIPTIONS.md "Scope"): the retailer whose feed carries it.
 * Events do not all name their retailer, so the feed's projection learns, in the store's order,
 * which retailer each unit (retailer, IBO/market, office, user) and each record (device, job,
 * transfer, RMA, order, candidate, document…) belongs to, and attributes each event by the first
 * of these that answers:
 *  1. the retailer the event names (`retailer_id`), the office it names (`office_id`, then
 *     `allocated_office_id`, `from_office_id`) or the IBO/market (`ibo_marketer_id`);
 *  2. the retailer its stream already belongs to (a device's later steps name only the IMEI);
 *  3. any other record or person it names (`user_id`, `agent_id`, `order_id`, `imei`…).
 * The stream's record then belongs to that retailer (rule 1 moves it; 2 and 3 only settle a new
 * one). An event none of these place — the master agent, distributors, platform-wide content,
 * users of the super role, the audit's checkpoints — is in no retailer's feed.
 */

export type RetailerOf = (id: string) => string | undefined;

export interface Attribution {
  /** The retailer whose feed carries the event; null when none does. */
  readonly retailerId: string | null;
  /** The record the event's stream is about (its id's tail: a UUID or an IMEI), and whose it now is. */
  readonly subject?: { readonly id: string; readonly retailerId: string };
  /** The units this event brings into being (a retailer, an IBO/market, an office, a user): id → retailer. */
  readonly learned: ReadonlyArray<readonly [string, string]>;
}

const NAMING_KEYS = ['office_id', 'allocated_office_id', 'from_office_id', 'ibo_marketer_id'] as const;
const OTHER_KEYS = ['user_id', 'agent_id', 'manager_id', 'sender_id', 'candidate_id', 'order_id', 'inventory_order_id', 'rma_order_id', 'rma_device_id', 'job_id', 'agent_job_id', 'transfer_id', 'document_id', 'assignment_id', 'form_id', 'unit_id', 'imei'] as const;
const UUID_TAIL = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IMEI_TAIL = /^device-(\d{4,20})$/;

/** The record a stream is about: the UUID its id ends with, or a device's IMEI; none for shared streams (counters, checkpoints). */
export function streamSubject(streamId: string): string | undefined {
  return IMEI_TAIL.exec(streamId)?.[1] ?? UUID_TAIL.exec(streamId)?.[0].toLowerCase();
}

const field = (data: Record<string, unknown>, key: string) => {
  const value = data[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** Every id an event may be placed by (its stream's subject and the ids its data names): what to look up before attributing a batch. */
export function idsNamedBy(event: RecordedEvent): string[] {
  const data = dataOf(event);
  const ids = [...NAMING_KEYS, ...OTHER_KEYS].map((key) => field(data, key)).filter((id): id is string => id !== undefined);
  const subject = streamSubject(event.streamId);
  return subject ? [subject, ...ids] : ids;
}

function dataOf(event: RecordedEvent): Record<string, unknown> {
  return typeof event.data === 'object' && event.data !== null && !Array.isArray(event.data) ? (event.data as Record<string, unknown>) : {};
}

/** The units an event creates: the retailer itself, an IBO/market of a retailer, an office of an IBO/market, a user placed somewhere. */
function unitsCreated(event: RecordedEvent, data: Record<string, unknown>, retailerId: string | null): Array<readonly [string, string]> {
  if (!retailerId) return [];
  const created = (key: string): Array<readonly [string, string]> => {
    const id = field(data, key);
    return id ? [[id, retailerId]] : [];
  };
  const listed = (key: string): Array<readonly [string, string]> => {
    const ids = data[key];
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string' && id !== '').map((id) => [id, retailerId] as const) : [];
  };
  switch (event.type) {
    // Managers placed on an office or a market belong to its retailer (a user the super role created without a placement included).
    case 'OfficeManagersAssigned':
    case 'IboMarketManagersAssigned':
      return [...listed('manager_ids'), ...listed('supervisor_ids')];
    case 'RetailerRegistered':
      return created('retailer_id');
    case 'IboMarketCreated':
      return created('ibo_marketer_id');
    case 'OfficeCreated':
      return created('office_id');
    case 'UserCreated':
    case 'AgentOfficeChanged':
    case 'UserProfileEdited':
      return created('user_id');
    default:
      return [];
  }
}

export function attributeEvent(event: RecordedEvent, retailerOf: RetailerOf): Attribution {
  const data = dataOf(event);
  const subject = streamSubject(event.streamId);
  // Rule 1: what the event names. An office being created names itself: its IBO/market places it.
  const named =
    field(data, 'retailer_id') ??
    NAMING_KEYS.map((key) => field(data, key))
      .filter((id): id is string => id !== undefined)
      .map(retailerOf)
      .find((retailer) => retailer !== undefined);
  const ofStream = subject ? retailerOf(subject) : undefined;
  const retailerId =
    named ??
    ofStream ??
    OTHER_KEYS.map((key) => field(data, key))
      .filter((id): id is string => id !== undefined)
      .map(retailerOf)
      .find((retailer) => retailer !== undefined) ??
    null;
  const learned = unitsCreated(event, data, retailerId);
  const settles = retailerId !== null && subject !== undefined && (named !== undefined || ofStream === undefined);
  return { retailerId, learned, ...(settles && { subject: { id: subject, retailerId } }) };
}
