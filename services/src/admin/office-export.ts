import { type OfficeRow, type SortedOfficeFilters, officeCount, officePages } from '@portal/projections';
import { type ExportDefinition, formatExportDate } from '../exports/export-definition';

const names = (people: readonly { name: string }[]) => people.map((person) => person.name).join(', ');

/** The Office list (doc 3 §7 Offices) as a file: the same columns and headings as the Office list screen. */
export const officeExport: ExportDefinition<OfficeRow, SortedOfficeFilters> = {
  name: 'offices',
  columns: [
    { heading: 'Office Name', value: (row) => row.name },
    { heading: 'Office Number', value: (row) => row.office_number },
    { heading: 'State', value: (row) => row.state_short_name },
    { heading: 'IBO/Market', value: (row) => row.ibo_marketer_name },
    { heading: 'Managers', value: (row) => names(row.get_manager_info) },
    { heading: 'Add-on Managers', value: (row) => names(row.get_supervisor_info) },
    { heading: 'Retailer', value: (row) => row.retailer_name },
    { heading: 'Status', value: (row) => (row.status === 1 ? 'Active' : 'Inactive') },
    { heading: 'Created At', value: (row) => formatExportDate(row.created_at) },
  ],
  rows: (db, scope, filters) => officePages(db, scope, filters),
  count: (db, scope, filters) => officeCount(db, scope, filters),
};

/** The organisation's exports, for the export registry. */
export const ADMIN_EXPORTS = [officeExport] as const;
