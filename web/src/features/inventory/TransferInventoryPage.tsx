import type { TransferToOfficeBody } from '@portal/contracts/inventory/inventory.schemas';
import type { CartonRow } from '@portal/contracts/inventory/inventory.views';
import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { route } from '../../app/api-client';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import ReportPage from '../../app/report/ReportPage';
import { useCommand } from '../../app/command';
import { officeOption, personOption } from '../../app/format';
import ActionButton from '../../app/widgets/ActionButton';
import { useAgents, useOtherOffices } from './api/lists';
import { cartonColumns } from './carton-columns';
import DevicePickFields, { type DevicePick, pickedDevices, useCartonsOnOffer } from './DevicePickFields';

const list = route('GET', '/api/v1/manager/agentassignlist');
const transfer = route('POST', '/api/v1/manager/transfer_devices_to_other_office');

type TransferForm = DevicePick & { office_id?: string; agent_id?: string };
type TransferRequest = Pick<TransferToOfficeBody, 'devicestatus' | 'office_id'> & { carton_number: string[]; imei: string[]; agent_id?: string };

/**
 * The Transfer drawer (doc 1 §2.7, §5): option, cartons, IMEIs in IMEI mode, the office the
 * devices go to ('Please select office') and, optionally, an agent of that office. Scanned
 * cartons and IMEIs of the stock on screen, or cartons found in it, join the pick.
 */
function TransferDrawer({ selected, shown, onClose, onTransferred }: { selected: readonly CartonRow[]; shown: readonly CartonRow[]; onClose: () => void; onTransferred: () => void }) {
  const [form] = Form.useForm<TransferForm>();
  const [cartons, addCartons] = useCartonsOnOffer(selected);
  const officeId = Form.useWatch('office_id', form);
  const offices = useOtherOffices();
  const agents = useAgents(officeId, 'none');
  const command = useCommand<TransferRequest>(transfer, [list]);

  const submit = (values: TransferForm) => {
    const devices = pickedDevices(values, cartons);
    command.mutate({ ...devices, office_id: values.office_id!, ...(values.agent_id && { agent_id: values.agent_id }) }, { onSuccess: onTransferred });
  };

  return (
    <CommandDrawer title="Transfer Inventory" submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Form<TransferForm> form={form} layout="vertical" initialValues={{ carton_number: selected.map((carton) => carton.carton_number) }} onFinish={submit}>
        <DevicePickFields cartons={cartons} scan={{ shown, list, onFound: addCartons }} />
        <Form.Item name="office_id" label="Office" rules={[{ required: true, message: 'Please select office' }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            placeholder="Office"
            loading={offices.isFetching}
            options={(offices.data ?? []).map(officeOption)}
            onChange={() => form.setFieldValue('agent_id', undefined)}
          />
        </Form.Item>
        <Form.Item name="agent_id" label="Agent (optional)">
          <Select showSearch={{ optionFilterProp: 'label' }} allowClear placeholder={officeId ? 'Agent' : 'Select an office first'} disabled={!officeId} loading={agents.isFetching} options={(agents.data ?? []).map(personOption)} />
        </Form.Item>
      </Form>
    </CommandDrawer>
  );
}

/** Transfer Inventory (transferdevice, doc 1 §2.7): cartons of the manager's stock with row selection and the Transfer drawer. */
export default function TransferInventoryPage() {
  const [selected, setSelected] = useState<readonly CartonRow[]>([]);
  // The page of cartons on screen: a scan in the drawer picks among them too.
  const [shown, setShown] = useState<readonly CartonRow[]>([]);
  const [resetKey, setResetKey] = useState(0);
  const [transferring, setTransferring] = useState(false);

  return (
    <>
      <ReportPage<CartonRow>
        title="Transfer Inventory"
        list={list}
        rowKey="carton_number"
        columns={cartonColumns}
        selection={{ remember: 'per-page', storageKey: 'transferdevice', resetKey, onChange: (_keys, rows) => setSelected(rows) }}
        onAnswer={(answer) => setShown(answer.items.data)}
        filters={
          <Form.Item name="keyword">
            <Input placeholder="Search by carton number or office name" allowClear style={{ width: 300 }} />
          </Form.Item>
        }
        actions={
          <ActionButton type="primary" blockedBecause={selected.length === 0 && 'Select cartons in the table to transfer them.'} onClick={() => setTransferring(true)}>
            Transfer{selected.length > 0 ? ` (${selected.length})` : ''}
          </ActionButton>
        }
      />
      {transferring && (
        <TransferDrawer
          selected={selected}
          shown={shown}
          onClose={() => setTransferring(false)}
          onTransferred={() => {
            setTransferring(false);
            setResetKey((key) => key + 1);
          }}
        />
      )}
    </>
  );
}
