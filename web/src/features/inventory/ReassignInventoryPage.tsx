import type { ReassignBody } from '@portal/contracts/inventory/inventory.schemas';
import type { ReassignRow } from '@portal/contracts/inventory/inventory.views';
import { inventoryStatuses } from '@portal/contracts/inventory/inventory.codes';
import { Button, Form, Input, Modal, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { route } from '../../app/api-client';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import ReportPage from '../../app/report/ReportPage';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { useCommand } from '../../app/command';
import OfficeAgentFields from './OfficeAgentFields';
import { personOption, shownDate, shownDeviceType } from '../../app/format';
import ImeiLink from '../../app/widgets/ImeiLink';

const list = route('GET', '/api/v1/manager/reassign_inventory_list');
const reassign = route('POST', '/api/v1/manager/reassign_inventory');

/** Doc 1 §2.8: the status filter offers only 3, 4 and 5, named from the inventory status list. */
const REASSIGN_STATUSES = inventoryStatuses.filter((status) => [3, 4, 5].includes(status.id)).map((status) => ({ value: status.id, label: status.name }));
/** Doc 1 §5: the Reassign office filter needs 3 characters (one reading; "more than 2" is the same), the agent filter more than 1. */
const OFFICE_MIN_CHARS = 3;
const AGENT_MIN_CHARS = 2;

type ReassignRequest = Pick<ReassignBody, 'office_id' | 'devicestatus' | 'carton_number'> & { imei: string; agent_id: string; assign_count: number };
interface ReassignForm {
  imei?: string[];
  office_id?: string;
  agent_id?: string;
}

const columns: ColumnsType<ReassignRow> = [
  { title: 'IMEI', dataIndex: 'imei', key: 'imei', render: (imei: string) => <ImeiLink imei={imei} /> },
  { title: 'Carton Number', dataIndex: 'carton_number', key: 'carton_number' },
  { title: 'Device Type', dataIndex: 'device_type', key: 'device_type', render: shownDeviceType },
  { title: 'Status', dataIndex: 'status_name', key: 'status_name' },
  { title: 'Office Name', dataIndex: 'office_name', key: 'office_name' },
  { title: 'Agent Name', dataIndex: 'agent_name', key: 'agent_name', render: (name: string | null) => name ?? '—' },
  { title: 'Assigned Date', dataIndex: 'assigned_date', key: 'assigned_date', render: (at: string | null) => shownDate(at) },
  { title: 'Age (Days)', dataIndex: 'device_age', key: 'device_age', render: (age: number | null) => age ?? '—' },
];

/**
 * The Reassign drawer (doc 1 §2.8, §5): the selected IMEIs ('Please select IMEIs'), an office
 * ('Please select office') and optionally an agent; choosing an agent fills the office.
 */
function ReassignDrawer({ devices, onCancel, onReassigned }: { devices: readonly ReassignRow[]; onCancel: () => void; onReassigned: () => void }) {
  const [form] = Form.useForm<ReassignForm>();
  const command = useCommand<ReassignRequest>(reassign, [list]);

  const submit = (values: ReassignForm) => {
    const imeis = values.imei ?? [];
    command.mutate({ imei: imeis.join(','), agent_id: values.agent_id ?? '', office_id: values.office_id!, assign_count: imeis.length, devicestatus: 1, carton_number: '' }, { onSuccess: onReassigned });
  };

  return (
    <CommandDrawer title="Reassign Inventory" submitting={command.isPending} onCancel={onCancel} onSubmit={() => form.submit()}>
      <Form<ReassignForm> form={form} layout="vertical" initialValues={{ imei: devices.map((device) => device.imei) }} onFinish={submit}>
        <Form.Item name="imei" label="IMEIs" rules={[{ required: true, type: 'array', min: 1, message: 'Please select IMEIs' }]}>
          <Select mode="multiple" allowClear placeholder="IMEIs" options={devices.map((device) => ({ value: device.imei, label: device.imei }))} />
        </Form.Item>
        <OfficeAgentFields officeMessage="Please select office" agentRequired={false} />
      </Form>
    </CommandDrawer>
  );
}

/**
 * Reassign Inventory (reassigninventory, doc 1 §2.8): devices in statuses 3, 4 and 5 with filters,
 * row selection, export, and the Reassign drawer (its button shows once a row is selected).
 * Cancelling the drawer asks first, then clears the selection.
 */
export default function ReassignInventoryPage() {
  const [selected, setSelected] = useState<readonly ReassignRow[]>([]);
  const [resetKey, setResetKey] = useState(0);
  const [reassigning, setReassigning] = useState(false);
  const done = () => {
    setReassigning(false);
    setResetKey((key) => key + 1);
  };
  const cancel = () =>
    Modal.confirm({
      title: 'Are you sure you want to cancel?',
      content: 'The selected devices will be cleared.',
      okText: 'Yes',
      cancelText: 'No',
      onOk: done,
    });

  return (
    <>
      <ReportPage<ReassignRow>
        title="Reassign Inventory"
        list={list}
        exportRoute={route('GET', '/api/v1/manager/reassign_inventory_list_export')}
        rowKey="imei"
        columns={columns}
        selection={{ remember: 'across-pages', resetKey, onChange: (_keys, rows) => setSelected(rows) }}
        filters={
          <>
            <Form.Item name="keyword">
              <Input placeholder="Search" allowClear />
            </Form.Item>
            <Form.Item name="office_id">
              <TypeaheadSelect route={route('GET', '/api/v1/reference/offices')} minChars={OFFICE_MIN_CHARS} placeholder="Office" />
            </Form.Item>
            <Form.Item name="agent_id">
              <TypeaheadSelect route={route('GET', '/api/v1/userlist_based_on_role/:role')} params={{ role: 'agent' }} minChars={AGENT_MIN_CHARS} toOption={personOption} placeholder="Agent" />
            </Form.Item>
            <Form.Item name="carton">
              <Input placeholder="Carton" allowClear />
            </Form.Item>
            <Form.Item name="imei">
              <Input placeholder="IMEI" allowClear />
            </Form.Item>
            <Form.Item name="status">
              <Select placeholder="Status" allowClear style={{ width: 160 }} options={REASSIGN_STATUSES} />
            </Form.Item>
          </>
        }
        actions={
          // Doc 1 §2.8: the button appears only once a row is selected (not a disabled button).
          selected.length > 0 && (
            <Button type="primary" onClick={() => setReassigning(true)}>
              Reassign ({selected.length})
            </Button>
          )
        }
      />
      {reassigning && <ReassignDrawer devices={selected} onCancel={cancel} onReassigned={done} />}
    </>
  );
}
