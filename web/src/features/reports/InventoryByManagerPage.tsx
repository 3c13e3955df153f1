import { SUMMARY_REPORT_COUNTS } from '@portal/contracts/reports/reports.constants';
import type { ManagerSummaryRow } from '@portal/contracts/reports/reports.views';
import { route } from '../../app/api-client';
import InventorySummaryReport, { STOCK_CARDS } from './InventorySummaryReport';
import { ManagerFilter } from '../../app/report/holder-filters';

/** Inventory By Managers (InventoryByManager, doc 1 §2.10). */
export default function InventoryByManagerPage() {
  return (
    <InventorySummaryReport<ManagerSummaryRow>
      title="Inventory By Managers"
      list={route('GET', '/api/v1/inventory_summary_reports/manager')}
      exportRoute={route('GET', '/api/v1/inventory_summary_reports_export/manager')}
      rowKey="office_manager_id"
      holder={[{ title: 'Manager Name', dataIndex: 'office_manager_name', key: 'office_manager_name', sorter: true }]}
      counts={SUMMARY_REPORT_COUNTS.manager}
      drill={{ route: route('GET', '/api/v1/inventory/manager/:id/:type'), idParam: 'id', idOf: (row) => row.office_manager_id }}
      cards={STOCK_CARDS}
      filter={<ManagerFilter />}
    />
  );
}
