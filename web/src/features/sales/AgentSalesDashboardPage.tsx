import { route } from '../../app/api-client';
import SalesDashboard from './SalesDashboard';

const source = route('GET', '/api/v1/agent_sales_dashboard');

/** The agent's summary (agent-summary, doc 1 §2.4): their own activations, the aging of the stock they hold, and their trend. */
export default function AgentSalesDashboardPage() {
  return <SalesDashboard title="Sales & Inventory Summary" source={source} />;
}
