import type { OfficeSalesSummaryRow } from '@portal/contracts/sales/sales.views';
import type { ColumnsType } from 'antd/es/table/interface';
import { route } from '../../app/api-client';
import { officeLabel } from '../../app/format';
import { OfficeFilter } from '../../app/report/holder-filters';
import SalesSummaryReport from './SalesSummaryReport';

const list = route('GET', '/api/v1/sales_summary_reports/office');
const exportRoute = route('GET', '/api/v1/manager/manager_sales_summary_reports_export/office');
const breakdown = { route: route('GET', '/api/v1/sales/office/:id/:period'), idParam: 'id', idOf: (row: OfficeSalesSummaryRow) => row.office_id };
const holder: ColumnsType<OfficeSalesSummaryRow> = [{ title: 'Office Name', dataIndex: 'office_name', key: 'office_name', sorter: true, render: (_name: string, row) => officeLabel(row) }];

/** Sales By Offices (salesreportoffice, doc 2 §2): the office type-ahead. */
export default function SalesByOfficesPage() {
  return <SalesSummaryReport<OfficeSalesSummaryRow> title="Sales By Offices" list={list} exportRoute={exportRoute} rowKey="office_id" holder={holder} breakdown={breakdown} filter={<OfficeFilter />} />;
}
