import type { DetailedReportFilters } from '@portal/contracts';
import { sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import { type Condition, and, dateBetween, instantBetween } from '../sql/conditions';
import { containsPattern } from '../sql/text';

/**
 * The device reports' filters (doc 1 §2.11, §2.12) as conditions on rm.inventory_devices (alias
 * d), and which of them the dashboard counters can answer exactly.
 */

/** Offices of an IBO/market or a retailer, as a condition on d.office_id. */
const officeOfMarket = (marketId: string) => sql<boolean>`d.office_id in (select o.id from rm.org_offices o where o.ibo_marketer_id = ${marketId})`;
const officeOfRetailer = (retailerId: string) =>
  sql<boolean>`d.office_id in (select o.id from rm.org_offices o join rm.org_ibo_markets i on i.id = o.ibo_marketer_id where i.retailer_id = ${retailerId})`;

/** Which filters of a device report the dashboard counters can count exactly. */
export interface CountableFilters {
  readonly status?: readonly number[];
  readonly office_id?: string;
  readonly agent_id?: string;
  readonly ibo_marketer_id?: string;
  readonly retailer_id?: string;
  readonly device_type?: string;
}

/** The filters both device reports share. */
export interface SharedDeviceFilters extends CountableFilters {
  readonly keyword?: string;
  readonly carton?: string;
  readonly imei?: string;
  readonly enroll_id?: string;
}

/** What a device page is chosen from: the rows' condition, and the filters the counters know (which holders can hold matching devices). */
export interface DeviceSelection {
  readonly scope: Scope;
  readonly counted: CountableFilters;
  readonly where: Condition;
}

/** Conditions on columns the counters share with the device rows (office_id, agent_id, device_type, status), alias d. */
export function countableConditions(scope: Scope, filters: CountableFilters): Condition[] {
  const conditions: Condition[] = [officeInScope(scope, sql`d.office_id`)];
  if (filters.status && filters.status.length > 0) conditions.push(sql<boolean>`d.status = any(${[...filters.status]}::smallint[])`);
  if (filters.office_id) conditions.push(sql<boolean>`d.office_id = ${filters.office_id}`);
  if (filters.agent_id) conditions.push(sql<boolean>`d.agent_id = ${filters.agent_id}`);
  if (filters.ibo_marketer_id) conditions.push(officeOfMarket(filters.ibo_marketer_id));
  if (filters.retailer_id) conditions.push(officeOfRetailer(filters.retailer_id));
  if (filters.device_type) conditions.push(sql<boolean>`d.device_type = ${filters.device_type}`);
  return conditions;
}

export function sharedConditions(scope: Scope, filters: SharedDeviceFilters): Condition[] {
  const conditions = countableConditions(scope, filters);
  // Keyword: a part of an IMEI (trigram index) or a whole carton number.
  if (filters.keyword) conditions.push(sql<boolean>`(d.imei like ${containsPattern(filters.keyword)} or d.carton_number = ${filters.keyword})`);
  if (filters.imei) conditions.push(sql<boolean>`d.imei like ${containsPattern(filters.imei)}`);
  if (filters.carton) conditions.push(sql<boolean>`d.carton_number = ${filters.carton}`);
  if (filters.enroll_id) conditions.push(sql<boolean>`d.enroll_id = ${filters.enroll_id}`);
  return conditions;
}

/** The detailed report's rows: doc 1 §2.11 filters in the caller's scope. */
export function detailedConditions(scope: Scope, filters: DetailedReportFilters): Condition {
  const conditions = sharedConditions(scope, filters);
  conditions.push(...instantBetween(sql`d.allocation_date`, filters.date_range_start, filters.date_range_end));
  conditions.push(...dateBetween(sql`d.activation_date`, filters.activation_date_range_start, filters.activation_date_range_end));
  if (filters.order_id) conditions.push(sql<boolean>`d.order_id = ${filters.order_id}`);
  // The RMA order a device was submitted on, by its number (RMA-000123) as the report shows it.
  if (filters.rma_order_id) conditions.push(sql<boolean>`d.rma_prefix = ${filters.rma_order_id}`);
  return and(conditions);
}

/** The counters' rows under the device table's names (alias d), so the same conditions apply to them. */
export const COUNTED_AS_DEVICES = sql`(select office_id, nullif(agent_id, '') as agent_id, device_type, status, allocated_office_id, devices from rm.inventory_counts) d`;

/** Whether every filter given is one the counters know (their total is then exact without counting devices). */
const COUNTABLE_KEYS = new Set(['status', 'office_id', 'agent_id', 'ibo_marketer_id', 'retailer_id', 'device_type']);
export const onlyCountable = (filters: object) =>
  Object.entries(filters).every(([key, value]) => COUNTABLE_KEYS.has(key) || value === undefined || value === null || value === '');
