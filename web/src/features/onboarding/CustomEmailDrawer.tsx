import { type CustomEmailBody, customEmailBody } from '@portal/contracts/onboarding/onboarding.schemas';
import type { CandidateRow } from '@portal/contracts/onboarding/onboarding.views';
import { Form, Input, Select } from 'antd';
import { useRecordCommand } from '../../app/command';
import { passesSchema, showRefusedFields } from '../../app/form-problems';
import { checkedBy } from '../../app/schema-rule';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import { AFTER_CANDIDATE_COMMAND, CANDIDATE_ROUTES, candidateName } from './candidate-routes';
import { emailTypeOptions } from './onboarding-choices';

const { shape } = customEmailBody;

interface CustomEmailValues {
  onboarding_status?: number;
  email_text?: string;
}

/**
 * Custom E-mail to a candidate (doc 3 §5 "Custom e-mail", §7 send_custom_email_to_candidate): the
 * e-mail type among those that fit the candidate's stage (contracts' customEmailTypesFor: 'Please
 * select email type') and the content (required), checked by contracts' customEmailBody in the
 * server's words. On success the server's message, and the drawer closes.
 */
export default function CustomEmailDrawer({ candidate, onClose }: { candidate: CandidateRow; onClose: () => void }) {
  const [form] = Form.useForm<CustomEmailValues>();
  // Only the types that fit the candidate's stage (the server refuses the others); one that fits alone is chosen already.
  const options = emailTypeOptions(candidate.status);
  const command = useRecordCommand<CustomEmailBody>(CANDIDATE_ROUTES.customEmail, AFTER_CANDIDATE_COMMAND);

  const submit = (values: CustomEmailValues) => {
    const body = { onboarding_status: values.onboarding_status, email_text: values.email_text?.trim() };
    if (!passesSchema(form, customEmailBody, body)) return;
    command.mutate({ id: candidate.id, body: body as CustomEmailBody }, { onSuccess: onClose, onError: (failure) => showRefusedFields(form, failure) });
  };

  return (
    <CommandDrawer title={`Custom E-mail: ${candidateName(candidate)}`} submitLabel="Send E-mail" submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Form<CustomEmailValues> form={form} name="custom-email" layout="vertical" onFinish={submit} initialValues={options.length === 1 ? { onboarding_status: options[0]!.value } : undefined}>
        <Form.Item name="onboarding_status" label="E-mail Type" required rules={[checkedBy(shape.onboarding_status)]}>
          <Select placeholder="Select email type" options={options} />
        </Form.Item>
        <Form.Item name="email_text" label="Content" required rules={[checkedBy(shape.email_text)]}>
          <Input.TextArea rows={8} maxLength={5000} placeholder="Content" />
        </Form.Item>
      </Form>
    </CommandDrawer>
  );
}
