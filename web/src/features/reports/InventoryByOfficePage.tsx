import { SUMMARY_REPORT_COUNTS } from '@portal/contracts/reports/reports.constants';
import type { OfficeSummaryRow } from '@portal/contracts/reports/reports.views';
import { route } from '../../app/api-client';
import InventorySummaryReport, { STOCK_CARDS } from './InventorySummaryReport';
import { OfficeFilter } from '../../app/report/holder-filters';

/** Inventory By Offices (Office, doc 1 §2.10, §3 office row). */
export default function InventoryByOfficePage() {
  return (
    <InventorySummaryReport<OfficeSummaryRow>
      title="Inventory By Offices"
      list={route('GET', '/api/v1/manager/inventory_summary_for_manager_with_pagination')}
      exportRoute={route('GET', '/api/v1/manager/manager_inventory_summary_reports_export/office')}
      rowKey="office_id"
      holder={[{ title: 'Office Name', dataIndex: 'office_name', key: 'office_name', sorter: true }]}
      counts={SUMMARY_REPORT_COUNTS.office}
      drill={{ route: route('GET', '/api/v1/inventory/office/:id/:type'), idParam: 'id', idOf: (row) => row.office_id }}
      cards={STOCK_CARDS}
      filter={<OfficeFilter />}
    />
  );
}
