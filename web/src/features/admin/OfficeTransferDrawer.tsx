import { type ChangeOfficeBody, changeOfficeBody } from '@portal/contracts/admin/admin.schemas';
import type { UserRow } from '@portal/contracts/admin/admin.views';
import type { OfficeOption } from '@portal/contracts/inventory/inventory.views';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { Form, Modal, Typography } from 'antd';
import { route } from '../../app/api-client';
import { useCommand } from '../../app/command';
import { officeLabel, officeOption } from '../../app/format';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { checkedBy } from '../../app/schema-rule';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import { TRANSFER_MESSAGES } from './user-choices';

const changeOffice = route('POST', '/api/v1/change_office');
const offices = route('GET', '/api/v1/reference/offices');

/**
 * Agent Office Transfer (doc 3 §2 Users list, §5 Office transfer): the new office (type-ahead over
 * the offices in scope, required: 'Please select office'); Submit asks "Are you sure…?" (Yes/No),
 * then POST change_office { office_id, agent_id }; the server's message follows and the list reloads.
 */
export default function OfficeTransferDrawer({ agent, reload, onClose }: { agent: UserRow; reload: readonly ApiRoute[]; onClose: () => void }) {
  const [form] = Form.useForm<{ office_id?: string }>();
  const command = useCommand<ChangeOfficeBody>(changeOffice, reload);

  const confirm = ({ office_id }: { office_id?: string }) => {
    if (!office_id) return;
    Modal.confirm({
      title: TRANSFER_MESSAGES.confirm,
      okText: 'Yes',
      cancelText: 'No',
      onOk: () => command.mutate({ office_id, agent_id: agent.id }, { onSuccess: onClose }),
    });
  };

  const name = [agent.first_name, agent.middle_name, agent.last_name].filter(Boolean).join(' ');
  return (
    <CommandDrawer title={TRANSFER_MESSAGES.title} submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Typography.Paragraph>
        Agent: <strong>{name}</strong>
        {agent.office_name && <> — now in {officeLabel(agent)}</>}
      </Typography.Paragraph>
      <Form form={form} name="office-transfer" layout="vertical" onFinish={confirm}>
        <Form.Item name="office_id" label="Office" required rules={[checkedBy(changeOfficeBody.shape.office_id)]}>
          <TypeaheadSelect<OfficeOption> route={offices} toOption={officeOption} placeholder="Select office" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </CommandDrawer>
  );
}
