import { officeExport } from '../admin/office-export';
import { announcementExport } from '../help/announcement-export';
import { INVENTORY_EXPORTS } from '../inventory/inventory-exports';
import { REPORT_EXPORTS } from '../reports/reports-exports';
import type { ExportDefinition } from './export-definition';

/** Every export the processor can run, by name. A capability adds its lists' definitions here. */
export const EXPORT_DEFINITIONS: Readonly<Record<string, ExportDefinition<never, never>>> = {
  [officeExport.name]: officeExport as unknown as ExportDefinition<never, never>,
  [announcementExport.name]: announcementExport as unknown as ExportDefinition<never, never>,
  ...Object.fromEntries([...INVENTORY_EXPORTS, ...REPORT_EXPORTS].map((definition) => [definition.name, definition as unknown as ExportDefinition<never, never>])),
};
