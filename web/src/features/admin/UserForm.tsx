import AdminFormCard from './AdminFormCard';
import { userPlacement } from '@portal/contracts/admin/admin.codes';
import { USER_FORM_MESSAGES, addUserBody, editUserBody } from '@portal/contracts/admin/admin.schemas';
import type { UserRow } from '@portal/contracts/admin/admin.views';
import type { OfficeOption } from '@portal/contracts/inventory/inventory.views';
import { DATE_FORMAT } from '@portal/contracts/reference/reference-lists';
import { Button, Col, DatePicker, Form, type FormRule, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiFailure, route } from '../../app/api-client';
import { useCommand, useRecordCommand } from '../../app/command';
import { US_STATE_OPTIONS, officeOption } from '../../app/format';
import { formatDate } from '../../app/report/date-rules';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { type FieldSchema, checkedBy } from '../../app/schema-rule';
import PersonFields from '../../app/widgets/PersonFields';
import { useSession } from '../../app/session-context';
import { GENDER_OPTIONS, roleOption, rolePickerChoices, usersView } from './user-choices';

const list = route('GET', '/api/v1/users');
const addUser = route('POST', '/api/v1/users');
const editUser = route('POST', '/api/v1/users/:id');
const ibos = route('GET', '/api/v1/reference/ibo_marketers');
const offices = route('GET', '/api/v1/reference/offices');
const retailers = route('GET', '/api/v1/reference/retailers');
const distributors = route('GET', '/api/v1/reference/distributors');
const masterAgents = route('GET', '/api/v1/reference/master_agents');

export interface UserFormValues {
  first_name?: string;
  middle_name?: string;
  last_name?: string;
  email?: string;
  mobile_number?: string;
  role_id?: number[];
  ibo_marketer_id?: string;
  office_id?: string;
  retailer_id?: string;
  distributor_id?: string;
  master_agent_id?: string;
  rad?: string;
  promo_code?: string;
  excess_code?: string;
  gender_id?: number;
  dob?: Dayjs;
  application_date?: Dayjs;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
}

/** The body of POST users[/:id], as the spec's client sends it (dates MM-DD-YYYY). */
type UserBody = Record<string, unknown>;

/** The text fields, sent trimmed; a blank one is not sent. */
const TEXT_FIELDS = ['first_name', 'middle_name', 'last_name', 'email', 'mobile_number', 'rad', 'promo_code', 'excess_code', 'address', 'city', 'state', 'zip'] as const;

const orNothing = <T,>(value: T | null | undefined): T | undefined => value ?? undefined;
const dayOf = (value: string | null) => (value ? dayjs(value) : undefined);

/** The form's opening values: the user edited, or on Add the role picker's only choice (IBO Manager for a retailer manager). */
function openingValues(user: UserRow | undefined, addChoices: readonly number[]): UserFormValues {
  if (!user) return { role_id: addChoices.length === 1 ? [...addChoices] : undefined };
  return {
    first_name: user.first_name,
    middle_name: orNothing(user.middle_name),
    last_name: user.last_name,
    email: user.email,
    mobile_number: orNothing(user.mobile_number),
    role_id: user.role_info.map((role) => role.role_id),
    ibo_marketer_id: orNothing(user.ibo_marketer_id),
    // An agent's office, or the office a manager runs.
    office_id: orNothing(user.office_id ?? user.office_mapping_info[0]?.office_id),
    retailer_id: orNothing(user.retailer_id),
    rad: orNothing(user.rad),
    promo_code: orNothing(user.promo_code),
    excess_code: orNothing(user.excess_code),
    gender_id: orNothing(user.gender_id),
    dob: dayOf(user.dob),
    application_date: dayOf(user.application_date),
    address: orNothing(user.address),
    city: orNothing(user.city),
    state: orNothing(user.state),
    zip: orNothing(user.zip),
  };
}

interface Shown {
  market: boolean;
  office: boolean;
  retailer: boolean;
}

/** The body from the form: the pickers shown only, blank text left out, dates MM-DD-YYYY. */
function bodyOf(values: UserFormValues, shown: Shown, editing: boolean): UserBody {
  const body: UserBody = {};
  for (const name of TEXT_FIELDS) {
    const value = values[name]?.trim();
    if (value) body[name] = value;
  }
  if (values.role_id?.length) body.role_id = values.role_id;
  if (shown.market) body.ibo_marketer_id = values.ibo_marketer_id;
  if (shown.office) body.office_id = values.office_id;
  if (shown.retailer) Object.assign(body, { retailer_id: values.retailer_id, distributor_id: values.distributor_id, master_agent_id: values.master_agent_id });
  if (values.gender_id !== undefined && values.gender_id !== null) body.gender_id = values.gender_id;
  if (values.dob) body.dob = formatDate(values.dob);
  if (values.application_date) body.application_date = formatDate(values.application_date);
  if (editing) body._method = 'PUT';
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

const required = (message: string): FormRule => ({ required: true, message });
/** A date picker's day checked by the schema of its field, as sent (MM-DD-YYYY). */
const dayCheckedBy = (schema: FieldSchema): FormRule => checkedBy({ safeParse: (day: unknown) => schema.safeParse(day ? formatDate(day as Dayjs) : undefined) });
const roleRequired: FormRule = { required: true, type: 'array', min: 1, message: USER_FORM_MESSAGES.role };

const Field = ({ children }: { children: ReactNode }) => (
  <Col xs={24} md={12} xl={8}>
    {children}
  </Col>
);

/**
 * Add User (/addemployee) and Edit User (/editemployee), doc 3 §2, §5: names, e-mail and mobile
 * (both disabled on Edit), the role, where the user works — IBO/Market and office as the role
 * places them (contracts' `userPlacement`: required when shown; choosing an IBO/Market clears the
 * office), or the retailer for a retailer manager — and the optional profile fields. Each field is
 * checked by contracts' addUserBody / editUserBody in the server's words; a refusal's `fields`
 * land on their items. On success the server's message, then the Users list.
 */
export default function UserForm({ user }: { user?: UserRow }) {
  const editing = user !== undefined;
  const { user: session } = useSession();
  const viewer = useMemo(() => session?.role_id ?? [], [session]);
  const [form] = Form.useForm<UserFormValues>();
  const navigate = useNavigate();
  const add = useCommand<UserBody>(addUser, [list]);
  const edit = useRecordCommand<UserBody>(editUser, [list]);
  const editedRoles = useMemo(() => user?.role_info.map((role) => role.role_id) ?? [], [user]);
  const choices = rolePickerChoices(viewer, editing ? 'edit' : 'add', editedRoles);
  const opening = useMemo(() => openingValues(user, rolePickerChoices(viewer, 'add')), [user, viewer]);
  const { shape } = editing ? editUserBody : addUserBody;

  const chosenRoles = Form.useWatch('role_id', form) ?? opening.role_id ?? [];
  const chosenIbo = Form.useWatch('ibo_marketer_id', form);
  const placement = userPlacement(chosenRoles);
  const picksPlacement = usersView.picksPlacement(viewer);
  const shown: Shown = {
    market: picksPlacement && (placement === 'market' || placement === 'office'),
    office: picksPlacement && placement === 'office',
    retailer: placement === 'retailer' || placement === 'retailer-optional',
  };
  // An auditor reads one retailer, or every one when none is chosen (ours, issue 23).
  const retailerOptional = placement === 'retailer-optional';

  // Edit: the viewer's choices, and the user's own roles shown (disabled when not the viewer's to give).
  const roleOptions = [...new Set<number>([...choices, ...(editing ? editedRoles : [])])].map((id) => ({ ...roleOption(id), disabled: !(choices as readonly number[]).includes(id) }));

  const showFieldProblems = (failure: unknown) => {
    const fields = failure instanceof ApiFailure ? failure.body.fields : undefined;
    if (fields) form.setFields(Object.entries(fields).map(([name, problem]) => ({ name: name as keyof UserFormValues, errors: [problem] })));
  };

  const send = (values: UserFormValues) => {
    const body = bodyOf(values, shown, editing);
    // The whole body as the server reads it: a problem the field rules missed is named on its item.
    const checked = (editing ? editUserBody : addUserBody).safeParse(body);
    if (!checked.success) {
      form.setFields(checked.error.issues.map((issue) => ({ name: String(issue.path[0]) as keyof UserFormValues, errors: [issue.message] })));
      return;
    }
    const callbacks = { onSuccess: () => navigate('/employee'), onError: showFieldProblems };
    if (user) edit.mutate({ id: user.id, body }, callbacks);
    else add.mutate(body, callbacks);
  };

  const title = editing ? 'Edit User' : 'Add User';
  return (
    <AdminFormCard title={title} back="/employee">
      <Form<UserFormValues>
        form={form}
        name={editing ? 'edit-user' : 'add-user'}
        layout="vertical"
        initialValues={opening}
        onFinish={send}
        onValuesChange={(changed: UserFormValues) => {
          // Another IBO/Market has other offices.
          if ('ibo_marketer_id' in changed) form.setFieldValue('office_id', undefined);
        }}
      >
        <Row gutter={16}>
          <PersonFields shape={{ ...shape, email: addUserBody.shape.email, mobile_number: addUserBody.shape.mobile_number }} field={Field} contactFixed={editing} mobileLabel="Mobile" />
          {choices.length > 0 && (
            <Field>
              {editing ? (
                <Form.Item name="role_id" label="Role" required rules={[roleRequired]}>
                  <Select mode="multiple" maxCount={2} placeholder="Role" options={roleOptions} />
                </Form.Item>
              ) : (
                <Form.Item
                  name="role_id"
                  label="Role"
                  required
                  rules={[roleRequired]}
                  // One role on Add: the select shows it, the form keeps the list the server reads.
                  getValueProps={(value: number[] | undefined) => ({ value: value?.[0] })}
                  normalize={(value: number | undefined) => (value === undefined ? [] : [value])}
                >
                  <Select placeholder="Role" options={roleOptions} disabled={choices.length === 1} />
                </Form.Item>
              )}
            </Field>
          )}
          {shown.retailer && (
            <>
              <Field>
                <Form.Item
                  name="retailer_id"
                  label="Retailer"
                  required={!retailerOptional}
                  rules={retailerOptional ? [] : [required(USER_FORM_MESSAGES.retailer)]}
                  extra={retailerOptional ? 'None: the auditor reads every retailer' : undefined}
                >
                  <TypeaheadSelect route={retailers} search="client" placeholder="Retailer" style={{ width: '100%' }} />
                </Form.Item>
              </Field>
              <Field>
                <Form.Item name="distributor_id" label="Distributor">
                  <TypeaheadSelect route={distributors} search="client" placeholder="Distributor" style={{ width: '100%' }} />
                </Form.Item>
              </Field>
              <Field>
                <Form.Item name="master_agent_id" label="Master Agent">
                  <TypeaheadSelect route={masterAgents} search="client" placeholder="Master Agent" style={{ width: '100%' }} />
                </Form.Item>
              </Field>
            </>
          )}
          {shown.market && (
            <Field>
              <Form.Item name="ibo_marketer_id" label="IBO / Market" required rules={[required(USER_FORM_MESSAGES.iboMarket)]}>
                <TypeaheadSelect route={ibos} search="client" placeholder="IBO / Market" style={{ width: '100%' }} />
              </Form.Item>
            </Field>
          )}
          {shown.office && (
            <Field>
              <Form.Item name="office_id" label="Office" required rules={[required(USER_FORM_MESSAGES.office)]}>
                {chosenIbo ? (
                  <TypeaheadSelect<OfficeOption> route={offices} search="client" query={{ ibo_marketer_id: chosenIbo }} toOption={officeOption} placeholder="Office" style={{ width: '100%' }} />
                ) : (
                  <Select disabled placeholder="Choose an IBO / Market first" />
                )}
              </Form.Item>
            </Field>
          )}
          <Field>
            <Form.Item name="rad" label="Rad ID" rules={[checkedBy(shape.rad)]}>
              <Input placeholder="Rad ID" maxLength={9} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="promo_code" label="Promo Code" rules={[checkedBy(shape.promo_code)]}>
              <Input placeholder="Promo Code" maxLength={50} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="excess_code" label="ETC Code" rules={[checkedBy(shape.excess_code)]}>
              <Input placeholder="ETC Code" maxLength={50} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="gender_id" label="Gender">
              <Select placeholder="Gender" allowClear options={GENDER_OPTIONS} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="dob" label="Date of Birth" rules={[dayCheckedBy(shape.dob)]}>
              <DatePicker format={DATE_FORMAT} placeholder={DATE_FORMAT} style={{ width: '100%' }} disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="application_date" label="Application Date" rules={[dayCheckedBy(shape.application_date)]}>
              <DatePicker format={DATE_FORMAT} placeholder={DATE_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="address" label="Address" rules={[checkedBy(shape.address)]}>
              <Input placeholder="Address" maxLength={200} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="city" label="City" rules={[checkedBy(shape.city)]}>
              <Input placeholder="City" maxLength={100} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="state" label="State" rules={[checkedBy(shape.state)]}>
              <Select placeholder="State" allowClear options={US_STATE_OPTIONS} showSearch={{ optionFilterProp: ['value', 'name'] }} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="zip" label="ZIP" rules={[checkedBy(shape.zip)]}>
              <Input placeholder="ZIP" inputMode="numeric" maxLength={5} />
            </Form.Item>
          </Field>
        </Row>
        <Button type="primary" htmlType="submit" loading={add.isPending || edit.isPending}>
          {editing ? 'Update User' : 'Add User'}
        </Button>
      </Form>
    </AdminFormCard>
  );
}
