import type { OfficeOption } from '@portal/contracts/inventory/inventory.views';
import { MESSAGE_TEXTS } from '@portal/contracts/messages/messages.codes';
import { type SendMessageBody, sendMessageBody } from '@portal/contracts/messages/messages.schemas';
import { Form, Input, Select } from 'antd';
import { useCommand } from '../../app/command';
import { showRefusedFields } from '../../app/form-problems';
import { officeOption, personOption } from '../../app/format';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { checkedBy } from '../../app/schema-rule';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import { messageRoutes, useOfficeAgents } from './messages-api';

const { shape } = sendMessageBody;
/** The longest message the server takes (contracts' sendMessageBody). */
const MESSAGE_MAX = 1000;

interface MessageForm {
  office_id?: string;
  agent_ids?: string[];
  message?: string;
}

/**
 * Send Message (ours, beyond the spec; POST /api/v1/messages): a manager writes to agents of an
 * office in their reach — the office, the agents (none chosen: every active agent there), the
 * message. The server's message follows and the drawer closes.
 */
export default function SendMessageDrawer({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<MessageForm>();
  const officeId = Form.useWatch('office_id', form);
  const agents = useOfficeAgents(officeId);
  const command = useCommand<SendMessageBody>(messageRoutes.send, [messageRoutes.list]);

  const send = (values: MessageForm) => {
    if (!values.office_id || !values.message) return;
    command.mutate({ office_id: values.office_id, agent_ids: values.agent_ids ?? [], message: values.message.trim() }, { onSuccess: onClose, onError: (failure) => showRefusedFields(form, failure) });
  };

  return (
    <CommandDrawer title="Send Message" submitLabel="Send" submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Form<MessageForm> form={form} name="send-message" layout="vertical" onFinish={send}>
        <Form.Item name="office_id" label="Office" required rules={[checkedBy(shape.office_id)]}>
          <TypeaheadSelect<OfficeOption>
            route={messageRoutes.offices}
            toOption={officeOption}
            placeholder="Select office"
            style={{ width: '100%' }}
            // The agents chosen belong to the office before.
            onChange={() => form.setFieldValue('agent_ids', [])}
          />
        </Form.Item>
        <Form.Item name="agent_ids" label="Agents" extra="None chosen: every active agent of the office">
          <Select
            mode="multiple"
            allowClear
            placeholder={officeId ? MESSAGE_TEXTS.agents : 'Select an office first'}
            disabled={!officeId}
            loading={agents.isFetching}
            options={(agents.data ?? []).map(personOption)}
            optionFilterProp="label"
            notFoundContent={agents.isFetching ? undefined : 'No active agents in this office'}
          />
        </Form.Item>
        <Form.Item name="message" label="Message" required rules={[checkedBy(shape.message)]}>
          <Input.TextArea placeholder="Message" maxLength={MESSAGE_MAX} showCount autoSize={{ minRows: 4, maxRows: 10 }} />
        </Form.Item>
      </Form>
    </CommandDrawer>
  );
}
