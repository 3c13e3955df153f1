import type { ManagerCounts } from '@portal/contracts/inventory/inventory.views';
import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { call, queryKey, route } from '../../app/api-client';
import ForcedChangePasswordDialog from '../../app/password/ForcedChangePasswordDialog';
import CountCards, { type CountCard } from '../../app/widgets/CountCards';
import LiveOrgCards from './LiveOrgCards';

const counts = route('GET', '/api/v1/dashboard_count');
const report = (status: number) => `/InventoryDetailedReport?status=${status}`;

/** Doc 1 §2.4: the manager's count cards, in the spec's order, and where each leads. */
function managerCards(data: ManagerCounts | undefined): CountCard[] {
  return [
    // 13 preselects the whole in-stock group on the detailed report.
    { title: 'In Stock', value: data?.total_in_stock, to: report(13) },
    { title: 'Manager Pending', value: data?.pending_manager, to: '/ReceiveInventory' },
    { title: 'Manager Received', value: data?.Received, to: '/assignagent' },
    { title: 'RMA', value: data?.rma, to: report(10) },
    { title: 'Pending RMA', value: data?.rma_pending, to: report(11) },
    { title: 'Agent Pending', value: data?.assigned, to: report(4) },
    { title: 'Agent Received', value: data?.In_stock, to: report(5) },
    { title: 'Agent Transfer', value: data?.transfer, to: '/TransferRequest' },
    { title: 'Device Swap', value: data?.device_swap, to: report(15) },
    { title: 'Manager Declined', value: data?.manager_not_received, to: report(12) },
    { title: 'SIM Instock', value: data?.sim_instock },
    { title: 'SIM Sold', value: data?.sim_sold },
  ];
}

/**
 * The manager dashboard (doc 1 §2.4): live organisation figures and the inventory count cards.
 * The counts are a react-query GET: the live socket refetches every GET on screen when the
 * user's scope changes (LiveConnection), so they follow without a reload.
 */
export default function ManagerDashboardPage() {
  const answer = useQuery({ queryKey: queryKey(counts), queryFn: () => call<{ data: { data: ManagerCounts } }>(counts) });
  return (
    <div>
      <Typography.Title level={3}>Dashboard</Typography.Title>
      <Flex vertical gap={16}>
        <LiveOrgCards />
        {answer.isError && <Typography.Text type="danger">{answer.error.message}</Typography.Text>}
        <CountCards cards={managerCards(answer.data?.data.data)} loading={answer.isPending} />
      </Flex>
      <ForcedChangePasswordDialog />
    </div>
  );
}
