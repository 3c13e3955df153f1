import { Alert, Typography } from 'antd';
import ForcedChangePasswordDialog from '../auth/ForcedChangePasswordDialog';

/** The manager dashboard (doc 1 §2.4): its count cards arrive with the inventory capability. */
export default function ManagerDashboardPage() {
  return (
    <div>
      <Typography.Title level={3}>Dashboard</Typography.Title>
      <Alert type="info" showIcon message="The dashboard cards are not built yet" description="In Stock, Manager Pending, Agent Pending and the other counts arrive with the inventory and sales capabilities." />
      <ForcedChangePasswordDialog />
    </div>
  );
}
