import { type DetailedDeviceRow, type LegacyDeviceRow, inventoryStatusName } from '@portal/contracts';
import { sql } from 'kysely';
import { sqlBusinessDate, sqlToday } from '../business-time';
import { keysetPages } from '../runner/keyset-pages';
import type { SqlDb } from '../runner/ports';
import type { Condition } from '../sql/conditions';
import { fullNameOrNull } from '../sql/text';

/**
 * What a device report row shows about some devices, the names joined for those rows only
 * (DESIGN.md §5: device rows carry ids), and the report rows and export pages made of them.
 */

/** Everything a report row shows about some devices, names joined, in the order of `imeis`. */
export interface DeviceFacts {
  imei: string;
  retailer_name: string | null;
  ibo_name: string | null;
  allocated_office_name: string | null;
  office_name: string | null;
  office_number: string | null;
  agent_name: string | null;
  make: string | null;
  enroll_id: string | null;
  etc_code: string | null;
  model: string | null;
  pallet: string | null;
  carton_number: string;
  enroll_type: string | null;
  esn: string | null;
  device_type: string;
  status: number;
  allocation_date: string | null;
  device_age: number;
  order_id: string | null;
  order_date: string | null;
  activation_date: string | null;
  plan_name: string | null;
  rma_prefix: string | null;
}

const FACTS_SELECT = (asOf: string | undefined) => sql`
  select d.imei, r.name as retailer_name, i.name as ibo_name, ao.name as allocated_office_name, o.name as office_name, o.office_number,
    ${fullNameOrNull('u')} as agent_name,
    d.make, d.enroll_id, d.etc_code, d.model, d.pallet, d.carton_number, d.enroll_type, d.esn, d.device_type, d.status,
    d.allocation_date, (${sqlToday(asOf)} - ${sqlBusinessDate(sql`d.aged_from`)})::int as device_age,
    d.order_id, j.order_date::text as order_date, d.activation_date::text as activation_date, d.plan_name, d.rma_prefix
  from rm.inventory_devices d
  left join rm.org_offices o on o.id = d.office_id
  left join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
  left join rm.org_retailers r on r.id = i.retailer_id
  left join rm.org_offices ao on ao.id = d.allocated_office_id
  left join rm.org_users u on u.id = d.agent_id
  left join rm.inventory_receive_jobs j on j.job_id = d.job_id`;

export async function deviceFacts(db: SqlDb, imeis: readonly string[], asOf: string | undefined): Promise<DeviceFacts[]> {
  if (imeis.length === 0) return [];
  const result = await sql<DeviceFacts>`${FACTS_SELECT(asOf)} where d.imei = any(${[...imeis]}::text[])`.execute(db);
  const byImei = new Map(result.rows.map((row) => [row.imei, row]));
  return imeis.map((imei) => byImei.get(imei)).filter((row): row is DeviceFacts => row !== undefined);
}

export const toDetailedRow = (facts: DeviceFacts): DetailedDeviceRow => ({
  imei: facts.imei,
  ibo_name: facts.ibo_name,
  allocated_office_name: facts.allocated_office_name,
  office_name: facts.office_name,
  agent_name: facts.agent_name,
  make: facts.make,
  enroll_id: facts.enroll_id,
  excess_code: facts.etc_code,
  model: facts.model,
  pallet: facts.pallet,
  carton: facts.carton_number,
  enroll_type: facts.enroll_type,
  esn: facts.esn,
  device_type: facts.device_type,
  status: facts.status,
  status_name: inventoryStatusName(facts.status),
  allocation_date: facts.allocation_date === null ? null : new Date(facts.allocation_date).toISOString(),
  device_age: facts.device_age,
  order_info: { order_prefix: facts.order_id },
  rma_order_info: { rma_prefix: facts.rma_prefix },
  activation_date: facts.activation_date,
});

export const toLegacyRow = (withRetailer: boolean) => (facts: DeviceFacts): LegacyDeviceRow => ({
  imei: facts.imei,
  ...(withRetailer ? { retailer_name: facts.retailer_name } : {}),
  ibo_name: facts.ibo_name,
  allocated_office_name: facts.allocated_office_name,
  office_name: facts.office_name,
  agent_name: facts.agent_name,
  excess_code: facts.etc_code,
  enroll_id: facts.enroll_id,
  order_prefix: facts.order_id,
  rma_prefix: facts.rma_prefix,
  pallet: facts.pallet,
  carton: facts.carton_number,
  enroll_type: facts.enroll_type,
  esn: facts.esn,
  order_date: facts.order_date,
  activation_date: facts.activation_date,
  allocation_date: facts.allocation_date === null ? null : new Date(facts.allocation_date).toISOString(),
  status: facts.status,
  status_name: inventoryStatusName(facts.status),
  plan_name: facts.plan_name,
  device_type: facts.device_type,
});

/**
 * Every device a condition chooses, in keyset pages by IMEI with its facts (exports and
 * downloads by count): flat memory and no offset scans whatever the size.
 */
export async function* devicePages(db: SqlDb, where: Condition, asOf: string | undefined, pageSize = 2000): AsyncGenerator<DeviceFacts[]> {
  const read = async (after: string | null): Promise<DeviceFacts[]> => {
    const page = await sql<{ imei: string }>`
      select d.imei from rm.inventory_devices d where ${where} and (${after}::text is null or d.imei > ${after}) order by d.imei limit ${pageSize}`.execute(db);
    return deviceFacts(db, page.rows.map((row) => row.imei), asOf);
  };
  yield* keysetPages(read, (row) => row.imei, pageSize);
}

/** How many devices a condition chooses (an export's row count). */
export async function deviceCount(db: SqlDb, where: Condition): Promise<number> {
  const result = await sql<{ total: number }>`select count(*)::int as total from rm.inventory_devices d where ${where}`.execute(db);
  return result.rows[0]!.total;
}

