import { type DeviceTypeCode, IN_STOCK_GROUP, INVENTORY_STATUS, type SoldDevice } from '@portal/contracts';
import { sql } from 'kysely';
import { type Scope, officeIdsInScope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';
import type { DeviceRow } from './device-row';

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

/** What a sale records of the device (sales' SoldDevice) from its inventory row and its shipment's order date: the one mapping the command and the bulk seed share. */
export function soldDeviceFromRow(row: DeviceRow, orderDate: string | null): SoldDevice {
  const instant = (value: string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    device_type: row.device_type as DeviceTypeCode,
    make: row.make,
    model: row.model,
    esn: row.esn,
    pallet: row.pallet,
    carton_number: row.carton_number,
    enroll_id: row.enroll_id,
    enroll_type: row.enroll_type,
    etc_code: row.etc_code,
    allocated_office_id: row.allocated_office_id,
    order_id: row.order_id,
    order_date: orderDate,
    received_at: instant(row.received_at),
    allocation_date: instant(row.allocation_date),
  };
}

/** What a sale records of the device; none when the read model has not placed it. */
export async function soldDeviceFacts(db: SqlDb, imei: string): Promise<SoldDevice | null> {
  const rows = await sql<{ row: DeviceRow; order_date: string | null }>`
    select to_jsonb(d) as row, j.order_date::text as order_date
    from rm.inventory_devices d left join rm.inventory_receive_jobs j on j.job_id = d.job_id
    where d.imei = ${imei}`.execute(db);
  const found = rows.rows[0];
  return found ? soldDeviceFromRow(found.row, found.order_date) : null;
}

/** How many devices these offices hold in the in-stock group (with a manager or an agent): an office or market holding any cannot be deactivated. */
export async function devicesHeldBy(db: SqlDb, officeIds: readonly string[]): Promise<number> {
  if (officeIds.length === 0) return 0;
  const found = await sql<{ n: number }>`
    select count(*)::int as n from rm.inventory_devices where office_id = any(${[...officeIds]}::text[]) and status = any(${[...IN_STOCK_GROUP]}::smallint[])`.execute(db);
  return found.rows[0]!.n;
}
