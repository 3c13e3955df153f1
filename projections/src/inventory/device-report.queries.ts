import type { DetailedDeviceRow, DetailedReportFilters, LegacyDeviceRow, LegacyQuery, LegacyReportFilters, Page } from '@portal/contracts';
import type { Scope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';
import type { Condition } from '../sql/conditions';
import { type DeviceFacts, deviceCount, deviceFacts, devicePages, toDetailedRow, toLegacyRow } from './device-facts';
import { type DevicePaging, type DeviceSort, pageAndTotal, sortedImeiPages } from './device-page-planner';
import { type DeviceSelection, detailedConditions, onlyCountable } from './device-report-filters';
import { legacyConditions, withValueLists } from './legacy-query';

/**
 * The device reports (doc 1 §2.11 Inventory Detailed Report, §2.12 Legacy Data) over
 * rm.inventory_devices, and the device lists their exports and downloads by count read: what
 * the screens and exports call. The mechanisms are beside it: filters
 * (device-report-filters.ts), the Legacy query compiler (legacy-query.ts), the page planner
 * (device-page-planner.ts) and the row facts (device-facts.ts).
 */

export type { DeviceFacts } from './device-facts';
export type { DevicePaging, DeviceSort } from './device-page-planner';

async function devicePage<Row>(db: SqlDb, selection: DeviceSelection, paging: DevicePaging, countable: boolean, toRow: (facts: DeviceFacts) => Row): Promise<Page<Row>> {
  const { imeis, total, estimated } = await pageAndTotal(db, selection, paging, countable);
  const rows = (await deviceFacts(db, imeis, paging.asOf)).map(toRow);
  return { data: rows, total, current_page: paging.page, ...(estimated && { estimated: true }) };
}

/** GET detailed_inventory_report (doc 1 §2.11). */
export async function detailedInventoryReport(db: SqlDb, scope: Scope, filters: DetailedReportFilters, paging: DevicePaging): Promise<Page<DetailedDeviceRow>> {
  return devicePage(db, { scope, counted: filters, where: detailedConditions(scope, filters) }, paging, onlyCountable(filters), toDetailedRow);
}

/** POST/GET legacy_detailed_sales_report (doc 1 §2.12); `retailer_name` only for the super role (doc 1 §6). */
export async function legacyReport(db: SqlDb, scope: Scope, filters: LegacyReportFilters, query: LegacyQuery | undefined, paging: DevicePaging, withRetailer: boolean): Promise<Page<LegacyDeviceRow>> {
  const countable = onlyCountable(filters) && (!query || query.rules.length === 0);
  const where = legacyConditions(scope, filters, await withValueLists(db, query));
  return devicePage(db, { scope, counted: filters, where }, paging, countable, toLegacyRow(withRetailer));
}

/** A set of devices an export or a download by count writes out (made by the functions below and in count-downloads.queries.ts). */
export interface DeviceChoice {
  readonly where: Condition;
  /** When the devices are a screen's (a report's export): its selection, so that the file follows the screen's sort. */
  readonly screen?: DeviceSelection;
}

/** The detailed report's devices, as its export writes them. */
export const detailedReportChoice = (scope: Scope, filters: DetailedReportFilters): DeviceChoice => {
  const where = detailedConditions(scope, filters);
  return { where, screen: { scope, counted: filters, where } };
};

/** Legacy Data's devices, as its export writes them. */
export const legacyReportChoice = (scope: Scope, filters: LegacyReportFilters, query: LegacyQuery | undefined): DeviceChoice => {
  const where = legacyConditions(scope, filters, query);
  return { where, screen: { scope, counted: filters, where } };
};

const EXPORT_PAGE = 2000;

async function* factsOf(db: SqlDb, pages: AsyncGenerator<string[]>, asOf: string | undefined): AsyncGenerator<DeviceFacts[]> {
  for await (const imeis of pages) yield await deviceFacts(db, imeis, asOf);
}

/**
 * Every chosen device with its facts, in keyset pages (flat memory, no offset scans): a screen's
 * devices in the order the screen showed for `sort` (its default when none), others by IMEI.
 */
export const chosenDevicePages = (db: SqlDb, choice: DeviceChoice, asOf: string | undefined, sort: DeviceSort = {}): AsyncGenerator<DeviceFacts[]> =>
  choice.screen ? factsOf(db, sortedImeiPages(db, choice.screen, sort, EXPORT_PAGE), asOf) : devicePages(db, choice.where, asOf, EXPORT_PAGE);

/** How many devices were chosen (an export's row count). */
export const chosenDeviceCount = (db: SqlDb, choice: DeviceChoice): Promise<number> => deviceCount(db, choice.where);
