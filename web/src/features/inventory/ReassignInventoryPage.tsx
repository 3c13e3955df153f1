import type { ReassignBody } from '@portal/contracts/inventory/inventory.schemas';
import type { ReassignRow } from '@portal/contracts/inventory/inventory.views';
import { inventoryStatuses } from '@portal/contracts/inventory/inventory.codes';
import type { Listed } from '@portal/contracts/platform/page';
import { MAX_PAGE_SIZE } from '@portal/contracts/reference/reference-lists';
import { Button, Form, Input, Modal, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useRef, useState } from 'react';
import { call, route } from '../../app/api-client';
import ScanInput, { type ScanResolution, looksLikeDeviceId } from '../../app/widgets/ScanInput';
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

/** What Reassign says of a scanned code that is none of its devices (issue 27, docs/SCANNING.md). */
export const REASSIGN_SCAN_MESSAGES = {
  imei: (imei: string) => `IMEI ${imei} is not one you can reassign: none of your offices holds it as ${REASSIGN_STATUSES.map((status) => status.label).join(', ').replace(/, ([^,]*)$/, ' or $1')}`,
  carton: (code: string) => `Carton ${code} holds no device you can reassign`,
} as const;

/** The list's carton filter takes at most 60 characters; a carton is read a page of 100 at a time, at most this many pages. */
const CARTON_MAX = 60;
const CARTON_PAGES_MAX = 50;

/**
 * The devices a scanned code stands for, asked of the list the screen shows (reassign_inventory_list,
 * no route of its own): the IMEI itself when it can be reassigned (the `imei` filter takes a
 * beginning, so the exact one is looked for), or else every device of the carton of that number.
 */
async function reassignableOf(code: string): Promise<ReassignRow[]> {
  if (looksLikeDeviceId(code)) {
    const answer = await call<Listed<ReassignRow>>(list, { query: { imei: code, page: 1, results: MAX_PAGE_SIZE } });
    const device = answer.items.data.filter((row) => row.imei === code);
    if (device.length > 0) return device;
  }
  if (code.length > CARTON_MAX) return [];
  const devices: ReassignRow[] = [];
  for (let page = 1; page <= CARTON_PAGES_MAX; page++) {
    const answer = await call<Listed<ReassignRow>>(list, { query: { carton: code, page, results: MAX_PAGE_SIZE } });
    devices.push(...answer.items.data);
    if (answer.items.data.length < MAX_PAGE_SIZE) break;
  }
  return devices;
}

/**
 * The Reassign drawer (doc 1 §2.8, §5): the selected IMEIs ('Please select IMEIs'), an office
 * ('Please select office') and optionally an agent; choosing an agent fills the office. Scanned
 * IMEIs, and every device of a scanned carton, that can be reassigned join the IMEIs (issue 27);
 * taking a scan off the list takes them out. The IMEIs field stays the answer.
 */
function ReassignDrawer({ selected, shown, onCancel, onReassigned }: { selected: readonly ReassignRow[]; shown: readonly ReassignRow[]; onCancel: () => void; onReassigned: () => void }) {
  const [form] = Form.useForm<ReassignForm>();
  const command = useCommand<ReassignRequest>(reassign, [list]);
  // The devices on offer: the table's selection, then those scans brought in.
  const [devices, setDevices] = useState(selected);
  const scannedBefore = useRef<string[]>([]);

  const resolve = async (code: string): Promise<ScanResolution> => {
    const known = [...devices, ...shown].find((device) => device.imei === code);
    const found = known ? [known] : await reassignableOf(code);
    if (found.length === 0) return { refused: looksLikeDeviceId(code) ? REASSIGN_SCAN_MESSAGES.imei(code) : REASSIGN_SCAN_MESSAGES.carton(code) };
    setDevices((offered) => [...offered, ...found.filter((device) => !offered.some((one) => one.imei === device.imei))]);
    return { imeis: [...new Set(found.map((device) => device.imei))] };
  };
  const scanned = (now: string[]) => {
    // A scan picks its IMEIs; taking a scan off the list takes them out.
    const dropped = scannedBefore.current.filter((imei) => !now.includes(imei));
    scannedBefore.current = now;
    const picked = (form.getFieldValue('imei') as string[] | undefined) ?? [];
    form.setFieldValue('imei', [...new Set([...picked.filter((imei) => !dropped.includes(imei)), ...now])]);
  };

  const submit = (values: ReassignForm) => {
    const imeis = values.imei ?? [];
    command.mutate({ imei: imeis.join(','), agent_id: values.agent_id ?? '', office_id: values.office_id!, assign_count: imeis.length, devicestatus: 1, carton_number: '' }, { onSuccess: onReassigned });
  };

  return (
    <CommandDrawer title="Reassign Inventory" submitting={command.isPending} onCancel={onCancel} onSubmit={() => form.submit()}>
      <ScanInput label="Scan IMEIs or cartons" resolve={resolve} onChange={scanned} />
      <Form<ReassignForm> form={form} layout="vertical" initialValues={{ imei: selected.map((device) => device.imei) }} onFinish={submit}>
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
  // The page of devices on screen: a scan in the drawer picks among them first.
  const [shown, setShown] = useState<readonly ReassignRow[]>([]);
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
        onAnswer={(answer) => setShown(answer.items.data)}
        filters={
          <>
            <Form.Item name="keyword">
              <Input placeholder="Search" allowClear />
            </Form.Item>
            <Form.Item name="office_id">
              <TypeaheadSelect aria-label="Office" route={route('GET', '/api/v1/reference/offices')} minChars={OFFICE_MIN_CHARS} placeholder="Office" />
            </Form.Item>
            <Form.Item name="agent_id">
              <TypeaheadSelect aria-label="Agent" route={route('GET', '/api/v1/userlist_based_on_role/:role')} params={{ role: 'agent' }} minChars={AGENT_MIN_CHARS} toOption={personOption} placeholder="Agent" />
            </Form.Item>
            <Form.Item name="carton">
              <Input placeholder="Carton" allowClear />
            </Form.Item>
            <Form.Item name="imei">
              <Input placeholder="IMEI" allowClear />
            </Form.Item>
            <Form.Item name="status">
              <Select aria-label="Status" placeholder="Status" allowClear style={{ width: 160 }} options={REASSIGN_STATUSES} />
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
      {reassigning && <ReassignDrawer selected={selected} shown={shown} onCancel={cancel} onReassigned={done} />}
    </>
  );
}
