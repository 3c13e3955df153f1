import { SUMMARY_REPORT_COUNTS } from '@portal/contracts/reports/reports.constants';
import type { AgentSummaryRow } from '@portal/contracts/reports/reports.views';
import { route } from '../../app/api-client';
import { shownText } from './report-query';
import InventorySummaryReport from './InventorySummaryReport';
import { AgentFilter } from '../../app/report/holder-filters';

/** Inventory By Agents (Agent, doc 1 §2.10, §3 agent inventory row). */
export default function InventoryByAgentPage() {
  return (
    <InventorySummaryReport<AgentSummaryRow>
      title="Inventory By Agents"
      list={route('GET', '/api/v1/manager/agentlist_with_pagination')}
      exportRoute={route('GET', '/api/v1/manager/manager_inventory_summary_reports_export/agent')}
      rowKey="agent_id"
      holder={[
        { title: 'Agent Name', dataIndex: 'agent_name', key: 'agent_name', sorter: true },
        { title: 'Office Name', dataIndex: 'office_name', key: 'office_name', sorter: true, render: shownText },
      ]}
      counts={SUMMARY_REPORT_COUNTS.agent}
      drill={{ route: route('GET', '/api/v1/inventory/agent/:id/:type'), idParam: 'id', idOf: (row) => row.agent_id }}
      cards={['agent_assigned', 'agent_pending', 'sold_30_days']}
      filter={<AgentFilter />}
    />
  );
}
