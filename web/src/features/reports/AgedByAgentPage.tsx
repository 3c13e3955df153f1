import { route } from '../../app/api-client';
import AgedInventoryReport from './AgedInventoryReport';
import { AgentFilter } from '../../app/report/holder-filters';

/** Aged Inventory By Agents (agedbyagent, doc 1 §2.13): agent type-ahead at 2 characters, 800 ms. */
export default function AgedByAgentPage() {
  return (
    <AgedInventoryReport
      title="Aged Inventory By Agents"
      list={route('GET', '/api/v1/aged_inventory_summary_reports/agent')}
      exportRoute={route('GET', '/api/v1/aged_inventory_summary_reports_export/agent')}
      drillRoute={route('GET', '/api/v1/aged/agent/:id/:bucket/:Product_Type')}
      holder={{ title: 'Agent Name', name: 'Agent_name', id: 'agent_id', withOffice: true }}
      filter={<AgentFilter debounce="aged" />}
    />
  );
}
