import { SUMMARY_REPORT_COUNTS } from '@portal/contracts/reports/reports.constants';
import type { IboSummaryRow } from '@portal/contracts/reports/reports.views';
import { route } from '../../app/api-client';
import InventorySummaryReport, { STOCK_CARDS } from './InventorySummaryReport';
import { IboMarketFilter } from '../../app/report/holder-filters';

/** Inventory By IBOs/Markets (InventoryByIbo, doc 1 §2.10). */
export default function InventoryByIboPage() {
  return (
    <InventorySummaryReport<IboSummaryRow>
      title="Inventory By IBOs/Markets"
      list={route('GET', '/api/v1/inventory_summary_reports/ibo_marketer')}
      exportRoute={route('GET', '/api/v1/inventory_summary_reports_export/ibo_marketer')}
      rowKey="ibo_market_id"
      holder={[{ title: 'IBO / Markets', dataIndex: 'ibo_market_name', key: 'ibo_market_name', sorter: true }]}
      counts={SUMMARY_REPORT_COUNTS.ibo}
      drill={{ route: route('GET', '/api/v1/inventory/ibo/:id/:type'), idParam: 'id', idOf: (row) => row.ibo_market_id }}
      cards={STOCK_CARDS}
      filter={<IboMarketFilter />}
    />
  );
}
