import { route } from '../../app/api-client';
import RmaForm from './RmaForm';

/**
 * The agent's direct RMA form (agent-rmareport, doc 2 §2, §5): IMEI, reason and the image
 * dropzone. The spec does not say where it goes after; it opens the agent's RMA Status, where the
 * request now shows.
 */
export default function AgentRmaRequestPage() {
  return (
    <RmaForm
      title="RMA Request"
      command={route('POST', '/api/v1/agent/create_rma')}
      reload={[route('GET', '/api/v1/agent/get_rma_device_list'), route('GET', '/api/v1/agent/get_device_list_to_initiate_rma'), route('GET', '/api/v1/agent/agentdashboard')]}
      after="/agent-allrmareport"
      candidates={route('GET', '/api/v1/agent/get_device_list_to_initiate_rma')}
    />
  );
}
