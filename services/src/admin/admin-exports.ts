import type { MarketRow, UserRow } from '@portal/contracts';
import { type MarketFilters, type OfficeRow, type SortedOfficeFilters, type SortedUserFilters, marketList, officeCount, officePages, userList } from '@portal/projections';
import { type ExportDefinition, formatExportDate } from '../exports/export-definition';
import { listExport } from '../exports/list-export';

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

/** The Users list (doc 3 §7 `user_export`) as a file: the screen's columns, filters and order. */
export const userExport = listExport<UserRow, SortedUserFilters>(
  'users',
  [
    { heading: 'IBOs/Markets', value: (row) => row.user_ibo_market_name },
    { heading: 'Office', value: (row) => row.office_number },
    { heading: 'First Name', value: (row) => row.first_name },
    { heading: 'Middle Name', value: (row) => row.middle_name },
    { heading: 'Last Name', value: (row) => row.last_name },
    { heading: 'Phone Number', value: (row) => row.mobile_number },
    { heading: 'E-mail', value: (row) => row.email },
    { heading: 'Role', value: (row) => row.role_info.map((role) => role.role_name).join(', ') },
    { heading: 'ETC Code', value: (row) => row.excess_code },
    { heading: 'Rad ID', value: (row) => row.rad },
    { heading: 'Address', value: (row) => row.address },
    { heading: 'City', value: (row) => row.city },
    { heading: 'State', value: (row) => row.state },
    { heading: 'ZIP', value: (row) => row.zip },
    { heading: 'Status', value: (row) => row.status_text },
    { heading: 'Updated At', value: (row) => formatExportDate(row.updated_at) },
    { heading: 'Created At', value: (row) => formatExportDate(row.created_at) },
  ],
  userList,
);

/** The IBO/Market list (doc 3 §7 `ibo_market_export`) as a file. */
export const marketExport = listExport<MarketRow, MarketFilters>(
  'ibo-markets',
  [
    { heading: 'Master', value: (row) => row.master_agent_name },
    { heading: 'Distributor', value: (row) => row.distributor_name },
    { heading: 'Retailer', value: (row) => row.retailer_name },
    { heading: 'IBOs/Markets', value: (row) => row.name },
    { heading: 'Managers', value: (row) => names(row.get_manager_info) },
    { heading: 'Created At', value: (row) => formatExportDate(row.created_at) },
    { heading: 'Status', value: (row) => (row.status === 1 ? 'Active' : 'Inactive') },
  ],
  marketList,
);

/** The organisation's exports, for the export registry. */
export const ADMIN_EXPORTS = [officeExport, userExport, marketExport] as const;
