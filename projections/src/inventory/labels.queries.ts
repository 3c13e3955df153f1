import { IN_STOCK_GROUP } from '@portal/contracts';
import { sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import { getBusinessTimeZone } from '../business-time';
import type { SqlDb } from '../runner/ports';

/**
 * What a printed label shows (issue 27, docs/SCANNING.md "Labels"), read from the inventory
 * read model within the caller's scope: what lies outside it is simply not answered, exactly as
 * what does not exist.
 */

/** One carton label: a carton as one office holds it. */
export interface CartonLabelFacts {
  readonly carton_number: string;
  readonly office_name: string;
  readonly office_number: string | null;
  /** Its devices in the in-stock group (statuses 9, 3, 4, 5, 6, 12) at this office. */
  readonly device_count: number;
  /** The device type codes of its devices, comma-joined (one, nearly always). */
  readonly device_types: string;
  /** YYYY-MM-DD in the business's time zone: the day its first device reached this office's stock (or arrived there, while still pending). */
  readonly received_on: string;
}

/**
 * The labels of these cartons, one per carton and office holding its devices now, in the order
 * the numbers were given (then by office name); a carton no office of the scope holds is absent.
 */
export async function cartonLabelFacts(db: SqlDb, scope: Scope, cartonNumbers: readonly string[]): Promise<CartonLabelFacts[]> {
  const result = await sql<CartonLabelFacts>`
    select d.carton_number, o.name as office_name, o.office_number,
      (count(*) filter (where d.status in (${sql.join(IN_STOCK_GROUP.map((status) => sql.lit(status)))})))::int as device_count,
      string_agg(distinct d.device_type, ',' order by d.device_type) as device_types,
      to_char(min(d.aged_from) at time zone ${getBusinessTimeZone()}, 'YYYY-MM-DD') as received_on
    from rm.inventory_devices d join rm.org_offices o on o.id = d.office_id
    where d.carton_number = any(${[...cartonNumbers]}::text[]) and ${officeInScope(scope, sql`d.office_id`)}
    group by d.carton_number, o.id, o.name, o.office_number
    order by array_position(${[...cartonNumbers]}::text[], d.carton_number), o.name, o.id`.execute(db);
  return result.rows;
}

/** One device label. */
export interface DeviceLabelFacts {
  readonly imei: string;
  readonly make: string | null;
  readonly model: string | null;
  readonly device_type: string;
  readonly carton_number: string;
}

/** The labels of these devices, in the order the IMEIs were given; a device outside the scope (or unknown) is absent. */
export async function deviceLabelFacts(db: SqlDb, scope: Scope, imeis: readonly string[]): Promise<DeviceLabelFacts[]> {
  const result = await sql<DeviceLabelFacts>`
    select d.imei, d.make, d.model, d.device_type, d.carton_number
    from rm.inventory_devices d
    where d.imei = any(${[...imeis]}::text[]) and ${officeInScope(scope, sql`d.office_id`)}
    order by array_position(${[...imeis]}::text[], d.imei)`.execute(db);
  return result.rows;
}
