import type { AssignDeviceBody } from '@portal/contracts/inventory/inventory.schemas';
import type { CartonRow } from '@portal/contracts/inventory/inventory.views';
import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { route } from '../../app/api-client';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import ReportPage from '../../app/report/ReportPage';
import { reloadLists, useCommand } from '../../app/command';
import OfficeAgentFields from './OfficeAgentFields';
import ActionButton from '../../app/widgets/ActionButton';
import { cartonColumns } from './carton-columns';
import DevicePickFields, { type DevicePick, pickedDevices, useCartonsOnOffer } from './DevicePickFields';
import ScanInput from '../../app/widgets/ScanInput';

const list = route('GET', '/api/v1/manager/agentassignlist');
const assign = route('POST', '/api/v1/manager/assigndevice');
/** The spec lists Export Report on this screen without a route of its own: its list is My Inventory's (the manager's stock cartons), so is its file. */
const exportRoute = route('GET', '/api/v1/manager/manager_inventory_list_export');

type AssignForm = DevicePick & { office_id?: string; agent_id?: string };
/** What the console sends (the schema's input side: lists of cartons and IMEIs). */
type AssignRequest = Pick<AssignDeviceBody, 'agent_id' | 'office_id' | 'devicestatus'> & { carton_number: string[]; imei: string[]; assign_count: number };

/**
 * The Assign drawer (doc 1 §2.6, §5): option, cartons (prefilled from the table's selection),
 * IMEIs in IMEI mode, office ('Please input office') and agent ('Please select option').
 * Choosing an agent fills the office; changing the office drops an agent of another office.
 * Scanned cartons and IMEIs of the stock on screen, or cartons found in it, join the pick; so do
 * the codes scanned on the page (`scannedOnPage`), which opened it.
 */
function AssignDrawer({
  selected,
  shown,
  scannedOnPage,
  onClose,
  onAssigned,
}: {
  selected: readonly CartonRow[];
  shown: readonly CartonRow[];
  scannedOnPage: readonly string[];
  onClose: () => void;
  onAssigned: () => void;
}) {
  const [form] = Form.useForm<AssignForm>();
  const [cartons, addCartons] = useCartonsOnOffer(selected);
  const command = useCommand<AssignRequest>(assign, [list]);

  const submit = (values: AssignForm) => {
    const devices = pickedDevices(values, cartons);
    command.mutate({ ...devices, agent_id: values.agent_id!, office_id: values.office_id!, assign_count: devices.imei.length }, { onSuccess: onAssigned });
  };

  return (
    <CommandDrawer title="Assign Inventory" submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Form<AssignForm> form={form} layout="vertical" initialValues={{ carton_number: selected.map((carton) => carton.carton_number) }} onFinish={submit}>
        <DevicePickFields cartons={cartons} scan={{ shown, list, onFound: addCartons, incoming: scannedOnPage }} />
        <OfficeAgentFields officeMessage="Please input office" agentRequired={true} />
      </Form>
    </CommandDrawer>
  );
}

/**
 * Assign Inventory (assignagent, doc 1 §2.6): cartons of the manager's stock, selection remembered
 * per page, Reload, Export Report, and the Assign drawer. A scan box above the table starts an
 * assignment without ticking anything (issue 42): a scanned carton or IMEI opens the drawer, which
 * picks it (or says why not) and takes the scanner's next codes.
 */
export default function AssignInventoryPage() {
  const client = useQueryClient();
  const [selected, setSelected] = useState<readonly CartonRow[]>([]);
  // The page of cartons on screen: a scan in the drawer picks among them too.
  const [shown, setShown] = useState<readonly CartonRow[]>([]);
  const [resetKey, setResetKey] = useState(0);
  const [assigning, setAssigning] = useState(false);
  const [scannedOnPage, setScannedOnPage] = useState<readonly string[]>([]);
  const closeDrawer = () => {
    setAssigning(false);
    setScannedOnPage([]);
  };

  return (
    <>
      <ReportPage<CartonRow>
        title="Assign Inventory"
        list={list}
        exportRoute={exportRoute}
        rowKey="carton_number"
        columns={cartonColumns}
        selection={{ remember: 'per-page', storageKey: 'assignagent', resetKey, onChange: (_keys, rows) => setSelected(rows) }}
        onAnswer={(answer) => setShown(answer.items.data)}
        summary={() => (
          <ScanInput
            label="Scan a carton or IMEI to assign"
            handOver={(codes) => {
              setScannedOnPage((known) => [...known, ...codes]);
              setAssigning(true);
            }}
          />
        )}
        filters={
          <Form.Item name="keyword">
            <Input placeholder="Search by carton number or office name" allowClear style={{ width: 300 }} />
          </Form.Item>
        }
        actions={
          <>
            <Button icon={<ReloadOutlined />} onClick={() => reloadLists(client, [list])}>
              Reload
            </Button>
            <ActionButton type="primary" blockedBecause={selected.length === 0 && 'Select cartons in the table, or scan a carton or IMEI above, to assign them.'} onClick={() => setAssigning(true)}>
              Assign{selected.length > 0 ? ` (${selected.length})` : ''}
            </ActionButton>
          </>
        }
      />
      {assigning && (
        <AssignDrawer
          selected={selected}
          shown={shown}
          scannedOnPage={scannedOnPage}
          onClose={closeDrawer}
          onAssigned={() => {
            closeDrawer();
            setResetKey((key) => key + 1);
          }}
        />
      )}
    </>
  );
}
