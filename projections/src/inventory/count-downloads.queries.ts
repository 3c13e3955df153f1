import { AGING_BANDS, type AgedBucket, type AgedPeriod, IN_STOCK_GROUP, INVENTORY_STATUS, type InventoryCountType, salesPeriodRange } from '@portal/contracts';
import { sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import { businessDate, sqlBusinessDate, sqlDayStart, sqlToday } from '../business-time';
import { bandCondition } from './aged-report.queries';
import type { DeviceChoice } from './device-report.queries';
import { type Holder, heldBy } from '../admin/report-holders';
import { soldByHolder } from '../sales/sales-summary.queries';

// ---------------------------------------------------------------------------------------------
// Downloads by count: the devices behind one clicked number (doc 1 §2.10, §2.13)
// ---------------------------------------------------------------------------------------------

/** The devices behind a by-* count (GET inventory/{holder}/{id}/{type}), in the caller's scope. */
export function countedDevicesChoice(scope: Scope, holder: Holder, holderId: string, type: InventoryCountType, asOf: string | undefined): DeviceChoice {
  return { where: countedDevices(scope, holder, holderId, type, asOf) };
}

function countedDevices(scope: Scope, holder: Holder, holderId: string, type: InventoryCountType, asOf: string | undefined) {
  const held = sql<boolean>`${officeInScope(scope, sql`d.office_id`)} and ${heldBy(holder, holderId)}`;
  switch (type) {
    case 'agent_received':
      return sql<boolean>`${held} and d.status = ${INVENTORY_STATUS.AGENT_RECEIVED}`;
    case 'agent_pending':
      return sql<boolean>`${held} and d.status = ${INVENTORY_STATUS.AGENT_PENDING}`;
    case 'manager_pending':
      return sql<boolean>`${held} and d.status = ${INVENTORY_STATUS.MANAGER_PENDING}`;
    case 'manager_received':
      return sql<boolean>`${held} and d.status = ${INVENTORY_STATUS.MANAGER_RECEIVED}`;
    case 'agent_transfer':
      return sql<boolean>`${held} and d.status = ${INVENTORY_STATUS.AGENT_TRANSFER}`;
    case 'instock':
      return sql<boolean>`${held} and d.status = any(${[...IN_STOCK_GROUP]}::smallint[])`;
    case 'sold':
      // The sales the count summed (sales' rows, by the holder at the sale), whatever the devices did since.
      return soldByHolder(scope, holder, holderId, salesPeriodRange('last_30_days', businessDate(asOf ? new Date(asOf) : new Date())));
  }
}

/** The devices behind an aged cell (GET aged/{holder}/{id}/{bucket}/{Product_Type}): in stock, of that type, in that band. */
export function agedCellChoice(scope: Scope, holder: Holder, holderId: string, bucket: AgedBucket, productType: string, period: AgedPeriod, asOf: string | undefined): DeviceChoice {
  return { where: agedCellDevices(scope, holder, holderId, bucket, productType, period, asOf) };
}

function agedCellDevices(scope: Scope, holder: Holder, holderId: string, bucket: AgedBucket, productType: string, period: AgedPeriod, asOf: string | undefined) {
  const band = AGING_BANDS.find((candidate) => candidate.reportKey === bucket)!;
  // The counters' hour, from the device's own dates (as the projection keys it).
  const from = period === 'post' ? sql`case when d.agent_id is not null and d.assigned_date is not null then d.assigned_date else d.aged_from end` : sql`d.aged_from`;
  const age = sql<number>`(${sqlToday(asOf)} - ${sqlBusinessDate(sql`date_trunc('hour', ${from})`)})`;
  // A range on aged_from keeps the 'pre' band on its index; the exact age test follows.
  const indexed =
    period === 'pre'
      ? sql<boolean>`d.aged_from < ${sqlDayStart(sql`${sqlToday(asOf)} - ${band.minDays - 1}::int`)}${band.maxDays === null ? sql`` : sql` and d.aged_from >= ${sqlDayStart(sql`${sqlToday(asOf)} - ${(band.maxDays ?? 0) + 1}::int`)}`}`
      : sql<boolean>`true`;
  return sql<boolean>`${officeInScope(scope, sql`d.office_id`)} and ${heldBy(holder, holderId)}
    and d.status = any(${[...IN_STOCK_GROUP]}::smallint[]) and d.device_type = ${productType} and ${indexed} and ${bandCondition(age, band)}`;
}
