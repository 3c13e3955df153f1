import type { AgentTransferBody } from '@portal/contracts/inventory/inventory.schemas';
import type { AgentDeviceRow } from '@portal/contracts/inventory/inventory.views';
import { inventoryStatusName } from '@portal/contracts/inventory/device-custody';
import { INVENTORY_STATUS } from '@portal/contracts/inventory/inventory.codes';
import { Form, Input, Popconfirm } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { route } from '../../app/api-client';
import ReportPage from '../../app/report/ReportPage';
import { useCommand } from '../../app/command';
import { shownDate, shownDeviceType } from '../../app/format';
import ActionButton from '../../app/widgets/ActionButton';
import ImeiLink from '../../app/widgets/ImeiLink';

const list = route('GET', '/api/v1/agent/agentinventorylistv1');
const transfer = route('POST', '/api/v1/agent/transfer_device');
const dashboard = route('GET', '/api/v1/agent/agentdashboard');

/** Only devices the agent holds (5, agent received) go back to the manager. */
const TRANSFERABLE_STATUS = INVENTORY_STATUS.AGENT_RECEIVED;
/** Doc 1 §4: an agent's transfer to the manager uses accept_transfer_status 1. */
const TO_MANAGER = 1;

type TransferRequest = Pick<AgentTransferBody, 'reason'> & { imei: string[]; transfer_count: number; accept_transfer_status: typeof TO_MANAGER };

const columns: ColumnsType<AgentDeviceRow> = [
  { title: 'IMEI', dataIndex: 'imei', key: 'imei', render: (imei: string) => <ImeiLink imei={imei} /> },
  { title: 'Age (Days)', dataIndex: 'device_age', key: 'device_age', render: (age: number | null) => age ?? '—' },
  { title: 'Device Type', dataIndex: 'device_type', key: 'device_type', render: shownDeviceType },
  { title: 'Status', dataIndex: 'status_name', key: 'status_name' },
  { title: 'Assigned Date', dataIndex: 'assigned_date', key: 'assigned_date', render: (at: string | null) => shownDate(at) },
  { title: 'Carton Number', dataIndex: 'carton', key: 'carton' },
];

/**
 * The agent's inventory (agent-Inventory, doc 1 §2.14): keyword, Clear, Export Report, and a
 * Transfer button once devices are selected, confirmed with 'Are you sure you want to transfer ? '.
 * The shared report table cannot disable single checkboxes, so only the selected devices in
 * status 5 are transferred, and the button says how many those are.
 */
export default function AgentInventoryPage() {
  const [selected, setSelected] = useState<readonly AgentDeviceRow[]>([]);
  const [resetKey, setResetKey] = useState(0);
  const command = useCommand<TransferRequest>(transfer, [list, dashboard]);
  const transferable = selected.map((device) => device.imei);

  const send = () =>
    command.mutate({ imei: transferable, transfer_count: transferable.length, reason: 'Transfer to manager', accept_transfer_status: TO_MANAGER }, { onSuccess: () => setResetKey((key) => key + 1) });

  return (
    <ReportPage<AgentDeviceRow>
      title="My Inventory"
      list={list}
      exportRoute={route('GET', '/api/v1/agent/agent_inventory_list_export')}
      rowKey="imei"
      columns={columns}
      selection={{ remember: 'across-pages', resetKey, selectable: (device) => device.status === TRANSFERABLE_STATUS, onChange: (_keys, rows) => setSelected(rows) }}
      filters={
        <Form.Item name="keyword">
          <Input placeholder="Search" allowClear />
        </Form.Item>
      }
      actions={
        <Popconfirm title="Are you sure you want to transfer ? " okText="Yes" cancelText="No" onConfirm={send} disabled={transferable.length === 0}>
          <ActionButton type="primary" loading={command.isPending} blockedBecause={transferable.length === 0 && `Select devices in ${inventoryStatusName(TRANSFERABLE_STATUS)} status to transfer them to your manager.`}>
            Transfer{transferable.length > 0 ? ` (${transferable.length})` : ''}
          </ActionButton>
        </Popconfirm>
      }
    />
  );
}
