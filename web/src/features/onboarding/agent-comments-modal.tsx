import type { AgentSummaryReportRow, CandidateComment } from '@portal/contracts/onboarding/onboarding.views';
import { useQuery } from '@tanstack/react-query';
import { Empty, Modal, Spin, Typography } from 'antd';
import { call, queryKey } from '../../app/api-client';
import { AGENT_ROUTES } from './agent-routes';
import { candidateName } from './candidate-routes';
import { ONBOARDING_TEXTS } from './onboarding-choices';
import { shownDateTime } from './onboarding-format';

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
  const comments = answer.data?.data ?? [];

  return (
    <Modal open title={`Comments: ${candidateName(agent)}`} footer={null} onCancel={onClose} destroyOnHidden>
      {answer.isError && <Typography.Text type="danger">{answer.error.message}</Typography.Text>}
      {answer.isPending && <Spin />}
      {answer.data && comments.length === 0 && <Empty description={ONBOARDING_TEXTS.noComments} />}
      <ol style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Comments">
        {comments.map((comment, index) => (
          <li key={index} style={{ marginBottom: 12 }}>
            <Typography.Text strong>{comment.commented_by_name || '—'}</Typography.Text> <Typography.Text type="secondary">{shownDateTime(comment.created_at)}</Typography.Text>
            <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{comment.comments}</Typography.Paragraph>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
