import type { OfficeOption } from '@portal/contracts/inventory/inventory.views';
import { ONBOARDING_MESSAGES, sendInviteBody } from '@portal/contracts/onboarding/onboarding.schemas';
import { fieldEnrollmentAsked } from '@portal/contracts/onboarding/onboarding.stages';
import { Button, Card, Col, Form, Radio, Row, Select, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { route } from '../../app/api-client';
import { useCommand } from '../../app/command';
import { passesSchema, showRefusedFields } from '../../app/form-problems';
import { officeOption } from '../../app/format';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { checkedBy } from '../../app/schema-rule';
import PersonFields from '../../app/widgets/PersonFields';
import { useSession } from '../../app/session-context';
import { DELIVERY_OPTIONS, FIELD_ENROLLMENT_OPTIONS, inviteRoleOptions } from './onboarding-choices';

const sendInvite = route('POST', '/api/v1/candidate/send_invite');
const offices = route('GET', '/api/v1/reference/offices');
/** A new candidate is a new row of the Onboarding Summary. */
const summary = route('GET', '/api/v1/onboarding_summary_report');
const { shape } = sendInviteBody;

/** Send Invite's office search starts after more than 1 typed character (doc 3 §5, §9). */
const OFFICE_SEARCH_MIN_CHARS = 2;
/** Only the offices Send Invite offers (reference/offices `send_invite=1`). */
const INVITING_OFFICES = { send_invite: 1 };

export interface SendInviteValues {
  office_id?: string;
  role_id?: number;
  first_name?: string;
  middle_name?: string;
  last_name?: string;
  email?: string;
  mobile_number?: string;
  delivery_method?: number;
  will_add_enrollments?: number;
}

type SendInviteRequest = Record<string, unknown>;

const TEXT_FIELDS = ['first_name', 'middle_name', 'last_name', 'email', 'mobile_number'] as const;

/** The body as the server reads it: texts trimmed, a blank middle name left out, field enrollment 1 when not asked. */
function bodyOf(values: SendInviteValues, enrollmentAsked: boolean): SendInviteRequest {
  const body: SendInviteRequest = { office_id: values.office_id, role_id: values.role_id };
  for (const name of TEXT_FIELDS) {
    const value = values[name]?.trim();
    if (value) body[name] = value;
  }
  body.delivery_method = values.delivery_method;
  body.will_add_enrollments = enrollmentAsked ? values.will_add_enrollments : 1;
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

const Field = ({ children }: { children: ReactNode }) => (
  <Col xs={24} md={12} xl={8}>
    {children}
  </Col>
);

/**
 * Send Invite (/sendinvite, doc 3 §2, §5, §7): invites a candidate agent to onboard. The office
 * (type-ahead of the offices Send Invite offers, from 2 characters), the role (the inviter's
 * choices: contracts' inviteRoleChoices), the names, e-mail and mobile, the delivery option and,
 * when contracts' fieldEnrollmentAsked says so, field enrollment (Yes by default; 1 when not
 * asked). Each field is checked by contracts' sendInviteBody in the server's words; a refusal's
 * `fields` land on their items. On success the server's message, and the form starts afresh for
 * the next candidate.
 */
export default function SendInvitePage() {
  const { user } = useSession();
  const viewer = useMemo(() => user?.role_id ?? [], [user]);
  const roleOptions = useMemo(() => inviteRoleOptions(viewer), [viewer]);
  const [form] = Form.useForm<SendInviteValues>();
  const command = useCommand<SendInviteRequest>(sendInvite, [summary]);
  // One role to offer (an office manager: Agent) is chosen already.
  const opening = useMemo<SendInviteValues>(() => ({ will_add_enrollments: 1, role_id: roleOptions.length === 1 ? roleOptions[0]!.value : undefined }), [roleOptions]);
  const chosenRole = Form.useWatch('role_id', form) as number | undefined;
  const enrollmentAsked = chosenRole !== undefined && fieldEnrollmentAsked(chosenRole, viewer);

  const send = (values: SendInviteValues) => {
    const body = bodyOf(values, enrollmentAsked);
    if (!passesSchema(form, sendInviteBody, body)) return;
    command.mutate(body, { onSuccess: () => form.resetFields(), onError: (failure) => showRefusedFields(form, failure) });
  };

  return (
    <Card>
      <Typography.Title level={3}>Send Invite</Typography.Title>
      <Form<SendInviteValues> form={form} name="send-invite" layout="vertical" initialValues={opening} onFinish={send}>
        <Row gutter={16}>
          <Field>
            <Form.Item name="office_id" label="Office" required rules={[checkedBy(shape.office_id)]}>
              <TypeaheadSelect<OfficeOption> route={offices} query={INVITING_OFFICES} minChars={OFFICE_SEARCH_MIN_CHARS} toOption={officeOption} placeholder="Select office" style={{ width: '100%' }} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="role_id" label="Role" required rules={[checkedBy(shape.role_id)]}>
              <Select placeholder="Select role" options={roleOptions} />
            </Form.Item>
          </Field>
          <PersonFields shape={shape} field={Field} />
          <Field>
            <Form.Item name="delivery_method" label="Delivery Option" required rules={[checkedBy(shape.delivery_method)]}>
              <Radio.Group options={DELIVERY_OPTIONS} />
            </Form.Item>
          </Field>
          {enrollmentAsked && (
            <Field>
              <Form.Item name="will_add_enrollments" label="Field Enrollment" required rules={[{ required: true, message: ONBOARDING_MESSAGES.fieldEnrollment }, checkedBy(shape.will_add_enrollments)]}>
                <Radio.Group options={FIELD_ENROLLMENT_OPTIONS} />
              </Form.Item>
            </Field>
          )}
        </Row>
        <Button type="primary" htmlType="submit" loading={command.isPending}>
          Send Invite
        </Button>
      </Form>
    </Card>
  );
}
