import type { AgentSalesSummaryRow } from '@portal/contracts/sales/sales.views';
import type { ColumnsType } from 'antd/es/table/interface';
import { route } from '../../app/api-client';
import { officeLabel } from '../../app/format';
import { AgentFilter } from '../../app/report/holder-filters';
import SalesSummaryReport from './SalesSummaryReport';

const list = route('GET', '/api/v1/manager/sales_by_agents');
const exportRoute = route('GET', '/api/v1/manager/manager_sales_summary_reports_export/agent');
const breakdown = { route: route('GET', '/api/v1/sales/agent/:id/:period'), idParam: 'id', idOf: (row: AgentSalesSummaryRow) => row.agent_id };
// The server sorts summaries by the holder's name or a period: the office is not a sort of its own.
const holder: ColumnsType<AgentSalesSummaryRow> = [
  { title: 'Agent Name', dataIndex: 'agent_name', key: 'agent_name', sorter: true },
  { title: 'Office', dataIndex: 'office_name', key: 'office_name', render: (_name: string | null, row) => officeLabel(row) },
];

/** Sales By Agents (salesreportagent, doc 2 §2): the agent type-ahead, each agent with their office. */
export default function SalesByAgentsPage() {
  return <SalesSummaryReport<AgentSalesSummaryRow> title="Sales By Agents" list={list} exportRoute={exportRoute} rowKey="agent_id" holder={holder} breakdown={breakdown} filter={<AgentFilter />} />;
}
