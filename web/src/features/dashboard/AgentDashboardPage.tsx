import { Alert, Typography } from 'antd';
import ForcedChangePasswordDialog from '../auth/ForcedChangePasswordDialog';

/** The agent dashboard (doc 1 §2.4): tiles and pending transfer jobs arrive with the inventory capability. */
export default function AgentDashboardPage() {
  return (
    <div>
      <Typography.Title level={3}>Agent Dashboard</Typography.Title>
      <Alert type="info" showIcon message="The agent dashboard tiles are not built yet" description="In Stock, Agent Pending, Transfer, RMA and the pending transfer jobs arrive with the inventory capability." />
      <ForcedChangePasswordDialog />
    </div>
  );
}
