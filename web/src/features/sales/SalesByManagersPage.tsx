import type { ManagerSalesSummaryRow } from '@portal/contracts/sales/sales.views';
import type { ColumnsType } from 'antd/es/table/interface';
import { route } from '../../app/api-client';
import { ManagerFilter } from '../../app/report/holder-filters';
import SalesSummaryReport from './SalesSummaryReport';

const list = route('GET', '/api/v1/sales_summary_reports/manager');
const exportRoute = route('GET', '/api/v1/sales_summary_reports_export/manager');
const breakdown = { route: route('GET', '/api/v1/sales/manager/:id/:period'), idParam: 'id', idOf: (row: ManagerSalesSummaryRow) => row.office_manager_id };
const holder: ColumnsType<ManagerSalesSummaryRow> = [{ title: 'Manager Name', dataIndex: 'office_manager_name', key: 'office_manager_name', sorter: true }];

/** Sales By Managers (salesreportmanagers, doc 2 §2): the manager select; an office with two managers counts for both. */
export default function SalesByManagersPage() {
  return <SalesSummaryReport<ManagerSalesSummaryRow> title="Sales By Managers" list={list} exportRoute={exportRoute} rowKey="office_manager_id" holder={holder} breakdown={breakdown} filter={<ManagerFilter />} />;
}
