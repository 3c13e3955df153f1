import type { AgentOption } from '@portal/contracts/inventory/inventory.views';
import { Form, Select } from 'antd';
import { officeOption, personOption } from '../../app/format';
import { useAgents, useManagerOffices } from './api/lists';

/**
 * The office and agent pickers of the Assign and Reassign drawers (doc 1 §5): the caller's
 * offices; agents of the chosen office (of the whole scope before one is chosen). Choosing an
 * agent fills the office; changing the office drops an agent of another office. Must sit inside
 * the drawer's Form.
 */
export default function OfficeAgentFields({ officeMessage, agentRequired }: { officeMessage: string; agentRequired: boolean }) {
  const form = Form.useFormInstance<{ office_id?: string; agent_id?: string }>();
  const officeId = Form.useWatch('office_id', form);
  const offices = useManagerOffices();
  const agents = useAgents(officeId, 'scope');
  return (
    <>
      <Form.Item name="office_id" label="Office" rules={[{ required: true, message: officeMessage }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder="Office"
          loading={offices.isFetching}
          options={(offices.data ?? []).map(officeOption)}
          onChange={() => form.setFieldValue('agent_id', undefined)}
        />
      </Form.Item>
      <Form.Item name="agent_id" label={agentRequired ? 'Agent' : 'Agent (optional)'} rules={agentRequired ? [{ required: true, message: 'Please select option' }] : []}>
        <Select<string>
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder="Agent"
          loading={agents.isFetching}
          options={(agents.data ?? []).map(personOption)}
          onChange={(agentId) => {
            const agent: AgentOption | undefined = agents.data?.find((candidate) => candidate.id === agentId);
            if (agent) form.setFieldValue('office_id', agent.office_id);
          }}
        />
      </Form.Item>
    </>
  );
}
