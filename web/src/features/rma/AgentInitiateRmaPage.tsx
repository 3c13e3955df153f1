import { route } from '../../app/api-client';
import RmaCandidatesScreen from './RmaCandidatesScreen';

/**
 * The agent's Initiate RMA (agent-Initiaterma, doc 2 §2): the devices the agent holds that an RMA
 * can be asked for, and the drawer (Submit, Reset, per-IMEI cancel). The contracts give the agent
 * no export of this list, so it has no Export Report.
 */
export default function AgentInitiateRmaPage() {
  return (
    <RmaCandidatesScreen
      list={route('GET', '/api/v1/agent/get_device_list_to_initiate_rma')}
      command={route('POST', '/api/v1/agent/rma_device_request')}
      alsoReload={[route('GET', '/api/v1/agent/get_rma_device_list'), route('GET', '/api/v1/agent/agentinventorylistv1'), route('GET', '/api/v1/agent/agentdashboard')]}
      drawer={{ reset: true }}
    />
  );
}
