import { officeExport } from '../admin/office-export';
import { announcementExport } from '../help/announcement-export';
import type { ExportDefinition } from './export-definition';

/** Every export the processor can run, by name. A capability adds its lists' definitions here. */
export const EXPORT_DEFINITIONS: Readonly<Record<string, ExportDefinition<never, never>>> = {
  [officeExport.name]: officeExport as unknown as ExportDefinition<never, never>,
  [announcementExport.name]: announcementExport as unknown as ExportDefinition<never, never>,
};
