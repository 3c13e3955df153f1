import { inventoryStatusName as named } from '@portal/contracts/inventory/device-custody';
import { INVENTORY_STATUS as S } from '@portal/contracts/inventory/inventory.codes';
import type { ManagerCounts } from '@portal/contracts/inventory/inventory.views';
import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { call, queryKey, route } from '../../app/api-client';
import ForcedChangePasswordDialog from '../../app/password/ForcedChangePasswordDialog';
import CountCards, { type CountCard } from '../../app/widgets/CountCards';
import { DeviceSwapButton } from './DeviceSwapModal';
import LiveOrgCards from './LiveOrgCards';

const counts = route('GET', '/api/v1/dashboard_count');
const report = (status: number) => `/InventoryDetailedReport?status=${status}`;

/** Doc 1 §2.4: the manager's count cards, in the spec's order, each titled by its status's one name, and where each leads. */
function managerCards(data: ManagerCounts | undefined): CountCard[] {
  return [
    // 13 preselects the whole in-stock group on the detailed report.
    { title: named(S.IN_STOCK_AGGREGATE), value: data?.total_in_stock, to: report(S.IN_STOCK_AGGREGATE) },
    { title: named(S.MANAGER_PENDING), value: data?.pending_manager, to: '/ReceiveInventory' },
    { title: named(S.MANAGER_RECEIVED), value: data?.Received, to: '/assignagent' },
    { title: named(S.RMA), value: data?.rma, to: report(S.RMA) },
    { title: named(S.PENDING_RMA), value: data?.rma_pending, to: report(S.PENDING_RMA) },
    { title: named(S.AGENT_PENDING), value: data?.assigned, to: report(S.AGENT_PENDING) },
    { title: named(S.AGENT_RECEIVED), value: data?.In_stock, to: report(S.AGENT_RECEIVED) },
    { title: named(S.AGENT_TRANSFER), value: data?.transfer, to: '/TransferRequest' },
    { title: named(S.DEVICE_SWAP), value: data?.device_swap, to: report(S.DEVICE_SWAP) },
    { title: named(S.MANAGER_DECLINED), value: data?.manager_not_received, to: report(S.MANAGER_DECLINED) },
    { title: 'SIM Instock', value: data?.sim_instock },
    { title: 'SIM Sold', value: data?.sim_sold },
  ];
}

/**
 * The manager's inventory dashboard (Inventory → Dashboard, /summary; doc 1 §2.4 manager
 * dashboard): live organisation figures and the inventory count cards. The managers' home (/) is
 * the sales/activation dashboard.
 * The counts are a react-query GET: the live socket refetches every GET on screen when the
 * user's scope changes (LiveConnection), so they follow without a reload.
 */
export default function ManagerDashboardPage() {
  const answer = useQuery({ queryKey: queryKey(counts), queryFn: () => call<{ data: { data: ManagerCounts } }>(counts) });
  return (
    <div>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={3}>Inventory Dashboard</Typography.Title>
        <DeviceSwapButton holder="manager" />
      </Flex>
      <Flex vertical gap={16}>
        <LiveOrgCards />
        {answer.isError && <Typography.Text type="danger">{answer.error.message}</Typography.Text>}
        <CountCards cards={managerCards(answer.data?.data.data)} loading={answer.isPending} />
      </Flex>
      <ForcedChangePasswordDialog />
    </div>
  );
}
