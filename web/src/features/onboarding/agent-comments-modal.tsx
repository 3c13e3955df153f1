import type { AgentSummaryReportRow, CandidateComment } from '@portal/contracts/onboarding/onboarding.views';
import { useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import { call, queryKey } from '../../app/api-client';
import { AGENT_ROUTES } from './agent-routes';
import { CommentsList } from './CandidateCommentsModal';
import { candidateName } from './candidate-routes';

/**
 * View Comments of an agent (doc 3 §2 Agent Summary's comments modal, §7 agent_comments_log:
 * `data`): the comments of the candidate the agent was, who said what and when, as the server
 * lists them. Read only: comments are added on the Onboarding Summary.
 */
export default function AgentCommentsModal({ agent, onClose }: { agent: AgentSummaryReportRow; onClose: () => void }) {
  const options = { params: { id: agent.id } };
  const answer = useQuery({
    queryKey: queryKey(AGENT_ROUTES.comments, options),
    queryFn: () => call<{ data: CandidateComment[] }>(AGENT_ROUTES.comments, options),
  });
  return (
    <Modal open title={`Comments: ${candidateName(agent)}`} footer={null} onCancel={onClose} destroyOnHidden>
      <CommentsList answer={answer} />
    </Modal>
  );
}
