import type { IboSalesSummaryRow } from '@portal/contracts/sales/sales.views';
import type { ColumnsType } from 'antd/es/table/interface';
import { route } from '../../app/api-client';
import { IboMarketFilter } from '../../app/report/holder-filters';
import SalesSummaryReport from './SalesSummaryReport';

const list = route('GET', '/api/v1/sales_summary_reports/ibo_marketer');
const exportRoute = route('GET', '/api/v1/sales_summary_reports_export/ibo_marketer');
const breakdown = { route: route('GET', '/api/v1/sales/ibo/:id/:period'), idParam: 'id', idOf: (row: IboSalesSummaryRow) => row.ibo_market_id };
const holder: ColumnsType<IboSalesSummaryRow> = [{ title: 'IBO / Markets', dataIndex: 'ibo_market_name', key: 'ibo_market_name', sorter: true }];

/** Sales By IBOs/Markets (salesreportmarkets, doc 2 §2): the IBO/Market select. */
export default function SalesByIbosPage() {
  return <SalesSummaryReport<IboSalesSummaryRow> title="Sales By IBOs/Markets" list={list} exportRoute={exportRoute} rowKey="ibo_market_id" holder={holder} breakdown={breakdown} filter={<IboMarketFilter />} />;
}
