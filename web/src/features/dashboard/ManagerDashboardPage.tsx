import { Alert, Flex, Typography } from 'antd';
import ForcedChangePasswordDialog from '../auth/ForcedChangePasswordDialog';
import LiveOrgCards from './LiveOrgCards';

/** The manager dashboard (doc 1 §2.4): live organisation figures now; the inventory count cards arrive with the inventory capability. */
export default function ManagerDashboardPage() {
  return (
    <div>
      <Typography.Title level={3}>Dashboard</Typography.Title>
      <Flex vertical gap={16}>
        <LiveOrgCards />
        <Alert type="info" showIcon message="The dashboard cards are not built yet" description="In Stock, Manager Pending, Agent Pending and the other counts arrive with the inventory and sales capabilities." />
      </Flex>
      <ForcedChangePasswordDialog />
    </div>
  );
}
