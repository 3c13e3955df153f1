import type { AgentTransferBody } from '@portal/contracts/inventory/inventory.schemas';
import type { AgentDeviceRow } from '@portal/contracts/inventory/inventory.views';
import { inventoryStatusName } from '@portal/contracts/inventory/device-custody';
import { INVENTORY_STATUS } from '@portal/contracts/inventory/inventory.codes';
import type { Listed } from '@portal/contracts/platform/page';
import { MAX_PAGE_SIZE } from '@portal/contracts/reference/reference-lists';
import { Flex, Form, Grid, Input, Popconfirm, Typography } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { call, route } from '../../app/api-client';
import ScanInput, { type ScanResolution, looksLikeDeviceId } from '../../app/widgets/ScanInput';
import ReportPage from '../../app/report/ReportPage';
import { useCommand } from '../../app/command';
import { shownDate, shownDeviceType } from '../../app/format';
import ActionButton from '../../app/widgets/ActionButton';
import ImeiLink from '../../app/widgets/ImeiLink';
import DeviceImageAction from './DeviceImageAction';

const list = route('GET', '/api/v1/agent/agentinventorylistv1');
const transfer = route('POST', '/api/v1/agent/transfer_device');
const dashboard = route('GET', '/api/v1/agent/agentdashboard');

/** Only devices the agent holds (5, agent received) go back to the manager. */
const TRANSFERABLE_STATUS = INVENTORY_STATUS.AGENT_RECEIVED;
/** Doc 1 §4: an agent's transfer to the manager uses accept_transfer_status 1. */
const TO_MANAGER = 1;

type TransferRequest = Pick<AgentTransferBody, 'reason'> & { imei: string[]; transfer_count: number; accept_transfer_status: typeof TO_MANAGER };

/** What the agent's Transfer says of a scanned code it does not take (issue 27, docs/SCANNING.md). */
export const AGENT_SCAN_MESSAGES = {
  notYours: (imei: string) => `IMEI ${imei} is not one of your devices`,
  notInStock: (imei: string, status: string) => `IMEI ${imei} is ${status}: only devices in ${inventoryStatusName(TRANSFERABLE_STATUS)} status go back to your manager`,
  cartonNotYours: (code: string) => `Carton ${code} holds none of your devices`,
  cartonNotInStock: (code: string) => `Carton ${code} holds none of your devices in ${inventoryStatusName(TRANSFERABLE_STATUS)} status`,
} as const;

/** A keyword is read a page of 100 at a time, at most this many pages. */
const PAGES_MAX = 50;

/**
 * The agent's devices a scanned code names, asked of the list the screen shows (agentinventorylistv1,
 * no route of its own; its keyword holds a part of an IMEI or carton number): the device of that
 * IMEI, or the devices of the carton of that number. Empty when neither is the agent's.
 */
async function agentDevicesOf(code: string): Promise<AgentDeviceRow[]> {
  const named: AgentDeviceRow[] = [];
  for (let page = 1; page <= PAGES_MAX; page++) {
    const answer = await call<Listed<AgentDeviceRow>>(list, { query: { keyword: code, page, results: MAX_PAGE_SIZE } });
    named.push(...answer.items.data.filter((device) => device.imei === code || device.carton === code));
    if (answer.items.data.length < MAX_PAGE_SIZE) break;
  }
  return named;
}

/** A scan on the agent's Transfer: a device of theirs in Agent Received status, or those of a carton; refused in words otherwise. */
async function resolveAgentScan(code: string, shown: readonly AgentDeviceRow[]): Promise<ScanResolution> {
  const onPage = shown.filter((device) => device.imei === code);
  const found = onPage.length > 0 ? onPage : await agentDevicesOf(code);
  const device = found.find((one) => one.imei === code);
  if (device) return device.status === TRANSFERABLE_STATUS ? { imeis: [code] } : { refused: AGENT_SCAN_MESSAGES.notInStock(code, device.status_name) };
  if (found.length === 0) return { refused: looksLikeDeviceId(code) ? AGENT_SCAN_MESSAGES.notYours(code) : AGENT_SCAN_MESSAGES.cartonNotYours(code) };
  const inStock = found.filter((one) => one.status === TRANSFERABLE_STATUS).map((one) => one.imei);
  return inStock.length > 0 ? { imeis: [...new Set(inStock)] } : { refused: AGENT_SCAN_MESSAGES.cartonNotInStock(code) };
}

const imeiColumn: ColumnType<AgentDeviceRow> = { title: 'IMEI', dataIndex: 'imei', key: 'imei', render: (imei: string) => <ImeiLink imei={imei} /> };
const statusColumn: ColumnType<AgentDeviceRow> = { title: 'Status', dataIndex: 'status_name', key: 'status_name' };
const otherColumns: ColumnsType<AgentDeviceRow> = [
  { title: 'Age (Days)', dataIndex: 'device_age', key: 'device_age', render: (age: number | null) => age ?? '—' },
  { title: 'Device Type', dataIndex: 'device_type', key: 'device_type', render: shownDeviceType },
];
const laterColumns: ColumnsType<AgentDeviceRow> = [
  { title: 'Assigned Date', dataIndex: 'assigned_date', key: 'assigned_date', render: (at: string | null) => shownDate(at) },
  { title: 'Carton Number', dataIndex: 'carton', key: 'carton' },
  // Doc 2 §1: the agent uploads device images; from the device's row, its IMEI filled in (issue 42).
  { title: 'Action', key: 'action', render: (_value, device) => <DeviceImageAction imei={device.imei} /> },
];

/** On a phone the device's status goes under its IMEI, in the column that stays in view (issue 42): beside it, Status was off the screen. */
const imeiWithStatusColumn: ColumnType<AgentDeviceRow> = {
  ...imeiColumn,
  render: (imei: string, device) => (
    <Flex vertical>
      <ImeiLink imei={imei} />
      <Typography.Text type="secondary" aria-label={`Status: ${device.status_name}`}>
        {device.status_name}
      </Typography.Text>
    </Flex>
  ),
};

/** The spec's columns (doc 1 §2.14: IMEI, Age (Days), Device Type, status, Assigned Date, Carton Number); on a phone, the status under the IMEI. */
const columnsFor = (phone: boolean): ColumnsType<AgentDeviceRow> =>
  phone ? [imeiWithStatusColumn, ...otherColumns, ...laterColumns] : [imeiColumn, ...otherColumns, statusColumn, ...laterColumns];

/**
 * The agent's inventory (agent-Inventory, doc 1 §2.14): keyword, Clear, Export Report, and a
 * Transfer button once devices are selected, confirmed with 'Are you sure you want to transfer ? '.
 * The shared report table cannot disable single checkboxes, so only the selected devices in
 * status 5 are transferred, and the button says how many those are. Scanned devices (issue 27)
 * join the selected ones: the agent's own, in status 5, or those of a scanned carton.
 */
export default function AgentInventoryPage() {
  const [selected, setSelected] = useState<readonly AgentDeviceRow[]>([]);
  const [scanned, setScanned] = useState<string[]>([]);
  // The page of devices on screen: a scan looks there first.
  const [shown, setShown] = useState<readonly AgentDeviceRow[]>([]);
  const [resetKey, setResetKey] = useState(0);
  const phone = Grid.useBreakpoint().sm === false;
  const columns = useMemo(() => columnsFor(phone), [phone]);
  const command = useCommand<TransferRequest>(transfer, [list, dashboard]);
  const transferable = [...new Set([...selected.map((device) => device.imei), ...scanned])];

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
      onAnswer={(answer) => setShown(answer.items.data)}
      // Above the filters: the scan box (a transfer clears it with the selection).
      summary={() => <ScanInput key={resetKey} label="Scan devices to transfer" resolve={(code) => resolveAgentScan(code, shown)} onChange={setScanned} />}
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
