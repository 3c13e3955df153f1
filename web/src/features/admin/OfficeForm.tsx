import AdminFormCard from './AdminFormCard';
import { OFFICE_FORM_MESSAGES, addOfficeBody, editOfficeBody } from '@portal/contracts/admin/admin.schemas';
import type { UsState } from '@portal/contracts/admin/admin.codes';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { call, failureMessage, queryKey, route } from '../../app/api-client';
import { useCommand, useRecordCommand } from '../../app/command';
import { officeLabel } from '../../app/format';
import { notice } from '../../app/notice';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { checkedBy } from '../../app/schema-rule';
import { useSession } from '../../app/session-context';
import ActionButton from '../../app/widgets/ActionButton';
import { passesSchema, showRefusedFields } from '../../app/form-problems';
import type { OfficeRow } from '@portal/contracts/admin/admin.views';
import { SEND_INVITE, SEND_INVITE_OPTIONS, type SendInvite, UNIT_MESSAGES, unitsView } from './unit-choices';
import { usePeopleChoices } from './unit-columns';

const list = route('GET', '/api/v1/offices');
const addOffice = route('POST', '/api/v1/offices');
const editOffice = route('POST', '/api/v1/offices/:id');
const inventoryCount = route('GET', '/api/v1/offices/get_inventory_count/:id');
const ibos = route('GET', '/api/v1/reference/ibo_marketers');
const states = route('GET', '/api/v1/reference/us_states_lifeline');
/** A new office, or its managers, show in the office pickers of every screen. */
const reload = [list, route('GET', '/api/v1/reference/offices')];

interface OfficeFormValues {
  ibo_marketer_id?: string;
  state_short_name?: string;
  /** The Office Manager: one person (clearable); sent as the list `manager_id`. */
  manager_id?: string;
  supervisor_id?: string[];
  lifeline_status?: SendInvite;
}

type OfficeBody = Record<string, unknown>;

/**
 * Add Office (/addoffice) and Edit Office (/editoffice), doc 3 §2, §4, §5, §7 Offices.
 * Add: IBO Name (role 12 and 1: 'Please select'; an IBO manager's office goes to their own
 * market), State ('Please select option'), Office Manager, Office Add-on Manager (multi) and Send
 * Invite (Yes by default); the server numbers and names the office. Picking another IBO clears
 * the managers chosen and reloads their choices (the people of that IBO's retailer).
 * Edit: IBO Name (role 12, disabled) and Office Name (disabled), Office Manager (clearable),
 * Add-on Managers, Send Invite. A new Office Manager for an office that holds devices is warned
 * first that they become responsible for all of them (GET get_inventory_count); Cancel leaves for
 * /office (doc 3 §4). The super role does not edit offices (doc 3 §6). On success the server's
 * message, then the Office list.
 */
export default function OfficeForm({ office }: { office?: OfficeRow }) {
  const editing = office !== undefined;
  const { user } = useSession();
  const viewer = useMemo(() => user?.role_id ?? [], [user]);
  const picksMarket = unitsView.picksMarket(viewer);
  const [form] = Form.useForm<OfficeFormValues>();
  const navigate = useNavigate();
  const add = useCommand<OfficeBody>(addOffice, reload);
  const edit = useRecordCommand<OfficeBody>(editOffice, reload);
  const [counting, setCounting] = useState(false);
  // Picking an IBO reloads the manager choices: the people of its retailer (doc 3 §4).
  const chosenMarket = Form.useWatch('ibo_marketer_id', form) ?? office?.ibo_marketer_id;
  const managers = usePeopleChoices(['office_manager'], office?.get_manager_info, chosenMarket);
  const supervisors = usePeopleChoices(['office_manager', 'office_supervisor'], office?.get_supervisor_info, chosenMarket);
  const stateList = useQuery({ queryKey: queryKey(states), queryFn: () => call<{ data: UsState[] }>(states), staleTime: 300_000, enabled: !editing });
  const stateOptions = useMemo(() => (stateList.data?.data ?? []).map((state) => ({ value: state.short_name, label: `${state.name} (${state.short_name})` })), [stateList.data]);

  const managerIds = useMemo(() => office?.get_manager_info.map((person) => person.user_id) ?? [], [office]);
  const opening = useMemo<OfficeFormValues>(
    () =>
      office
        ? {
            manager_id: managerIds[0],
            supervisor_id: office.get_supervisor_info.map((person) => person.user_id),
            lifeline_status: office.lifeline_status === SEND_INVITE.no ? SEND_INVITE.no : SEND_INVITE.yes,
          }
        : { lifeline_status: SEND_INVITE.yes, supervisor_id: [] },
    [office, managerIds],
  );

  const callbacks = { onSuccess: () => navigate('/offices'), onError: (failure: unknown) => showRefusedFields(form, failure) };

  const sendAdd = (values: OfficeFormValues) => {
    const body: OfficeBody = {
      state_short_name: values.state_short_name,
      ...(picksMarket && { ibo_marketer_id: values.ibo_marketer_id }),
      manager_id: values.manager_id ? [values.manager_id] : [],
      supervisor_id: values.supervisor_id ?? [],
      lifeline_status: values.lifeline_status ?? SEND_INVITE.yes,
    };
    if (passesSchema(form, addOfficeBody, body)) add.mutate(body, callbacks);
  };

  /** Edit: the Office Manager as chosen — or, left as it was, every manager the office had. */
  const sendEdit = async (edited: OfficeRow, values: OfficeFormValues) => {
    const chosen = values.manager_id ?? undefined;
    const unchanged = chosen === managerIds[0];
    const body: OfficeBody = {
      manager_id: unchanged ? managerIds : chosen ? [chosen] : [],
      supervisor_id: values.supervisor_id ?? [],
      lifeline_status: values.lifeline_status ?? SEND_INVITE.yes,
      _method: 'PUT',
    };
    if (!passesSchema(form, editOfficeBody, body)) return;
    const go = () => edit.mutate({ id: edited.id, body }, callbacks);
    // Only a new manager takes on the office's devices.
    if (unchanged || !chosen) return go();
    setCounting(true);
    let count: number;
    try {
      count = (await call<{ count: number }>(inventoryCount, { params: { id: edited.id } })).count;
    } catch (failure) {
      notice.failure(failureMessage(failure));
      return;
    } finally {
      setCounting(false);
    }
    if (!count) return go();
    Modal.confirm({
      title: UNIT_MESSAGES.inventoryTitle,
      content: UNIT_MESSAGES.inventoryWarning(count),
      okText: 'Continue',
      cancelText: 'Cancel',
      onOk: go,
      // doc 3 §4: "Cancelling that warning navigates to /office".
      onCancel: () => navigate('/office'),
    });
  };

  const send = (values: OfficeFormValues) => (office ? void sendEdit(office, values) : sendAdd(values));
  const blocked = editing && !unitsView.actsOnOffices(viewer) && UNIT_MESSAGES.officeEditBlocked;
  const title = editing ? 'Edit Office' : 'Add Office';
  return (
    <AdminFormCard title={title} back="/offices">
      <Form<OfficeFormValues>
        form={form}
        name={editing ? 'edit-office' : 'add-office'}
        layout="vertical"
        initialValues={opening}
        onFinish={send}
        style={{ maxWidth: 560 }}
        onValuesChange={(changed: OfficeFormValues) => {
          // Another IBO has other managers (doc 3 §4).
          if ('ibo_marketer_id' in changed) form.setFieldsValue({ manager_id: undefined, supervisor_id: [] });
        }}
      >
        {picksMarket &&
          (office ? (
            <Form.Item label="IBO Name" htmlFor="edit-office-ibo">
              <Input id="edit-office-ibo" value={office.ibo_marketer_name} disabled />
            </Form.Item>
          ) : (
            <Form.Item name="ibo_marketer_id" label="IBO Name" required rules={[{ required: true, message: OFFICE_FORM_MESSAGES.market }]}>
              <TypeaheadSelect route={ibos} search="client" placeholder="IBO Name" style={{ width: '100%' }} />
            </Form.Item>
          ))}
        {office ? (
          <Form.Item label="Office Name" htmlFor="edit-office-name">
            <Input id="edit-office-name" value={officeLabel(office)} disabled />
          </Form.Item>
        ) : (
          <Form.Item name="state_short_name" label="State" required rules={[checkedBy(addOfficeBody.shape.state_short_name)]}>
            <Select placeholder="State" options={stateOptions} loading={stateList.isFetching} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        )}
        <Form.Item name="manager_id" label="Office Manager">
          <Select allowClear placeholder="Office Manager" options={managers.options} loading={managers.loading} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item name="supervisor_id" label="Office Add-on Manager">
          <Select mode="multiple" allowClear placeholder="Office Add-on Manager" options={supervisors.options} loading={supervisors.loading} optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="lifeline_status" label="Send Invite">
          <Radio.Group options={SEND_INVITE_OPTIONS} />
        </Form.Item>
        <ActionButton type="primary" htmlType="submit" loading={add.isPending || edit.isPending || counting} blockedBecause={blocked}>
          {editing ? 'Update Office' : 'Create Office'}
        </ActionButton>
      </Form>
    </AdminFormCard>
  );
}
