import { type DeviceTypeCode, INVENTORY_STATUS } from '@portal/contracts';
import { sql } from 'kysely';
import { type Scope, officeIdsInScope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';

/**
 * What the write side's inventory rules read from the inventory read model: which devices a
 * carton choice means, their types, who handed them over. Commands decide on the device
 * streams themselves; these only name the devices to load and the facts to pass in.
 */

/** The IMEIs of cartons in the manager's stock (3) at these offices. */
export async function cartonStockImeis(db: SqlDb, cartons: readonly string[], officeIds: readonly string[]): Promise<string[]> {
  const rows = await sql<{ imei: string }>`
    select imei from rm.inventory_devices
    where carton_number = any(${[...cartons]}::text[]) and status = ${sql.lit(INVENTORY_STATUS.MANAGER_RECEIVED)} and office_id = any(${[...officeIds]}::text[])`.execute(db);
  return rows.rows.map((row) => row.imei);
}

/** The offices of the caller's scope whose manager stock holds these cartons. */
export async function officesHoldingCartons(db: SqlDb, scope: Scope, cartons: readonly string[]): Promise<string[]> {
  const rows = await sql<{ office_id: string }>`
    select distinct office_id from rm.inventory_devices where carton_number = any(${[...cartons]}::text[]) and status = ${sql.lit(INVENTORY_STATUS.MANAGER_RECEIVED)}`.execute(db);
  return [...(await officeIdsInScope(db, scope, rows.rows.map((row) => row.office_id)))];
}

/** The devices of these cartons on a receive job. */
export async function imeisOfJobCartons(db: SqlDb, jobId: string, cartons: readonly string[]): Promise<string[]> {
  const rows = await sql<{ imei: string }>`
    select imei from rm.inventory_devices where job_id = ${jobId} and carton_number = any(${[...cartons]}::text[])`.execute(db);
  return rows.rows.map((row) => row.imei);
}

export async function deviceTypesOf(db: SqlDb, imeis: readonly string[]): Promise<Map<string, DeviceTypeCode>> {
  const rows = await sql<{ imei: string; device_type: DeviceTypeCode }>`select imei, device_type from rm.inventory_devices where imei = any(${[...imeis]}::text[])`.execute(db);
  return new Map(rows.rows.map((row) => [row.imei, row.device_type]));
}

/** The manager who handed any of these devices to their agent, if the read model knows one. */
export async function managerWhoHandedOver(db: SqlDb, imeis: readonly string[]): Promise<string | undefined> {
  const rows = await sql<{ manager_id: string }>`
    select manager_id from rm.inventory_devices where imei = any(${[...imeis]}::text[]) and manager_id is not null limit 1`.execute(db);
  return rows.rows[0]?.manager_id;
}

/** A sold device's activation (date, plan, order), which a device swap carries to the replacement; none when it is not sold. */
export async function activationOf(db: SqlDb, imei: string): Promise<{ activation_date: string; plan_name: string | null; order_id: string | null } | null> {
  const rows = await sql<{ activation_date: string; plan_name: string | null; order_id: string | null }>`
    select activation_date::text as activation_date, plan_name, activation_order_id as order_id from rm.inventory_devices
    where imei = ${imei} and status = ${sql.lit(INVENTORY_STATUS.SOLD)} and activation_date is not null`.execute(db);
  return rows.rows[0] ?? null;
}
